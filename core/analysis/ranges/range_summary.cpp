#include "range_summary.h"
#include "model/time_math.h"

#include "analysis/summaries/duration_stats.h"
#include "analysis/summaries/name_summary.h"
#include "analysis/summaries/nsys_number.h"

#include <map>
#include <tuple>

namespace tracelane {

namespace {

struct Group
{
    std::string name;
    RangeStyle style = RangeStyle::PushPop;
    std::vector<TimeNs> durations;
    DurationStats stats;
};
using Groups = std::map<std::pair<std::string, RangeStyle>, Group>; // different ids may share a text

void addRanges(const Trace &trace, Groups &byName)
{
    // Keyed by ids first: one string per distinct name, not per range.
    std::map<std::tuple<StringId, StringId, RangeStyle>, std::vector<TimeNs>> byId;
    for (const RangeInstance &r : collectRanges(trace))
        byId[{r.domain, r.text, r.style}].push_back(r.end - r.start);
    for (auto &[key, durations] : byId) {
        const auto &[domain, text, style] = key;
        RangeInstance named;
        named.domain = domain;
        named.text = text;
        std::string name = rangeName(trace, named);
        Group &g = byName[{name, style}];
        g.name = std::move(name);
        g.style = style;
        g.durations.insert(g.durations.end(), durations.begin(), durations.end());
    }
}

Table summaryTable(Groups &byName)
{
    std::vector<Group> groups;
    TimeSum sum;
    for (auto &[key, g] : byName) {
        g.stats = computeDurationStats(g.durations);
        sum += g.stats.total;
        groups.push_back(std::move(g));
    }
    const TimeNs total = sum.saturated();
    sortAsNsys(
        groups, [](const Group &g) { return g.stats.total; }, [](const Group &g) { return g.stats.count; },
        [](const Group &g) -> const std::string & { return g.name; });

    Table table;
    table.columns = {"Time (%)", "Total Time (ns)", "Instances",   "Avg (ns)", "Med (ns)",
                     "Min (ns)", "Max (ns)",        "StdDev (ns)", "Style",    "Range"};
    for (const Group &g : groups) {
        const DurationStats &s = g.stats;
        const double percent = total ? 100.0 * double(s.total) / double(total) : 0.0;
        table.rows.push_back({nsysFixed(percent), Cell::integer(s.total), Cell::integer(s.count),
                              nsysFixed(s.average), nsysFixed(s.median), Cell::integer(s.min),
                              Cell::integer(s.max), nsysFixed(s.stddev),
                              Cell::text(std::string(rangeStyleName(g.style))), Cell::text(g.name)});
    }
    return table;
}

} // namespace

Table rangeSummaryTable(const Trace &trace)
{
    Groups byName;
    addRanges(trace, byName);
    return summaryTable(byName);
}

Table rangeSummaryTable(const std::vector<const Trace *> &traces)
{
    Groups byName;
    for (const Trace *trace : traces)
        if (trace)
            addRanges(*trace, byName);
    return summaryTable(byName);
}

} // namespace tracelane
