#include "window_summary.h"

#include "analysis/gpu/interval_set.h"
#include "model/time_math.h"

#include <algorithm>
#include <limits>
#include <unordered_map>

namespace tracelane {
namespace {

// The tracks to visit: all, or the named ones once each and in range.

struct Accumulator
{
    std::int64_t count = 0;
    TimeSum total;
    TimeNs min = std::numeric_limits<TimeNs>::max();
    TimeNs max = 0;
};

std::uint64_t rowKey(WindowGroup group, StringId name)
{
    return (std::uint64_t(group) << 32) | name;
}

} // namespace

std::vector<std::uint32_t> selectedTracks(const Trace &trace, std::span<const std::uint32_t> tracks)
{
    std::vector<std::uint32_t> out;
    if (tracks.empty()) {
        out.resize(trace.tracks.size());
        for (std::uint32_t t = 0; t < out.size(); ++t)
            out[t] = t;
        return out;
    }
    for (std::uint32_t t : tracks)
        if (t < trace.tracks.size())
            out.push_back(t);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::string_view windowGroupName(WindowGroup group)
{
    switch (group) {
    case WindowGroup::CpuOps: return "CPU ops";
    case WindowGroup::Python: return "Python";
    case WindowGroup::Ranges: return "Ranges";
    case WindowGroup::ApiCalls: return "API calls";
    case WindowGroup::Kernels: return "Kernels";
    case WindowGroup::MemoryOps: return "Memory ops";
    case WindowGroup::Other: break;
    }
    return "Other";
}

WindowGroup windowGroupOf(TrackKind track, EventKind event)
{
    switch (event) {
    case EventKind::CpuOp: return WindowGroup::CpuOps;
    case EventKind::Slice: return track == TrackKind::CpuThread ? WindowGroup::CpuOps : WindowGroup::Other;
    case EventKind::PythonFunction: return WindowGroup::Python;
    case EventKind::Range:
    case EventKind::GpuRange:
    case EventKind::Async: return WindowGroup::Ranges;
    case EventKind::ApiCall: return WindowGroup::ApiCalls;
    case EventKind::Kernel: return WindowGroup::Kernels;
    case EventKind::Memcpy:
    case EventKind::Memset: return WindowGroup::MemoryOps;
    default: return WindowGroup::Other;
    }
}

WindowSummary summarizeWindow(const Trace &trace, const DepthIndex &index, TimeWindow window,
                              std::span<const std::uint32_t> tracks)
{
    WindowSummary summary;
    summary.window = window;
    const std::vector<std::uint32_t> visit = selectedTracks(trace, tracks);
    summary.trackCount = visit.size();

    std::unordered_map<std::uint64_t, Accumulator> byRow;
    byRow.reserve(256);
    std::vector<TimeInterval> busy;
    const auto addBusy = [&](const Event &e) {
        if (isGpuWork(e.kind))
            busy.push_back({std::max(e.start, window.from), std::min(e.end(), window.to)});
    };
    std::vector<bool> streamSeen(trace.tracks.size(), false);
    for (std::uint32_t t : visit) {
        const TrackKind trackKind = trace.tracks[t].kind;
        const bool stream = trackKind == TrackKind::GpuStream;
        streamSeen[t] = stream;
        forEachEventInWindow(trace, index, t, window, [&](EventRef, const Event &e) {
            Accumulator &a = byRow[rowKey(windowGroupOf(trackKind, e.kind), e.name)];
            const TimeNs clipped = window.clip(e);
            ++a.count;
            a.total += clipped;
            a.min = std::min(a.min, clipped);
            a.max = std::max(a.max, clipped);
            if (stream)
                addBusy(e);
        });
    }
    // GPU work on the streams not asked about still makes the GPU busy.
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        if (trace.tracks[t].kind != TrackKind::GpuStream)
            continue;
        ++summary.gpuStreams;
        if (!streamSeen[t])
            forEachEventInWindow(trace, index, t, window, [&](EventRef, const Event &e) { addBusy(e); });
    }
    summary.gpuBusy = IntervalSet::unionOf(std::move(busy)).length();
    summary.gpuIdle = std::max<TimeNs>(0, window.length() - summary.gpuBusy);

    summary.rows.reserve(byRow.size());
    for (const auto &[key, a] : byRow) {
        WindowRow row;
        row.group = WindowGroup(key >> 32);
        row.name = StringId(key & 0xFFFFFFFFu);
        row.count = a.count;
        row.total = a.total.saturated();
        row.mean = double(a.total.asLongDouble() / static_cast<long double>(a.count));
        row.min = a.min;
        row.max = a.max;
        summary.rows.push_back(row);
    }
    std::sort(summary.rows.begin(), summary.rows.end(), [&](const WindowRow &a, const WindowRow &b) {
        if (a.total != b.total)
            return a.total > b.total;
        if (a.group != b.group)
            return a.group < b.group;
        return trace.strings.view(a.name) < trace.strings.view(b.name);
    });
    return summary;
}

std::vector<EventRef> windowInstances(const Trace &trace, const DepthIndex &index, TimeWindow window,
                                      std::span<const std::uint32_t> tracks, WindowGroup group, StringId name)
{
    std::vector<EventRef> out;
    for (std::uint32_t t : selectedTracks(trace, tracks)) {
        const TrackKind trackKind = trace.tracks[t].kind;
        const std::size_t firstOfTrack = out.size();
        forEachEventInWindow(trace, index, t, window, [&](EventRef ref, const Event &e) {
            if (e.name == name && windowGroupOf(trackKind, e.kind) == group)
                out.push_back(ref);
        });
        // Depth by depth above; by start (the track's order) for the reader.
        std::sort(out.begin() + std::ptrdiff_t(firstOfTrack), out.end());
    }
    return out;
}

Table windowSummaryTable(const Trace &trace, const WindowSummary &summary)
{
    Table table;
    table.columns = {"Kind", "Name", "Count", "Total (ns)", "Mean (ns)", "Min (ns)", "Max (ns)"};
    table.rows.reserve(summary.rows.size());
    for (const WindowRow &row : summary.rows)
        table.rows.push_back({Cell::text(std::string(windowGroupName(row.group))),
                              Cell::text(std::string(trace.strings.view(row.name))), Cell::integer(row.count),
                              Cell::integer(row.total), Cell::fixed(row.mean), Cell::integer(row.min),
                              Cell::integer(row.max)});
    return table;
}

} // namespace tracelane
