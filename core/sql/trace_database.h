#pragma once
// SQL over a loaded trace. The model's events, flows and arguments are SQLite
// virtual tables read in place (no copy of the events is made); the small
// tables (tracks, threads, processes, devices, streams) are copied. Views join
// GPU work to its launching call and calls to their enclosing ranges; median,
// stddev and variance are available as aggregates. docs/SQL.md has the schema.
//
// One database serves one thread at a time; interrupt() may be called from any
// thread while a query runs. The trace is shared and read only.

#include "export/table.h"
#include "model/trace.h"

#include <cstddef>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace tracelane {

namespace sql {
class TraceIndex;
}

struct SqlColumn
{
    std::string name;
    bool eventId = false; // the column holds event ids (event.id, flow.from_id, ...), see event_id.h
};

enum class SqlErrorKind {
    None,
    Query,       // the SQL is wrong: syntax, unknown table or column, a bad argument, several statements
    Interrupted, // interrupt() stopped it
    Failed,      // out of memory or another failure of the engine
};

struct SqlStatus
{
    SqlErrorKind kind = SqlErrorKind::None;
    std::string message;

    bool ok() const { return kind == SqlErrorKind::None; }
};

struct SqlResult
{
    std::vector<SqlColumn> columns;
    std::vector<std::vector<Cell>> rows;
    bool truncated = false; // more rows than asked for
    SqlStatus status;

    Table toTable() const;
};

class TraceDatabase
{
public:
    // Throws std::runtime_error when SQLite cannot set the database up.
    explicit TraceDatabase(std::shared_ptr<const Trace> trace);
    ~TraceDatabase();
    TraceDatabase(const TraceDatabase &) = delete;
    TraceDatabase &operator=(const TraceDatabase &) = delete;

    using ColumnsVisitor = std::function<void(const std::vector<SqlColumn> &)>;
    using RowVisitor = std::function<bool(const std::vector<Cell> &)>; // false stops

    // Runs one statement: `columns` once, then `row` for each result row.
    SqlStatus run(std::string_view sql, const ColumnsVisitor &columns, const RowVisitor &row);
    // Whether `sql` is one statement this schema can run, without running it.
    SqlStatus check(std::string_view sql);
    // The first `maxRows` rows of one statement.
    SqlResult query(std::string_view sql, std::size_t maxRows = std::numeric_limits<std::size_t>::max());
    void interrupt();

    const Trace &trace() const { return *m_trace; }

private:
    SqlStatus prepare(std::string_view sql, sqlite3_stmt **statement);

    std::shared_ptr<const Trace> m_trace;
    std::unique_ptr<sql::TraceIndex> m_index;
    sqlite3 *m_db = nullptr;
};

} // namespace tracelane
