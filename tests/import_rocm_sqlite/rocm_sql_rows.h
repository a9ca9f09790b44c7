#pragma once
// Rows of a query as text, read with sqlite3 alone: the independent reading the
// AMD importer tests compare with. Also unpacking the gzipped RPD fixture.

#include <sqlite3.h>
#include <zlib.h>

#include <cstdio>
#include <string>
#include <vector>

namespace tracelane::test {

using SqlRow = std::vector<std::string>;

inline std::vector<SqlRow> sqlRows(const std::string &path, const std::string &sql)
{
    std::vector<SqlRow> rows;
    sqlite3 *db = nullptr;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt *stmt = nullptr;
        if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK)
            while (sqlite3_step(stmt) == SQLITE_ROW) {
                SqlRow row;
                for (int i = 0; i < sqlite3_column_count(stmt); ++i) {
                    const auto *text = reinterpret_cast<const char *>(sqlite3_column_text(stmt, i));
                    row.emplace_back(text ? text : "");
                }
                rows.push_back(std::move(row));
            }
        sqlite3_finalize(stmt);
    }
    sqlite3_close(db);
    return rows;
}

// Writes the gunzipped content of `gz` to `out`; false on failure.
inline bool gunzipFile(const std::string &gz, const std::string &out)
{
    gzFile in = gzopen(gz.c_str(), "rb");
    if (!in)
        return false;
    std::FILE *file = std::fopen(out.c_str(), "wb");
    char buffer[1 << 16];
    int n = 0;
    bool ok = file != nullptr;
    while (ok && (n = gzread(in, buffer, sizeof buffer)) > 0)
        ok = std::fwrite(buffer, 1, std::size_t(n), file) == std::size_t(n);
    gzclose(in);
    if (file)
        std::fclose(file);
    return ok && n == 0;
}

} // namespace tracelane::test
