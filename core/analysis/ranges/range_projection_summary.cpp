#include "range_projection_summary.h"
#include "model/time_math.h"

#include "analysis/summaries/duration_stats.h"
#include "analysis/summaries/name_summary.h"
#include "analysis/summaries/nsys_number.h"

#include <map>

namespace tracelane {

namespace {

struct Group
{
    std::string name;
    RangeStyle style = RangeStyle::PushPop;
    std::vector<TimeNs> projected;
    TimeNs rangeTime = 0;
    std::int64_t gpuOps = 0, levels = 0, children = 0;
    DurationStats stats;
};

double average(std::int64_t sum, std::int64_t count)
{
    return count ? double(sum) / double(count) : 0.0;
}

} // namespace

Table rangeProjectionSummaryTable(const Trace &trace, const RangeProjection &projection)
{
    std::map<std::pair<std::string, RangeStyle>, Group> byName;
    for (const ProjectedRange &row : projection.rows) {
        const RangeInstance &r = projection.ranges[row.range];
        std::string name = rangeName(trace, r);
        Group &g = byName[{name, r.style}];
        g.name = std::move(name);
        g.style = r.style;
        g.projected.push_back(row.projectedDuration());
        g.rangeTime = saturatingAdd(g.rangeTime, r.end - r.start);
        g.gpuOps += row.gpuOps;
        g.levels += row.level;
        g.children += row.children;
    }
    std::vector<Group> groups;
    groups.reserve(byName.size());
    for (auto &[key, g] : byName) {
        g.stats = computeDurationStats(g.projected);
        groups.push_back(std::move(g));
    }
    sortAsNsys(
        groups, [](const Group &g) { return g.stats.total; }, [](const Group &g) { return g.stats.count; },
        [](const Group &g) -> const std::string & { return g.name; });

    Table table;
    table.columns = {"Range",          "Style",          "Total Proj Time (ns)", "Total Range Time (ns)",
                     "Range Instances", "Proj Avg (ns)", "Proj Med (ns)",        "Proj Min (ns)",
                     "Proj Max (ns)",  "Proj StdDev (ns)", "Total GPU Ops",      "Avg GPU Ops",
                     "Avg Range Lvl",  "Avg Num Child"};
    for (const Group &g : groups) {
        const DurationStats &s = g.stats;
        table.rows.push_back({Cell::text(g.name), Cell::text(std::string(rangeStyleName(g.style))),
                              Cell::integer(s.total), Cell::integer(g.rangeTime), Cell::integer(s.count),
                              nsysFixed(s.average), nsysFixed(s.median), Cell::integer(s.min),
                              Cell::integer(s.max), nsysFixed(s.stddev), Cell::integer(g.gpuOps),
                              nsysFixed(average(g.gpuOps, s.count)), nsysFixed(average(g.levels, s.count)),
                              nsysFixed(average(g.children, s.count))});
    }
    return table;
}

} // namespace tracelane
