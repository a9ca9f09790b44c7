#pragma once
// A read-only SQLite database and its prepared statements, closed on scope exit.
// Opened with `immutable=1`: SQLite then takes no locks and never writes a
// journal or WAL file beside the trace, so loading cannot change the user's file.
// One connection belongs to one importer thread, so it is opened without
// SQLite's per-call mutex. Every failure becomes an ImportError naming the file and what was being read.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace tracelane {

class SqliteStatement
{
public:
    SqliteStatement(sqlite3 *db, sqlite3_stmt *stmt, std::string context);
    ~SqliteStatement();
    SqliteStatement(SqliteStatement &&other) noexcept;
    SqliteStatement(const SqliteStatement &) = delete;
    SqliteStatement &operator=(const SqliteStatement &) = delete;
    SqliteStatement &operator=(SqliteStatement &&) = delete;

    // True while a row is available; throws ImportError on a damaged database.
    bool step();
    bool isNull(int column) const;
    std::int64_t int64(int column) const; // 0 for NULL
    double real(int column) const;
    std::string_view text(int column) const; // empty for NULL; valid until the next step()
    std::uint64_t rowsRead() const { return m_rows; }

private:
    sqlite3 *m_db = nullptr;
    sqlite3_stmt *m_stmt = nullptr;
    std::string m_context; // "'file': table X"
    std::uint64_t m_rows = 0;
};

class SqliteDb
{
public:
    explicit SqliteDb(const std::string &path); // throws ImportError
    ~SqliteDb();
    SqliteDb(const SqliteDb &) = delete;
    SqliteDb &operator=(const SqliteDb &) = delete;

    const std::string &path() const { return m_path; }
    // `what` names the data being read in error messages ("table NVTX_EVENTS").
    SqliteStatement prepare(std::string_view sql, std::string_view what);

    std::vector<std::string> tables();
    bool hasTable(std::string_view name);
    std::vector<std::string> columns(std::string_view table);
    std::uint64_t rowCount(std::string_view table);

private:
    std::string m_path;
    sqlite3 *m_db = nullptr;
    std::vector<std::string> m_tables;
    bool m_tablesRead = false;
};

// "file:" URI for `path` with the characters URIs reserve escaped ('#', '?', '%'
// would otherwise end the path or start an escape), opened read-only and
// immutable: no lock, journal, -wal or -shm file is ever made beside the trace.
std::string sqliteReadOnlyUri(const std::string &path);

} // namespace tracelane
