#pragma once
// GPU time of memcpys and memsets per operation ("[CUDA memset]", ...);
// same definition and row order as `nsys stats -r cuda_gpu_mem_time_sum`.

#include "name_summary.h"

namespace tracelane {

NameSummary gpuMemTimeSummary(const Trace &trace);
Table gpuMemTimeSummaryTable(const NameSummary &summary);

} // namespace tracelane
