#include "api_summary.h"

namespace tracelane {

std::string apiDisplayName(std::string name)
{
    if (name.size() >= 6 && name.compare(name.size() - 6, 2, "_v") == 0)
        name.resize(name.size() - 6);
    return name;
}

namespace {

NameSummary withDisplayNames(NameSummary summary)
{
    for (NameSummaryRow &row : summary.rows)
        row.name = apiDisplayName(std::move(row.name));
    sortAsNsys(
        summary.rows, [](const NameSummaryRow &r) { return r.stats.total; },
        [](const NameSummaryRow &r) { return r.stats.count; },
        [](const NameSummaryRow &r) -> const std::string & { return r.name; });
    return summary;
}

} // namespace

NameSummary apiSummary(const Trace &trace)
{
    return withDisplayNames(summarizeByName(trace, {EventKind::ApiCall}));
}

NameSummary apiSummary(const std::vector<const Trace *> &traces)
{
    return withDisplayNames(summarizeByName(traces, {EventKind::ApiCall}));
}

Table apiSummaryTable(const NameSummary &summary)
{
    return nameSummaryTable(summary, "Num Calls", "Name");
}

} // namespace tracelane
