#pragma once
// Report tables as CSV rows, for tests that compare Tracelane's summaries with
// figures from elsewhere (nsys's own CSV, the Python reference) cell by cell.

#include "export/table.h"

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
