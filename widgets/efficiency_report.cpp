#include "efficiency_report.h"

namespace tracelane {

EfficiencyReport efficiencyReport(const Trace &trace)
{
    EfficiencyReport report;
    const std::vector<StreamOps> streams = gpuStreamOps(trace);
    report.gpuTime = gpuTimeBreakdown(trace, streams);
    const std::vector<IdleGap> gaps = idleGaps(trace, streams);
    report.idle = idleByStream(trace, streams, gaps);
    report.longestGaps = longestGaps(gaps, EfficiencyReport::kLongestGaps);
    report.launches = launchRecords(trace);
    report.idleTable = idleTable(report.idle);
    report.overheadsTable = overheadsTable(launchOverheads(trace));
    return report;
}

} // namespace tracelane
