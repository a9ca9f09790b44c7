#pragma once
// Time inside NVTX ranges (and PyTorch record_function ranges) per range name
// and style; same definition and row order as `nsys stats -r nvtx_sum`.
// Names are "domain:text", ":text" in the default domain; marks are not ranges.

#include "range_instances.h"

#include "export/table.h"

#include <vector>

namespace tracelane {

Table rangeSummaryTable(const Trace &trace);
// Over several traces together: one row per range name and style, its
// statistics over the ranges of all traces.
Table rangeSummaryTable(const std::vector<const Trace *> &traces);

} // namespace tracelane
