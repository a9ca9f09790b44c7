#include "sqlite_mutator.h"

#include <array>
#include <cstring>
#include <sqlite3.h>
#include <string>
#include <vector>

namespace tracelane::fuzz {
namespace {

// Deterministic for a seed, so a mutation can be replayed.
class Rng
{
public:
    explicit Rng(unsigned seed) : m_state(seed * 2654435761u + 1) {}
    std::uint32_t below(std::uint32_t n)
    {
        m_state = m_state * 1664525u + 1013904223u;
        return n ? (m_state >> 8) % n : 0;
    }

private:
    std::uint32_t m_state;
};

std::string quoted(const std::string &name)
{
    std::string q = "\"";
    for (const char c : name)
        q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

std::vector<std::string> column0(sqlite3 *db, const std::string &sql, int column = 0)
{
    std::vector<std::string> out;
    sqlite3_stmt *stmt = nullptr;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK) {
        while (sqlite3_step(stmt) == SQLITE_ROW)
            if (const unsigned char *text = sqlite3_column_text(stmt, column))
                out.emplace_back(reinterpret_cast<const char *>(text));
    }
    sqlite3_finalize(stmt);
    return out;
}

// Values that integer columns of real exports never hold, and some they do.
constexpr std::array<const char *, 18> kValues{
    "NULL", "'text'", "''", "x'00ff'", "1.5", "-1", "0", "9223372036854775807", "-9223372036854775808",
    "4294967296", "2147483647", "-2147483648", "1e300", "'12abc'", "'-0'", "-1e300", "281474976710656",
    "'\xff\xfe'"};

std::string mutation(Rng &rng, const std::string &table, const std::vector<std::string> &columns, bool &vacuum)
{
    const std::string t = quoted(table);
    const std::string c = columns.empty() ? "rowid" : quoted(columns[rng.below(std::uint32_t(columns.size()))]);
    const std::string other = columns.empty() ? "rowid" : quoted(columns[rng.below(std::uint32_t(columns.size()))]);
    const std::uint32_t k = std::array<std::uint32_t, 4>{1, 2, 3, 7}[rng.below(4)];
    const std::string rows = " WHERE rowid % " + std::to_string(k) + " = " + std::to_string(rng.below(k));
    auto has = [&](const char *name) {
        for (const std::string &col : columns)
            if (col == name)
                return true;
        return false;
    };
    switch (rng.below(13)) {
    case 0:
        return "UPDATE " + t + " SET " + c + " = " + kValues[rng.below(kValues.size())] + rows;
    case 1:
        return "UPDATE " + t + " SET " + c + " = NULL" + rows;
    case 2: // ends before starts
        if (has("start") && has("end"))
            return "UPDATE " + t + " SET \"end\" = start - " + std::to_string(1 + rng.below(1000000)) + rows;
        return "UPDATE " + t + " SET " + c + " = -" + c + rows;
    case 3:
        return "UPDATE " + t + " SET " + c + " = " + (rng.below(2) ? "9223372036854775807" : "-9223372036854775808")
               + rows;
    case 4:
        return "ALTER TABLE " + t + " DROP COLUMN " + c;
    case 5:
        return "ALTER TABLE " + t + " RENAME COLUMN " + c + " TO " + quoted("x" + std::to_string(rng.below(100)));
    case 6:
        vacuum = true;
        return "DROP TABLE " + t;
    case 7: // keep few rows: small inputs run fast
        vacuum = true;
        return "DELETE FROM " + t + " WHERE rowid % " + std::to_string(k + 1) + " != 0";
    case 8:
        return "INSERT INTO " + t + " SELECT * FROM " + t + " LIMIT 64";
    case 9:
        return "UPDATE " + t + " SET " + c + " = " + other + ", " + other + " = " + c + rows;
    case 10:
        return "ALTER TABLE " + t + " RENAME TO " + quoted(table + "_" + std::to_string(rng.below(10)));
    case 11: // dangling or repeated references
        return "UPDATE " + t + " SET " + c + " = " + other + rows;
    default: {
        static constexpr const char *kScales[] = {" * 1000", " * -1", " * 1000000007", " + 4611686018427387904",
                                                  " - 4611686018427387904", " / 3"};
        return "UPDATE " + t + " SET " + c + " = " + c + kScales[rng.below(6)] + rows;
    }
    }
}

} // namespace

std::size_t mutateDatabase(std::uint8_t *data, std::size_t size, std::size_t maxSize, unsigned seed)
{
    static constexpr char kMagic[] = "SQLite format 3";
    if (size < 512 || std::memcmp(data, kMagic, sizeof(kMagic)) != 0)
        return 0;
    sqlite3 *db = nullptr;
    if (sqlite3_open(":memory:", &db) != SQLITE_OK) {
        sqlite3_close(db);
        return 0;
    }
    auto *copy = static_cast<unsigned char *>(sqlite3_malloc64(size));
    std::memcpy(copy, data, size);
    if (sqlite3_deserialize(db, "main", copy, sqlite3_int64(size), sqlite3_int64(size),
                            SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE)
        != SQLITE_OK) {
        sqlite3_close(db);
        return 0;
    }
    const std::vector<std::string> tables =
        column0(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'");
    std::size_t result = 0;
    if (!tables.empty()) {
        Rng rng(seed);
        bool vacuum = false;
        bool changed = false;
        for (std::uint32_t n = 1 + rng.below(3); n > 0; --n) {
            const std::string &table = tables[rng.below(std::uint32_t(tables.size()))];
            const std::vector<std::string> columns = column0(db, "PRAGMA table_info(" + quoted(table) + ")", 1);
            const std::string sql = mutation(rng, table, columns, vacuum);
            changed = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK || changed;
        }
        if (vacuum)
            sqlite3_exec(db, "VACUUM", nullptr, nullptr, nullptr);
        sqlite3_int64 bytes = 0;
        unsigned char *out = changed ? sqlite3_serialize(db, "main", &bytes, 0) : nullptr;
        if (out && bytes > 0 && std::size_t(bytes) <= maxSize) {
            std::memcpy(data, out, std::size_t(bytes));
            result = std::size_t(bytes);
        }
        sqlite3_free(out);
    }
    sqlite3_close(db);
    return result;
}

} // namespace tracelane::fuzz
