#include "trace_database.h"

#include "sql_tables.h"
#include "sql_values.h"
#include "trace_index.h"

#include <sqlite3.h>

#include <cstring>
#include <stdexcept>

namespace tracelane {
namespace {

// Columns that hold event ids, by the table and column they come from
// (SQLite follows views and aliases back to the source).
bool isEventIdColumn(const char *table, const char *column)
{
    if (!table || !column)
        return false;
    const std::string_view t(table), c(column);
    return (t == "event" && (c == "id" || c == "launch_id")) || (t == "flow" && (c == "from_id" || c == "to_id"))
           || (t == "arg" && c == "event_id");
}

// No files: a query cannot attach a database (which would create the file).
int authorize(void *, int action, const char *, const char *, const char *, const char *)
{
    return action == SQLITE_ATTACH || action == SQLITE_DETACH ? SQLITE_DENY : SQLITE_OK;
}

bool onlyWhitespaceAndComments(sqlite3 *db, const char *tail)
{
    sqlite3_stmt *next = nullptr;
    const int rc = sqlite3_prepare_v2(db, tail, -1, &next, nullptr);
    const bool empty = rc == SQLITE_OK && next == nullptr;
    sqlite3_finalize(next);
    return empty;
}

SqlStatus errorOf(sqlite3 *db, int rc)
{
    SqlStatus status;
    status.message = sqlite3_errmsg(db);
    switch (rc & 0xFF) {
    case SQLITE_INTERRUPT: status.kind = SqlErrorKind::Interrupted; break;
    case SQLITE_NOMEM:
    case SQLITE_IOERR:
    case SQLITE_FULL:
    case SQLITE_INTERNAL: status.kind = SqlErrorKind::Failed; break;
    default: status.kind = SqlErrorKind::Query; break;
    }
    return status;
}

} // namespace

Table SqlResult::toTable() const
{
    Table table;
    for (const SqlColumn &c : columns)
        table.columns.push_back(c.name);
    table.rows = rows;
    return table;
}

TraceDatabase::TraceDatabase(std::shared_ptr<const Trace> trace)
    : m_trace(std::move(trace))
    , m_index(std::make_unique<sql::TraceIndex>(m_trace))
{
    const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_MEMORY | SQLITE_OPEN_NOMUTEX;
    if (sqlite3_open_v2(":memory:", &m_db, flags, nullptr) != SQLITE_OK) {
        const std::string message = m_db ? sqlite3_errmsg(m_db) : "out of memory";
        sqlite3_close(m_db);
        throw std::runtime_error("cannot open an SQL database: " + message);
    }
    std::string error;
    if (sql::registerEventTable(m_db, *m_index) != SQLITE_OK || sql::registerFlowTable(m_db, *m_index) != SQLITE_OK
        || sql::registerArgTable(m_db, *m_index) != SQLITE_OK || sql::registerAggregates(m_db) != SQLITE_OK)
        error = sqlite3_errmsg(m_db);
    if (error.empty())
        error = sql::createSmallTables(m_db, *m_index);
    if (error.empty())
        error = sql::createViews(m_db);
    if (!error.empty()) {
        sqlite3_close(m_db);
        throw std::runtime_error("cannot set up the SQL tables: " + error);
    }
    sqlite3_set_authorizer(m_db, authorize, nullptr);
}

TraceDatabase::~TraceDatabase()
{
    sqlite3_close(m_db);
}

void TraceDatabase::interrupt()
{
    sqlite3_interrupt(m_db);
}

SqlStatus TraceDatabase::prepare(std::string_view sql, sqlite3_stmt **statement)
{
    *statement = nullptr;
    if (sql.size() > std::size_t(std::numeric_limits<int>::max()))
        return {SqlErrorKind::Query, "the query is too long"};
    const char *tail = nullptr;
    const int prepared = sqlite3_prepare_v2(m_db, sql.data(), static_cast<int>(sql.size()), statement, &tail);
    if (prepared != SQLITE_OK) {
        SqlStatus status = errorOf(m_db, prepared);
        if (const int offset = sqlite3_error_offset(m_db); offset >= 0)
            status.message += " (at character " + std::to_string(offset + 1) + ")";
        return status;
    }
    if (!*statement)
        return {SqlErrorKind::Query, "the query is empty"};
    // The rest must be empty: a second statement would be silently ignored otherwise.
    const std::string rest(tail, std::size_t(sql.data() + sql.size() - tail));
    if (!onlyWhitespaceAndComments(m_db, rest.c_str())) {
        sqlite3_finalize(*statement);
        *statement = nullptr;
        return {SqlErrorKind::Query, "one statement at a time, please: found another after character "
                                         + std::to_string(tail - sql.data())};
    }
    return {};
}

SqlStatus TraceDatabase::check(std::string_view sql)
{
    sqlite3_stmt *statement = nullptr;
    SqlStatus status = prepare(sql, &statement);
    sqlite3_finalize(statement);
    return status;
}

SqlStatus TraceDatabase::run(std::string_view sql, const ColumnsVisitor &columns, const RowVisitor &row)
{
    sqlite3_stmt *statement = nullptr;
    if (SqlStatus status = prepare(sql, &statement); !status.ok())
        return status;

    const int count = sqlite3_column_count(statement);
    std::vector<SqlColumn> described(std::size_t(count > 0 ? count : 0));
    for (int c = 0; c < count; ++c) {
        const char *name = sqlite3_column_name(statement, c);
        described[std::size_t(c)].name = name ? name : "";
        described[std::size_t(c)].eventId =
            isEventIdColumn(sqlite3_column_table_name(statement, c), sqlite3_column_origin_name(statement, c));
    }
    SqlStatus status;
    try {
        columns(described);
        std::vector<Cell> cells(described.size());
        int rc = SQLITE_ROW;
        while ((rc = sqlite3_step(statement)) == SQLITE_ROW) {
            for (int c = 0; c < count; ++c)
                cells[std::size_t(c)] = sql::cellOf(statement, c);
            if (!row(cells))
                break;
        }
        if (rc != SQLITE_ROW && rc != SQLITE_DONE)
            status = errorOf(m_db, rc);
    } catch (const std::bad_alloc &) {
        status = {SqlErrorKind::Failed, "out of memory"};
    }
    sqlite3_finalize(statement);
    return status;
}

SqlResult TraceDatabase::query(std::string_view sql, std::size_t maxRows)
{
    SqlResult result;
    result.status = run(
        sql, [&](const std::vector<SqlColumn> &columns) { result.columns = columns; },
        [&](const std::vector<Cell> &cells) {
            if (result.rows.size() >= maxRows) {
                result.truncated = true;
                return false;
            }
            result.rows.push_back(cells);
            return true;
        });
    return result;
}

} // namespace tracelane
