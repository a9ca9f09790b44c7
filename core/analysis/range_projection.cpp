#include "range_projection.h"

#include "range_containment.h"

#include <algorithm>
#include <limits>
#include <tuple>

namespace tracelane {
namespace {

constexpr std::ptrdiff_t kNoParent = -1;

// Tightest enclosing range on the same thread, as nsys picks the parent:
// smallest (child start - parent start) + (parent end - child end).
std::vector<std::ptrdiff_t> findParents(const std::vector<RangeInstance> &ranges)
{
    std::vector<std::ptrdiff_t> parent(ranges.size(), kNoParent);
    std::vector<std::ptrdiff_t> open;
    for (std::size_t i = 0; i < ranges.size(); ++i) {
        const RangeInstance &r = ranges[i];
        if (i > 0 && ranges[i - 1].thread != r.thread)
            open.clear();
        while (!open.empty() && ranges[open.back()].end < r.start)
            open.pop_back();
        TimeNs best = std::numeric_limits<TimeNs>::max();
        for (auto it = open.rbegin(); it != open.rend(); ++it) {
            const RangeInstance &p = ranges[*it];
            if (p.end < r.end)
                continue;
            const TimeNs tightness = (r.start - p.start) + (p.end - r.end);
            if (tightness < best) {
                best = tightness;
                parent[i] = *it;
            }
        }
        open.push_back(static_cast<std::ptrdiff_t>(i));
    }
    return parent;
}

struct Span
{
    TimeNs start = std::numeric_limits<TimeNs>::max();
    TimeNs end = std::numeric_limits<TimeNs>::min();
    std::int64_t calls = 0;
    EventRef lastCall;
};

} // namespace

RangeProjection projectRanges(const Trace &trace)
{
    RangeProjection projection;
    projection.ranges = collectRanges(trace);
    const auto &ranges = projection.ranges;
    const std::vector<GpuLaunch> launches = collectGpuLaunches(trace);

    std::vector<Span> spans(ranges.size());
    forEachContainingRange(ranges, launches, [&](std::size_t l, std::ptrdiff_t r) {
        if (r < 0)
            return;
        const GpuLaunch &launch = launches[l];
        const Event &op = trace.event(launch.gpuOp);
        Span &span = spans[r];
        span.start = std::min(span.start, op.start);
        span.end = std::max(span.end, op.end());
        if (!(span.lastCall == launch.call)) { // a call's operations are adjacent in `launches`
            ++span.calls;
            span.lastCall = launch.call;
        }
    });

    const std::vector<std::ptrdiff_t> parent = findParents(ranges);
    std::vector<std::int64_t> level(ranges.size(), 0);
    std::vector<std::int64_t> children(ranges.size(), 0);
    for (std::size_t i = 0; i < ranges.size(); ++i) {
        if (parent[i] != kNoParent) {
            level[i] = level[parent[i]] + 1; // parents come first: they start no later and are longer
            if (spans[i].calls)
                ++children[parent[i]];
        }
    }

    for (std::size_t i = 0; i < ranges.size(); ++i) {
        if (!spans[i].calls)
            continue;
        ProjectedRange row;
        row.range = i;
        row.projectedStart = spans[i].start;
        row.projectedEnd = spans[i].end;
        row.gpuOps = spans[i].calls;
        row.level = level[i];
        row.children = children[i];
        row.parentId = parent[i] == kNoParent ? 0 : ranges[parent[i]].id;
        std::vector<std::int64_t> ids;
        for (std::ptrdiff_t p = static_cast<std::ptrdiff_t>(i); p != kNoParent; p = parent[p])
            ids.push_back(ranges[p].id);
        for (auto it = ids.rbegin(); it != ids.rend(); ++it)
            row.stack += ':' + std::to_string(*it);
        projection.rows.push_back(std::move(row));
    }
    std::sort(projection.rows.begin(), projection.rows.end(), [&](const ProjectedRange &a, const ProjectedRange &b) {
        return std::tuple(a.projectedStart, b.projectedDuration(), ranges[a.range].id)
               < std::tuple(b.projectedStart, a.projectedDuration(), ranges[b.range].id);
    });
    return projection;
}

Table rangeProjectionTraceTable(const Trace &trace, const RangeProjection &projection)
{
    Table table;
    table.columns = {"Name",  "Projected Start (ns)", "Projected Duration (ns)", "Orig Start (ns)", "Orig Duration (ns)",
                     "Style", "PID",                  "TID",                     "NumGPUOps",       "Lvl",
                     "NumChild", "RangeId",           "ParentId",                "RangeStack"};
    for (const ProjectedRange &row : projection.rows) {
        const RangeInstance &r = projection.ranges[row.range];
        table.rows.push_back({Cell::text(rangeName(trace, r)), Cell::integer(row.projectedStart),
                              Cell::integer(row.projectedDuration()), Cell::integer(r.start),
                              Cell::integer(r.end - r.start), Cell::text(std::string(rangeStyleName(r.style))),
                              Cell::integer(pidOfThread(trace, r.thread)), Cell::integer(tidOfThread(trace, r.thread)),
                              Cell::integer(row.gpuOps), Cell::integer(row.level), Cell::integer(row.children),
                              Cell::integer(r.id), row.parentId ? Cell::integer(row.parentId) : Cell::empty(),
                              Cell::text(row.stack)});
    }
    return table;
}

} // namespace tracelane
