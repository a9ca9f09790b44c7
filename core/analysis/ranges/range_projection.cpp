#include "range_projection.h"

#include "range_containment.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <tuple>
#include <utility>

namespace tracelane {
namespace {

constexpr std::ptrdiff_t kNoParent = -1;

// Tightest enclosing range on the same thread, as nsys picks the parent:
// smallest (child start - parent start) + (parent end - child end). Every
// earlier range of the thread starts no later, so that is the shortest earlier
// range ending no earlier, the later one on a tie. A Fenwick tree over the
// ranks of the ends answers "shortest so far among ends >= e" in O(log n); the
// scan over every open range it replaces made deep nesting quadratic.
class ShortestEnclosing
{
public:
    explicit ShortestEnclosing(std::vector<TimeNs> ends) : m_ends(std::move(ends))
    {
        std::sort(m_ends.begin(), m_ends.end(), std::greater<>());
        m_ends.erase(std::unique(m_ends.begin(), m_ends.end()), m_ends.end());
        m_tree.assign(m_ends.size() + 1, kNone);
    }

    // The best earlier range with an end >= `end`, or kNoParent.
    std::ptrdiff_t find(TimeNs end) const
    {
        Best best = kNone;
        for (std::size_t k = rank(end) + 1; k > 0; k &= k - 1)
            best = std::min(best, m_tree[k]);
        return best == kNone ? kNoParent : -best.second;
    }

    void insert(TimeNs end, TimeNs duration, std::ptrdiff_t index)
    {
        const Best entry{duration, -index};
        for (std::size_t k = rank(end) + 1; k < m_tree.size(); k += k & (~k + 1))
            m_tree[k] = std::min(m_tree[k], entry);
    }

private:
    using Best = std::pair<TimeNs, std::ptrdiff_t>; // (duration, -index): shortest, then latest
    static constexpr Best kNone{std::numeric_limits<TimeNs>::max(), std::numeric_limits<std::ptrdiff_t>::max()};

    // 0-based position of `end` among the ends, largest first; every end is in the list.
    std::size_t rank(TimeNs end) const
    {
        return static_cast<std::size_t>(
            std::lower_bound(m_ends.begin(), m_ends.end(), end, std::greater<>()) - m_ends.begin());
    }

    std::vector<TimeNs> m_ends; // distinct, descending
    std::vector<Best> m_tree;   // 1-based; prefix k covers the k largest ends
};

std::vector<std::ptrdiff_t> findParents(const std::vector<RangeInstance> &ranges)
{
    std::vector<std::ptrdiff_t> parent(ranges.size(), kNoParent);
    for (std::size_t first = 0, last = 0; first < ranges.size(); first = last) {
        std::vector<TimeNs> ends;
        for (last = first; last < ranges.size() && ranges[last].thread == ranges[first].thread; ++last)
            ends.push_back(ranges[last].end);
        ShortestEnclosing earlier(std::move(ends));
        for (std::size_t i = first; i < last; ++i) {
            const RangeInstance &r = ranges[i];
            parent[i] = earlier.find(r.end);
            earlier.insert(r.end, r.end - r.start, static_cast<std::ptrdiff_t>(i));
        }
    }
    return parent;
}

// ":<outermost id>:...:<own id>", as nsys writes RangeStack. Beyond
// kMaxStackIds levels only the innermost ids are kept, after ":...": a stack of
// every level would make the report grow with the square of the nesting.
constexpr std::size_t kMaxStackIds = 32;

std::string rangeStack(const std::vector<RangeInstance> &ranges, const std::vector<std::ptrdiff_t> &parent,
                       std::ptrdiff_t range)
{
    std::int64_t ids[kMaxStackIds];
    std::size_t count = 0;
    std::ptrdiff_t p = range;
    for (; p != kNoParent && count < kMaxStackIds; p = parent[p])
        ids[count++] = ranges[p].id;
    std::string stack = p != kNoParent ? ":..." : "";
    while (count > 0)
        stack += ':' + std::to_string(ids[--count]);
    return stack;
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
        row.stack = rangeStack(ranges, parent, static_cast<std::ptrdiff_t>(i));
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
