#include "sqlite_columns.h"

#include <algorithm>

namespace tracelane {

ColumnSelect selectColumns(SqliteDb &db, std::string_view table, std::initializer_list<std::string_view> wanted,
                           std::string_view tail)
{
    const std::vector<std::string> existing = db.columns(table);
    ColumnSelect select;
    select.sql = "SELECT ";
    bool first = true;
    for (const std::string_view column : wanted) {
        const bool present = std::find(existing.begin(), existing.end(), column) != existing.end();
        select.present.push_back(present);
        if (!present)
            select.missing.emplace_back(column);
        select.sql += first ? "" : ", ";
        select.sql += present ? "\"" + std::string(column) + "\"" : std::string("NULL");
        first = false;
    }
    select.sql += " FROM \"" + std::string(table) + "\"";
    if (!tail.empty())
        select.sql += " " + std::string(tail);
    return select;
}

} // namespace tracelane
