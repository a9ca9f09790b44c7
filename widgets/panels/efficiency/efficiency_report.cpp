#include "panels/efficiency/efficiency_report.h"

namespace tracelane {

EfficiencyReport efficiencyReport(const Trace &trace)
{
    EfficiencyReport report;
    const std::vector<StreamOps> streams = gpuStreamOps(trace);
    report.gpuTime = gpuTimeBreakdown(trace, streams);
    const std::vector<IdleGap> gaps = idleGaps(trace, streams);
    report.idle = idleByStream(trace, streams, gaps);
    report.longestGaps = longestGaps(gaps, EfficiencyReport::kLongestGaps);
    const std::vector<LaunchRecord> launches = launchRecords(trace);
    report.launchSummary = summarizeLaunches(launches);
    report.launchDelays = charts::launchDelayHistogram(launches, report.launchSummary.thresholds.delayedLaunch);
    report.idleTable = idleTable(report.idle);
    report.overheadsTable = overheadsTable(launchOverheads(trace));
    return report;
}

} // namespace tracelane
