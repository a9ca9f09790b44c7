#include "api_summary.h"

namespace tracelane {

namespace {

// nsys shows "cudaLaunchKernel" for the recorded "cudaLaunchKernel_v7000": it cuts
// a "_v" and four more characters from the end. Longer suffixes stay
// ("cudaLaunchKernelExC_v11060").
std::string withoutVersionSuffix(std::string name)
{
    if (name.size() >= 6 && name.compare(name.size() - 6, 2, "_v") == 0)
        name.resize(name.size() - 6);
    return name;
}

} // namespace

NameSummary apiSummary(const Trace &trace)
{
    NameSummary summary = summarizeByName(trace, {EventKind::ApiCall});
    for (NameSummaryRow &row : summary.rows)
        row.name = withoutVersionSuffix(std::move(row.name));
    sortAsNsys(
        summary.rows, [](const NameSummaryRow &r) { return r.stats.total; },
        [](const NameSummaryRow &r) { return r.stats.count; },
        [](const NameSummaryRow &r) -> const std::string & { return r.name; });
    return summary;
}

Table apiSummaryTable(const NameSummary &summary)
{
    return nameSummaryTable(summary, "Num Calls", "Name");
}

} // namespace tracelane
