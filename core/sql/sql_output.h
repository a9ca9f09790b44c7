#pragma once
// A query's rows written as the CLI prints every table (export/table.h): CSV,
// JSON (an array of objects) or aligned text. Rows are streamed, not held: text
// runs the query twice, the first time for the column widths.

#include "export/table.h"
#include "trace_database.h"

#include <ostream>
#include <string_view>

namespace tracelane {

SqlStatus writeQuery(std::ostream &out, TraceDatabase &database, std::string_view sql, TableFormat format);

} // namespace tracelane
