#pragma once
// A pivot result as a table: one column per dimension, then Level, Count,
// Total, Self, Mean, Min, Max (ns); rows depth-first, a group before its
// subgroups. The CLI prints it; the GUI's Export CSV writes it.

#include "pivot_table.h"

#include "export/table.h"

namespace tracelane {

Table pivotTable(const PivotResult &result);

} // namespace tracelane
