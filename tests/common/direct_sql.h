#pragma once
// SQL run on a database with sqlite3 alone, not through Tracelane: the
// independent path that importer tests compare their numbers with, and the
// way edge-case databases are written.

#include <sqlite3.h>

#include <map>
#include <string>

namespace tracelane::test {

// The first column of the first row as an integer; -1 if the query fails.
inline long long sqlValue(const std::string &path, const std::string &sql)
{
    sqlite3 *db = nullptr;
    long long value = -1;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt *stmt = nullptr;
        if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK && sqlite3_step(stmt) == SQLITE_ROW)
            value = sqlite3_column_int64(stmt, 0);
        sqlite3_finalize(stmt);
    }
    sqlite3_close(db);
    return value;
}

// Rows of (text, integer), keyed by the text.
inline std::map<std::string, long long> sqlCounts(const std::string &path, const std::string &sql)
{
    std::map<std::string, long long> out;
    sqlite3 *db = nullptr;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt *stmt = nullptr;
        if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK)
            while (sqlite3_step(stmt) == SQLITE_ROW)
                out[reinterpret_cast<const char *>(sqlite3_column_text(stmt, 0))] = sqlite3_column_int64(stmt, 1);
        sqlite3_finalize(stmt);
    }
    sqlite3_close(db);
    return out;
}

// Runs statements on a database it creates if needed; the error text, empty on success.
inline std::string execSql(const std::string &path, const std::string &sql)
{
    sqlite3 *db = nullptr;
    if (sqlite3_open(path.c_str(), &db) != SQLITE_OK) {
        sqlite3_close(db);
        return "cannot open " + path;
    }
    char *error = nullptr;
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
    std::string message = rc == SQLITE_OK ? std::string() : std::string(error ? error : "failed");
    sqlite3_free(error);
    sqlite3_close(db);
    return message;
}

} // namespace tracelane::test
