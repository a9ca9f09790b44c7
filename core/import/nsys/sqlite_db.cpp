#include "sqlite_db.h"

#include "import/import_error.h"

#include <algorithm>
#include <sqlite3.h>

namespace tracelane {

std::string sqliteReadOnlyUri(const std::string &path)
{
    static constexpr char kHex[] = "0123456789ABCDEF";
    // An absolute path gets an empty authority ("file:///tmp/x"): "file:" + "//host/x"
    // would read "host" as one.
    std::string uri = path.starts_with('/') ? "file://" : "file:";
    for (const char c : path) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '%' || c == '?' || c == '#' || u < 0x20 || u >= 0x7F) {
            uri += '%';
            uri += kHex[u >> 4];
            uri += kHex[u & 0xF];
        } else {
            uri += c;
        }
    }
    return uri + "?mode=ro&immutable=1";
}

namespace {

// What a failing SQLite call means for the user.
std::string explain(sqlite3 *db, int rc)
{
    std::string why = sqlite3_errmsg(db);
    const int primary = rc & 0xFF;
    if (primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB || primary == SQLITE_IOERR)
        why += " (the database is damaged or incomplete)";
    return why;
}

} // namespace

SqliteStatement::SqliteStatement(sqlite3 *db, sqlite3_stmt *stmt, std::string context)
    : m_db(db), m_stmt(stmt), m_context(std::move(context))
{
}

SqliteStatement::~SqliteStatement()
{
    sqlite3_finalize(m_stmt);
}

SqliteStatement::SqliteStatement(SqliteStatement &&other) noexcept
    : m_db(other.m_db), m_stmt(other.m_stmt), m_context(std::move(other.m_context)), m_rows(other.m_rows)
{
    other.m_stmt = nullptr;
}

bool SqliteStatement::step()
{
    const int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_ROW) {
        ++m_rows;
        return true;
    }
    if (rc == SQLITE_DONE)
        return false;
    throw ImportError(m_context + ", row " + std::to_string(m_rows + 1) + ": " + explain(m_db, rc));
}

bool SqliteStatement::isNull(int column) const
{
    return sqlite3_column_type(m_stmt, column) == SQLITE_NULL;
}

std::int64_t SqliteStatement::int64(int column) const
{
    return sqlite3_column_int64(m_stmt, column);
}

double SqliteStatement::real(int column) const
{
    return sqlite3_column_double(m_stmt, column);
}

std::string_view SqliteStatement::text(int column) const
{
    const auto *p = reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, column));
    if (!p)
        return {};
    return {p, static_cast<std::size_t>(sqlite3_column_bytes(m_stmt, column))};
}

SqliteDb::SqliteDb(const std::string &path)
    : m_path(path)
{
    const std::string uri = sqliteReadOnlyUri(path);
    const int flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX;
    const int rc = sqlite3_open_v2(uri.c_str(), &m_db, flags, nullptr);
    if (rc != SQLITE_OK) {
        const std::string why = m_db ? sqlite3_errmsg(m_db) : sqlite3_errstr(rc);
        sqlite3_close(m_db);
        m_db = nullptr;
        throw ImportError("cannot open '" + path + "' as an SQLite database: " + why);
    }
}

SqliteDb::~SqliteDb()
{
    sqlite3_close(m_db);
}

SqliteStatement SqliteDb::prepare(std::string_view sql, std::string_view what)
{
    sqlite3_stmt *stmt = nullptr;
    const int rc = sqlite3_prepare_v2(m_db, sql.data(), static_cast<int>(sql.size()), &stmt, nullptr);
    std::string context = "'" + m_path + "': " + std::string(what);
    if (rc != SQLITE_OK) {
        sqlite3_finalize(stmt);
        throw ImportError(context + ": " + explain(m_db, rc));
    }
    return SqliteStatement(m_db, stmt, std::move(context));
}

std::vector<std::string> SqliteDb::tables()
{
    if (!m_tablesRead) {
        SqliteStatement q = prepare("SELECT name FROM sqlite_master WHERE type IN ('table','view')", "the table list");
        while (q.step())
            m_tables.emplace_back(q.text(0));
        m_tablesRead = true;
    }
    return m_tables;
}

bool SqliteDb::hasTable(std::string_view name)
{
    tables();
    return std::find(m_tables.begin(), m_tables.end(), name) != m_tables.end();
}

std::vector<std::string> SqliteDb::columns(std::string_view table)
{
    std::vector<std::string> names;
    SqliteStatement q = prepare("PRAGMA table_info(\"" + std::string(table) + "\")", "columns of " + std::string(table));
    while (q.step())
        names.emplace_back(q.text(1));
    return names;
}

std::uint64_t SqliteDb::rowCount(std::string_view table)
{
    SqliteStatement q = prepare("SELECT count(*) FROM \"" + std::string(table) + "\"", "table " + std::string(table));
    return q.step() ? static_cast<std::uint64_t>(q.int64(0)) : 0;
}

} // namespace tracelane
