#pragma once
// The efficiency reports as HolisticTraceAnalysis 0.6 prints them, from the
// trace as HTA sees it (hta_events.h): its columns, microseconds, rounding and
// event selection, so users moving from HTA can check their numbers. Where its
// conventions differ from Tracelane's exact-ns reports is listed in
// docs/ANALYSIS_EFFICIENCY.md.

#include "hta_events.h"

#include "export/table.h"

namespace tracelane {

// get_temporal_breakdown: rank, idle_time(us), compute_time(us), non_compute_time(us),
// kernel_time(us), idle_time_pctg, compute_time_pctg, non_compute_time_pctg
Table htaTemporalBreakdown(const HtaTrace &hta);

// get_gpu_kernel_breakdown's kernel type table: kernel_type, sum, percentage
// (only buckets with time; HTA also lists some zero-length ones).
Table htaKernelTypeBreakdown(const HtaTrace &hta);

// get_comm_comp_overlap: rank, comp_comm_overlap_pctg (empty without communication)
Table htaCommCompOverlap(const HtaTrace &hta);

// get_idle_time_breakdown: rank, stream, idle_category, idle_time, idle_time_ratio
// (streams in ascending order, categories host_wait, kernel_wait, other).
Table htaIdleTimeBreakdown(const HtaTrace &hta, double consecutiveKernelDelayUs = 30);

// get_cuda_kernel_launch_stats: each launch call (cudaLaunchKernel, cudaLaunchKernelExC,
// cudaMemcpyAsync, cudaMemsetAsync) joined with the GPU rows of its correlation id,
// by the call's start, then correlation. Throws std::length_error when the join
// would have more than four rows per event (calls sharing correlation ids).
struct HtaLaunchPair
{
    const HtaEvent *call = nullptr;
    const HtaEvent *op = nullptr;
};
std::vector<HtaLaunchPair> htaLaunchPairs(const Trace &trace, const HtaTrace &hta);
// Its rows, made on demand: correlation, cpu_duration, gpu_duration, launch_delay.
RowSource htaLaunchRows(const std::vector<HtaLaunchPair> &pairs);
// The same rows held in a table.
Table htaCudaKernelLaunchStats(const Trace &trace, const HtaTrace &hta);

} // namespace tracelane
