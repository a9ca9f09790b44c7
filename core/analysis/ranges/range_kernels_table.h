#pragma once
// What `tracelane-cli range` and the range details panel list: the instances
// of a range (or CPU op) by name, and one row per GPU operation it launched.

#include "range_kernels.h"

#include "export/table.h"

#include <string_view>
#include <vector>

namespace tracelane {

// Ranges and CPU ops on thread tracks called `name`, in start order (then by
// track). `name` is the text ("Iteration 3") or, for ranges, the
// "domain:text" form nsys reports use (":Iteration 3").
std::vector<EventRef> findRangesNamed(const Trace &trace, std::string_view name);

// Name, Kind, Stream, Device, Start (ns), Duration (ns), Grid, Block, Correlation.
Table gpuOpsTable(const Trace &trace, const std::vector<EventRef> &ops);
Table launchedTable(const Trace &trace, const RangeKernels &kernels);

} // namespace tracelane
