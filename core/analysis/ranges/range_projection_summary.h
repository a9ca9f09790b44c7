#pragma once
// Projected ranges summed per range name and style; same definition and row
// order as `nsys stats -r nvtx_gpu_proj_sum` (projected durations' statistics,
// total original range time, GPU operations and the average level and number
// of listed children; total projected time descending).

#include "range_projection.h"

namespace tracelane {

Table rangeProjectionSummaryTable(const Trace &trace, const RangeProjection &projection);

} // namespace tracelane
