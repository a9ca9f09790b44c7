#pragma once
// Launch statistics: every kernel, memcpy or memset launch call (CUDA runtime
// and driver, HIP, OpenCL enqueue) with its GPU operation, how long the call
// took on the CPU, how long the work took on the GPU, and how long it waited
// between the two. Definitions in docs/ANALYSIS_EFFICIENCY.md.

#include "model/trace.h"

#include "export/table.h"

#include <string_view>
#include <vector>

namespace tracelane {

// cudaLaunchKernel*, cuLaunchKernel*, cudaMemcpyAsync, hipLaunchKernel, clEnqueueNDRangeKernel, ...
bool isLaunchApi(std::string_view name);

struct LaunchThresholds
{
    TimeNs slowCall = 50'000;       // a call longer than this is slow
    TimeNs delayedLaunch = 100'000; // a launch delay longer than this is delayed
};

struct LaunchRecord
{
    EventRef call;
    EventRef op;
    CorrelationId correlation = 0;
    TimeNs callStart = 0;
    TimeNs cpuDuration = 0;
    TimeNs gpuDuration = 0;
    TimeNs launchDelay = 0; // op start - call end, at least 0; OpenCL: queued -> start
    bool slowCall = false;
    bool delayedLaunch = false;
    bool shortKernel = false; // a kernel shorter on the GPU than its launch call on the CPU
};

// By call start, then call, then op.
std::vector<LaunchRecord> launchRecords(const Trace &trace, const LaunchThresholds &thresholds = {});

struct LaunchDistribution
{
    std::int64_t count = 0;
    double mean = 0.0;
    double median = 0.0; // mean of the two middle values for an even count
    TimeNs p95 = 0;      // nearest rank: sorted[ceil(0.95 n) - 1]
    TimeNs max = 0;
};

struct LaunchSummary
{
    LaunchDistribution cpuDuration, gpuDuration, launchDelay;
    std::int64_t slowCalls = 0, delayedLaunches = 0, shortKernels = 0;
    LaunchThresholds thresholds;
};

LaunchSummary summarizeLaunches(const std::vector<LaunchRecord> &records, const LaunchThresholds &thresholds = {});

// Correlation,API,Name,Stream,CPU Duration (ns),GPU Duration (ns),Launch Delay (ns), made row by row:
// `trace` and `records` must outlive the source.
RowSource launchRows(const Trace &trace, const std::vector<LaunchRecord> &records);
Table launchesTable(const Trace &trace, const std::vector<LaunchRecord> &records); // the same, held
// Statistic,Count,Mean (ns),Median (ns),P95 (ns),Max (ns): one row per duration,
// then one per flag with only its count.
Table launchSummaryTable(const LaunchSummary &summary);

} // namespace tracelane
