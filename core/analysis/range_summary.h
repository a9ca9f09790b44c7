#pragma once
// Time inside NVTX ranges (and PyTorch record_function ranges) per range name
// and style; same definition and row order as `nsys stats -r nvtx_sum`.
// Names are "domain:text", ":text" in the default domain; marks are not ranges.

#include "range_instances.h"

#include "export/table.h"

namespace tracelane {

Table rangeSummaryTable(const Trace &trace);

} // namespace tracelane
