#pragma once
// Reads a table whatever columns this nsys version wrote: asks PRAGMA table_info
// which of the wanted columns exist and selects NULL in place of the others, so
// rows are always read by the same fixed index and never by name.
//
// E.g. wanted {start, end, textId} of a table without textId gives
//   SELECT "start", "end", NULL FROM "NVTX_EVENTS"      missing = {textId}

#include "sqlite_db.h"

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace tracelane {

struct ColumnSelect
{
    std::string sql;
    std::vector<bool> present;        // per wanted column
    std::vector<std::string> missing; // names of the wanted columns the table lacks
    bool has(int column) const { return present[static_cast<std::size_t>(column)]; }
};

// `tail` is appended after FROM, e.g. "WHERE eventType = 75".
ColumnSelect selectColumns(SqliteDb &db, std::string_view table, std::initializer_list<std::string_view> wanted,
                           std::string_view tail = {});

} // namespace tracelane
