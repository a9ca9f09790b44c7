#pragma once
// Running SQL in tests: a database per trace, results as CSV text or rows of strings.

#include "sql/sql_output.h"
#include "sql/trace_database.h"

#include <QString>
#include <QStringList>

#include <map>
#include <memory>
#include <sstream>

namespace tracelane::test {

// One database per trace for the whole test program (setting one up indexes the tracks).
inline TraceDatabase &databaseFor(const std::shared_ptr<const Trace> &trace)
{
    static std::map<const Trace *, std::unique_ptr<TraceDatabase>> databases;
    auto &slot = databases[trace.get()];
    if (!slot)
        slot = std::make_unique<TraceDatabase>(trace);
    return *slot;
}

// The query's CSV output, as `tracelane-cli sql --format csv` prints it; `error` gets SQLite's message.
inline QString sqlCsv(TraceDatabase &database, const QString &sql, QString *error = nullptr)
{
    std::ostringstream out;
    const SqlStatus status = writeQuery(out, database, sql.toStdString(), TableFormat::Csv);
    if (error)
        *error = QString::fromStdString(status.message);
    return status.ok() ? QString::fromStdString(out.str()) : QString();
}

// Every row as text cells (no header).
inline QList<QStringList> sqlRows(TraceDatabase &database, const QString &sql, QString *error = nullptr)
{
    const SqlResult result = database.query(sql.toStdString());
    if (error)
        *error = QString::fromStdString(result.status.message);
    QList<QStringList> rows;
    for (const auto &row : result.rows) {
        QStringList cells;
        for (const Cell &cell : row)
            cells << QString::fromStdString(cell.toString());
        rows << cells;
    }
    return rows;
}

} // namespace tracelane::test
