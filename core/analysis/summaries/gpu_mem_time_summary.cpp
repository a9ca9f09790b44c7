#include "gpu_mem_time_summary.h"

namespace tracelane {

NameSummary gpuMemTimeSummary(const Trace &trace)
{
    return summarizeByName(trace, {EventKind::Memcpy, EventKind::Memset});
}

Table gpuMemTimeSummaryTable(const NameSummary &summary)
{
    return nameSummaryTable(summary, "Count", "Operation");
}

} // namespace tracelane
