#include "range_kernels.h"
#include "model/time_math.h"

#include "analysis/gpu/gpu_interval_union.h"

#include <algorithm>
#include <tuple>

namespace tracelane {

RangeKernelLookup::RangeKernelLookup(const Trace &trace)
    : m_trace(trace)
    , m_apiTracksOfThread(trace.threads.size())
    , m_threadsOfProcess(trace.processes.size())
{
    for (std::size_t t = 0; t < trace.threads.size(); ++t) {
        const std::int32_t process = trace.threads[t].process;
        if (process != kNoIndex)
            m_threadsOfProcess[process].push_back(static_cast<std::int32_t>(t));
    }
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &track = trace.tracks[t];
        if (track.kind == TrackKind::ThreadApi && track.thread != kNoIndex)
            m_apiTracksOfThread[track.thread].push_back(t);
        if (track.kind != TrackKind::GpuStream)
            continue;
        GpuTrack gpu{t, track.maxDepth == 0, 0};
        if (!gpu.disjoint) { // rare: overlapping work on one stream; bound the backward search
            for (const Event &e : track.events)
                gpu.maxDuration = std::max(gpu.maxDuration, e.duration);
        }
        m_gpuTracks.push_back(gpu);
    }
}

std::vector<std::uint32_t> RangeKernelLookup::apiTracks(std::int32_t thread, LaunchScope scope) const
{
    if (thread < 0 || static_cast<std::size_t>(thread) >= m_apiTracksOfThread.size())
        return {};
    const std::int32_t process = m_trace.threads[thread].process;
    if (scope == LaunchScope::Thread || process == kNoIndex)
        return m_apiTracksOfThread[thread];
    std::vector<std::uint32_t> tracks;
    for (const std::int32_t t : m_threadsOfProcess[process])
        tracks.insert(tracks.end(), m_apiTracksOfThread[t].begin(), m_apiTracksOfThread[t].end());
    return tracks;
}

std::size_t RangeKernelLookup::firstCallAtOrAfter(std::uint32_t track, TimeNs start) const
{
    const auto &events = m_trace.tracks[track].events;
    return std::partition_point(events.begin(), events.end(), [start](const Event &e) { return e.start < start; })
           - events.begin();
}

std::vector<EventRef> RangeKernelLookup::overlapping(TimeNs start, TimeNs end) const
{
    std::vector<EventRef> result;
    for (const GpuTrack &gpu : m_gpuTracks) {
        const auto &events = m_trace.tracks[gpu.track].events;
        auto first = gpu.disjoint
                         ? std::partition_point(events.begin(), events.end(),
                                                [start](const Event &e) { return e.end() <= start; })
                         : std::partition_point(events.begin(), events.end(), [&](const Event &e) {
                               return e.start < start - gpu.maxDuration;
                           });
        for (auto it = first; it != events.end() && it->start < end; ++it) {
            if (it->end() > start && isGpuWork(it->kind))
                result.push_back({gpu.track, static_cast<std::uint32_t>(it - events.begin())});
        }
    }
    std::sort(result.begin(), result.end(), [this](EventRef a, EventRef b) {
        return std::tuple(m_trace.event(a).start, a) < std::tuple(m_trace.event(b).start, b);
    });
    return result;
}

RangeKernels RangeKernelLookup::find(EventRef range, LaunchScope scope) const
{
    const Event &e = m_trace.event(range);
    return find(m_trace.tracks[range.track].thread, e.start, e.end(), scope);
}

RangeKernels RangeKernelLookup::find(std::int32_t thread, TimeNs start, TimeNs end, LaunchScope scope) const
{
    RangeKernels result;
    result.thread = thread;
    result.start = start;
    result.end = end;
    forEachLaunched(thread, start, end, scope, [&](const LaunchedGpuOp &op) { result.launched.push_back(op); });
    std::sort(result.launched.begin(), result.launched.end(), [this](const LaunchedGpuOp &a, const LaunchedGpuOp &b) {
        return std::tuple(m_trace.event(a.op).start, a.op, a.call) < std::tuple(m_trace.event(b.op).start, b.op, b.call);
    });
    result.totals = gpuWorkTotals(m_trace, result.launched);
    result.overlapping = overlapping(start, end);
    return result;
}

GpuWorkTotals gpuWorkTotals(const Trace &trace, const std::vector<LaunchedGpuOp> &ops)
{
    GpuWorkTotals totals;
    if (ops.empty())
        return totals;
    std::vector<EventRef> calls;
    GpuIntervalUnion busy;
    calls.reserve(ops.size());
    totals.projectedStart = trace.event(ops.front().op).start;
    totals.projectedEnd = trace.event(ops.front().op).end();
    for (const LaunchedGpuOp &op : ops) {
        const Event &e = trace.event(op.op);
        totals.projectedStart = std::min(totals.projectedStart, e.start);
        totals.projectedEnd = std::max(totals.projectedEnd, e.end());
        totals.summedTime = saturatingAdd(totals.summedTime, e.duration);
        busy.add(e.start, e.end());
        calls.push_back(op.call);
    }
    totals.ops = static_cast<std::int64_t>(ops.size());
    std::sort(calls.begin(), calls.end());
    totals.launchingCalls = std::unique(calls.begin(), calls.end()) - calls.begin();
    totals.busyTime = busy.length();
    return totals;
}

} // namespace tracelane
