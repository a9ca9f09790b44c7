#pragma once
// Reading constraint values and result columns the way SQLite compares them.

#include "export/table.h"

#include <sqlite3.h>

#include <cstdint>
#include <optional>
#include <string_view>

namespace tracelane::sql {

// The integer an INTEGER column equals when compared with `value` (numeric
// affinity applied: '42' and 42.0 are 42; 4.5, 'abc' and NULL equal no integer).
std::optional<std::int64_t> exactInteger(sqlite3_value *value);
// A bound for an INTEGER column that the comparison with `value` cannot
// tighten wrongly: floor for a lower bound, ceil for an upper one. Nullopt when
// `value` is not a number (the row check then decides).
std::optional<std::int64_t> lowerBound(sqlite3_value *value);
std::optional<std::int64_t> upperBound(sqlite3_value *value);
// The text a TEXT column is compared with.
std::string_view textOf(sqlite3_value *value);

// A result column as a table cell: integers stay integers, reals keep every
// digit they need (and at least one decimal), NULL is empty.
Cell cellOf(sqlite3_stmt *statement, int column);
Cell realCell(double value);

} // namespace tracelane::sql
