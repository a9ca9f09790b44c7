#pragma once
// Report tables as CSV rows, for tests that compare Tracelane's summaries with
// figures from elsewhere (nsys's own CSV, the Python reference) cell by cell.

#include "export/table.h"

#include <QFile>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <sstream>

namespace tracelane::test {

// RFC 4180 fields as nsys writes them: quoted when they hold a comma or quote.
inline QList<QStringList> parseCsv(const QString &text)
{
    QList<QStringList> rows;
    QStringList row;
    QString field;
    bool quoted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == QLatin1Char('"') && i + 1 < text.size() && text[i + 1] == QLatin1Char('"'))
                field += text[++i];
            else if (c == QLatin1Char('"'))
                quoted = false;
            else
                field += c;
        } else if (c == QLatin1Char('"')) {
            quoted = true;
        } else if (c == QLatin1Char(',')) {
            row << field;
            field.clear();
        } else if (c == QLatin1Char('\n')) {
            row << field;
            rows << row;
            row.clear();
            field.clear();
        } else if (c != QLatin1Char('\r')) {
            field += c;
        }
    }
    if (!field.isEmpty() || !row.isEmpty())
        rows << (row << field);
    return rows;
}

using CsvRow = QHash<QString, QString>;

// The data rows of a CSV file (such as shared/traces/nsys/expected/*.csv),
// keyed by the header's column names; empty if the file cannot be read.
inline QList<CsvRow> readExpectedCsv(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QList<QStringList> rows = parseCsv(QString::fromUtf8(file.readAll()));
    QList<CsvRow> result;
    for (qsizetype r = 1; r < rows.size(); ++r) {
        if (rows[r].size() == 1 && rows[r][0].isEmpty())
            continue; // a blank line
        CsvRow keyed;
        for (qsizetype c = 0; c < rows[0].size() && c < rows[r].size(); ++c)
            keyed.insert(rows[0][c], rows[r][c]);
        result << keyed;
    }
    return result;
}

inline QString csvText(const Table &table)
{
    std::ostringstream out;
    writeCsv(out, table);
    return QString::fromStdString(out.str());
}

// Columns nsys derives by division (percentages, averages, deviations): they
// are compared within 0.1, everything else exactly.
inline bool isRoundedColumn(const QString &column)
{
    return column.startsWith(QLatin1String("Time (%)")) || column.contains(QLatin1String("Avg"))
        || column.contains(QLatin1String("StdDev"));
}

} // namespace tracelane::test
