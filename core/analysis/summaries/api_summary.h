#pragma once
// Time spent in CUDA runtime and driver API calls, per function name (without
// the "_v7000"-style version suffix, as nsys shows it);
// same definition and row order as `nsys stats -r cuda_api_sum`.

#include "name_summary.h"

namespace tracelane {

NameSummary apiSummary(const Trace &trace);
// Over several traces together (see summarizeByName).
NameSummary apiSummary(const std::vector<const Trace *> &traces);

// An API call's name as nsys shows it: a "_v" plus four characters cut from the
// end ("cudaLaunchKernel_v7000" -> "cudaLaunchKernel"); longer suffixes stay.
std::string apiDisplayName(std::string name);
Table apiSummaryTable(const NameSummary &summary);

} // namespace tracelane
