#pragma once
// Time spent in CUDA runtime and driver API calls, per function name (without
// the "_v7000"-style version suffix, as nsys shows it);
// same definition and row order as `nsys stats -r cuda_api_sum`.

#include "name_summary.h"

namespace tracelane {

NameSummary apiSummary(const Trace &trace);
Table apiSummaryTable(const NameSummary &summary);

} // namespace tracelane
