#pragma once
// Reads the `nsys stats` CSV files in shared/traces/nsys/expected as a list of
// rows keyed by column name (RFC 4180 quoting, as nsys writes it).

#include <QFile>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

namespace tracelane::test {

using CsvRow = QHash<QString, QString>;

inline QList<CsvRow> readExpectedCsv(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QString text = QString::fromUtf8(file.readAll());
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
            rows << (row << field);
            row.clear();
            field.clear();
        } else if (c != QLatin1Char('\r')) {
            field += c;
        }
    }
    if (!field.isEmpty() || !row.isEmpty())
        rows << (row << field);
    QList<CsvRow> result;
    for (qsizetype r = 1; r < rows.size(); ++r) {
        CsvRow keyed;
        for (qsizetype c = 0; c < rows[0].size() && c < rows[r].size(); ++c)
            keyed.insert(rows[0][c], rows[r][c]);
        result << keyed;
    }
    return result;
}

} // namespace tracelane::test
