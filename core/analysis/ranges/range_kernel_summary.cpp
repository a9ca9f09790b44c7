#include "range_kernel_summary.h"

#include "analysis/summaries/duration_stats.h"
#include "analysis/summaries/nsys_number.h"
#include "range_containment.h"

#include <algorithm>
#include <map>
#include <optional>
#include <tuple>

namespace tracelane {
namespace {

struct GroupKey
{
    bool inRange = false;
    StringId domain = 0, text = 0;
    RangeStyle style = RangeStyle::PushPop;
    std::int32_t thread = kNoIndex; // kNoIndex: no launching call in the trace
    StringId kernel = 0;
    friend auto operator<=>(const GroupKey &, const GroupKey &) = default;
};

struct Group
{
    std::vector<TimeNs> durations; // one per (range instance, kernel) pair, as nsys sums them
    std::vector<std::int64_t> rangeIds;
    std::vector<EventRef> kernels;
};

template<typename T>
std::int64_t distinctCount(std::vector<T> &values)
{
    std::sort(values.begin(), values.end());
    return std::unique(values.begin(), values.end()) - values.begin();
}

struct Row
{
    std::string range;
    std::string style;
    std::optional<std::int64_t> pid, tid;
    std::int64_t rangeInstances = 0, kernelInstances = 0;
    DurationStats stats;
    std::string kernel;
};

} // namespace

Table rangeKernelSummaryTable(const Trace &trace)
{
    const std::vector<RangeInstance> ranges = collectRanges(trace);
    std::vector<GpuLaunch> launches = collectGpuLaunches(trace);
    std::erase_if(launches, [&](const GpuLaunch &l) { return trace.event(l.gpuOp).kind != EventKind::Kernel; });

    std::map<GroupKey, Group> groups;
    auto add = [&](const GroupKey &key, EventRef kernel, std::int64_t rangeId) {
        Group &g = groups[key];
        g.durations.push_back(trace.event(kernel).duration);
        if (key.inRange)
            g.rangeIds.push_back(rangeId);
        g.kernels.push_back(kernel);
    };
    forEachContainingRange(ranges, launches, [&](std::size_t l, std::ptrdiff_t r) {
        const GpuLaunch &launch = launches[l];
        GroupKey key;
        key.thread = launch.thread;
        key.kernel = trace.event(launch.gpuOp).name;
        if (r >= 0) {
            key.inRange = true;
            key.domain = ranges[r].domain;
            key.text = ranges[r].text;
            key.style = ranges[r].style;
        }
        add(key, launch.gpuOp, r >= 0 ? ranges[r].id : 0);
    });

    // Kernels whose launching call is not in the trace still count, with no thread.
    std::vector<EventRef> launched;
    for (const GpuLaunch &l : launches)
        launched.push_back(l.gpuOp);
    std::sort(launched.begin(), launched.end());
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        for (std::uint32_t i = 0; i < trace.tracks[t].events.size(); ++i) {
            const Event &e = trace.tracks[t].events[i];
            if (e.kind == EventKind::Kernel && !std::binary_search(launched.begin(), launched.end(), EventRef{t, i})) {
                GroupKey key;
                key.kernel = e.name;
                add(key, EventRef{t, i}, 0);
            }
        }
    }

    std::vector<Row> rows;
    rows.reserve(groups.size());
    for (auto &[key, g] : groups) {
        Row row;
        if (key.inRange) {
            RangeInstance named;
            named.domain = key.domain;
            named.text = key.text;
            row.range = rangeName(trace, named);
            row.style = rangeStyleName(key.style);
        }
        if (key.thread != kNoIndex) {
            row.pid = pidOfThread(trace, key.thread);
            row.tid = tidOfThread(trace, key.thread);
        }
        row.rangeInstances = distinctCount(g.rangeIds);
        row.kernelInstances = distinctCount(g.kernels);
        row.stats = computeDurationStats(g.durations);
        row.kernel = trace.strings.view(key.kernel);
        rows.push_back(std::move(row));
    }
    // nsys orders by range name, PID, TID, total time descending; missing values first.
    std::sort(rows.begin(), rows.end(), [](const Row &a, const Row &b) {
        return std::tie(a.range, a.pid, a.tid, b.stats.total, a.kernel, a.style)
               < std::tie(b.range, b.pid, b.tid, a.stats.total, b.kernel, b.style);
    });

    Table table;
    table.columns = {"NVTX Range", "Style",    "PID",      "TID",      "NVTX Inst", "Kern Inst",  "Total Time (ns)",
                     "Avg (ns)",   "Med (ns)", "Min (ns)", "Max (ns)", "StdDev (ns)", "Kernel Name"};
    auto optional = [](const std::optional<std::int64_t> &v) { return v ? Cell::integer(*v) : Cell::empty(); };
    for (const Row &row : rows) {
        const DurationStats &s = row.stats;
        table.rows.push_back({Cell::text(row.range), Cell::text(row.style), optional(row.pid), optional(row.tid),
                              Cell::integer(row.rangeInstances), Cell::integer(row.kernelInstances),
                              Cell::integer(s.total), nsysFixed(s.average), nsysFixed(s.median),
                              Cell::integer(s.min), Cell::integer(s.max), nsysFixed(s.stddev),
                              Cell::text(row.kernel)});
    }
    return table;
}

} // namespace tracelane
