#pragma once
// Everything the Efficiency dock shows for one trace, computed in one go on a
// worker thread from the core's efficiency analyses (docs/ANALYSIS_EFFICIENCY.md).

#include "launch_delay_histogram.h"

#include "analysis/efficiency/gpu_time.h"
#include "analysis/efficiency/idle_causes.h"
#include "analysis/efficiency/launch_overheads.h"
#include "analysis/efficiency/launch_stats.h"

#include <vector>

namespace tracelane {

struct EfficiencyReport
{
    static constexpr std::size_t kLongestGaps = 100;

    GpuTimeBreakdown gpuTime;
    std::vector<StreamIdle> idle;     // one row per stream with GPU operations
    std::vector<IdleGap> longestGaps; // at most kLongestGaps, longest first
    // Only the counts: a trace can have millions of launches.
    charts::LaunchDelayHistogram launchDelays;
    LaunchSummary launchSummary;
    Table idleTable;      // as `tracelane-cli idle`
    Table overheadsTable; // as `tracelane-cli overheads`

    bool hasGpuWork() const { return !gpuTime.devices.empty(); }
};

EfficiencyReport efficiencyReport(const Trace &trace);

} // namespace tracelane
