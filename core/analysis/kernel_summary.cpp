#include "kernel_summary.h"

namespace tracelane {

NameSummary kernelSummary(const Trace &trace)
{
    return summarizeByName(trace, {EventKind::Kernel});
}

Table kernelSummaryTable(const NameSummary &summary)
{
    return nameSummaryTable(summary, "Instances", "Name");
}

} // namespace tracelane
