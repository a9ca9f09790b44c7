#pragma once
// The critical path as tables for the CLI and the panels.

#include "critical_path.h"

#include "export/table.h"

namespace tracelane {

// Category,Time (ns),Share (%): every category, in PathCategory order.
Table criticalPathTable(const CriticalPath &path);

// Id,Kind,Name,Start (ns),Duration (ns),On Path (ns),Edge: the path's stretches
// in order; Start and Duration are the event's own, as the trace has them.
Table criticalPathEventsTable(const Trace &trace, const CriticalPath &path);

// Category,Before (ns),After (ns),Change (ns),Share After (%): a first row
// "Critical path" with both lengths, then every category.
Table whatIfTable(const CriticalPath &before, const CriticalPath &after);

} // namespace tracelane
