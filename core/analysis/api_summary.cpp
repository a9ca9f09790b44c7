#include "api_summary.h"

namespace tracelane {

std::string apiDisplayName(std::string name)
{
    if (name.size() >= 6 && name.compare(name.size() - 6, 2, "_v") == 0)
        name.resize(name.size() - 6);
    return name;
}

NameSummary apiSummary(const Trace &trace)
{
    NameSummary summary = summarizeByName(trace, {EventKind::ApiCall});
    for (NameSummaryRow &row : summary.rows)
        row.name = apiDisplayName(std::move(row.name));
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
