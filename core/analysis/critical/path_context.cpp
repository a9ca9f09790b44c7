#include "path_context.h"

#include <algorithm>
#include <limits>
#include <map>
#include <unordered_map>

namespace tracelane {
namespace {

bool isCpuTrack(const Track &track)
{
    return track.thread != kNoIndex &&
           (track.kind == TrackKind::CpuThread || track.kind == TrackKind::ThreadRanges ||
            track.kind == TrackKind::ThreadApi);
}

} // namespace

PathContext::PathContext(const Trace &trace, DependencyOptions options)
    : m_trace(trace)
    , m_streams(gpuStreamOps(trace))
    , m_streamOfTrack(trace.tracks.size(), kNoStream)
    , m_launching(trace.processes.size(), 0)
    , m_nameFlags(trace.strings.size(), 0)
{
    for (std::size_t s = 0; s < m_streams.size(); ++s)
        m_streamOfTrack[m_streams[s].track] = std::uint32_t(s);
    std::map<std::int32_t, std::vector<std::uint32_t>> byThread;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t)
        if (isCpuTrack(trace.tracks[t]))
            byThread[trace.tracks[t].thread].push_back(t);
    m_threadTracks.assign(byThread.begin(), byThread.end());
    for (const Flow &flow : trace.flows) {
        const std::int32_t process = trace.tracks[flow.from.track].process;
        if (flow.kind == FlowKind::Launch && process >= 0 && std::size_t(process) < m_launching.size()) {
            m_launching[std::size_t(process)] = 1;
            m_anyLaunching = true;
        }
    }
    for (StringId id = 0; id < trace.strings.size(); ++id) {
        const std::string_view name = trace.strings.view(id);
        std::uint8_t flags = 0;
        if (name.find("Synchronize") != std::string_view::npos)
            flags |= kSynchronize;
        // cudaMemcpy, cuMemcpyDtoH...: the call returns when its copy has landed.
        if (name.find("Memcpy") != std::string_view::npos && name.find("Async") == std::string_view::npos)
            flags |= kSynchronousCopy;
        for (const std::string &loading : options.dataLoadingNames)
            if (!loading.empty() && name.find(loading) != std::string_view::npos)
                flags |= kDataLoading;
        m_nameFlags[id] = flags;
    }
    findStreamWaits();
}

OpPosition PathContext::positionOf(EventRef op) const
{
    if (!op.isValid() || op.track >= m_streamOfTrack.size() || m_streamOfTrack[op.track] == kNoStream)
        return {};
    const std::uint32_t s = m_streamOfTrack[op.track];
    const std::vector<std::uint32_t> &ops = m_streams[s].ops;
    const auto it = std::lower_bound(ops.begin(), ops.end(), op.index);
    if (it == ops.end() || *it != op.index)
        return {};
    return {s, std::uint32_t(it - ops.begin())};
}

// Kineto's "Stream Wait Event" records (cuda_sync): the stream they sit on
// waits for the op launched last, before the cudaEventRecord they name, on
// the stream that event was recorded on. Ops run in launch order, so the
// launch calls' starts along a stream (carried over ops without one) are sorted.
void PathContext::findStreamWaits()
{
    std::vector<EventRef> waits;
    for (const StreamOps &stream : m_streams) {
        const std::vector<Event> &events = m_trace.tracks[stream.track].events;
        for (std::uint32_t i = 0; i < events.size(); ++i)
            if (events[i].kind == EventKind::Sync && m_trace.strings.view(events[i].name) == "Stream Wait Event")
                waits.push_back({stream.track, i});
    }
    if (waits.empty())
        return;
    std::unordered_map<CorrelationId, EventRef> records;
    for (std::uint32_t t = 0; t < m_trace.tracks.size(); ++t)
        if (m_trace.tracks[t].kind == TrackKind::ThreadApi)
            for (std::uint32_t i = 0; i < m_trace.tracks[t].events.size(); ++i) {
                const Event &e = m_trace.tracks[t].events[i];
                if (e.correlation && m_trace.strings.view(e.name).find("EventRecord") != std::string_view::npos)
                    records.emplace(e.correlation, EventRef{t, i});
            }
    std::map<std::pair<std::int32_t, std::int64_t>, std::uint32_t> streamOf; // (device, stream id)
    for (std::uint32_t s = 0; s < m_streams.size(); ++s)
        streamOf[{m_streams[s].device, m_streams[s].streamId(m_trace)}] = s;
    std::map<std::uint32_t, std::vector<TimeNs>> launchedAt; // by stream, filled when first needed
    for (const EventRef wait : waits) {
        const auto recordCorrelation = m_trace.arg(wait, "wait_on_cuda_event_record_corr_id");
        const auto recordStream = m_trace.arg(wait, "wait_on_stream");
        if (!recordCorrelation || !recordStream || !recordCorrelation->asInt() || !recordStream->asInt())
            continue;
        const std::uint32_t waiting = m_streamOfTrack[wait.track];
        const TracePart *part = m_trace.partOfTrack(wait.track);
        const auto record =
            records.find(CorrelationId(*recordCorrelation->asInt() + (part ? part->correlationOffset : 0)));
        const auto recorded = streamOf.find({m_streams[waiting].device, *recordStream->asInt()});
        if (record == records.end() || recorded == streamOf.end())
            continue;
        std::vector<TimeNs> &launched = launchedAt[recorded->second];
        if (launched.empty()) {
            TimeNs latest = std::numeric_limits<TimeNs>::min();
            for (const EventRef call : m_streams[recorded->second].launchCall) {
                if (call.isValid())
                    latest = std::max(latest, m_trace.event(call).start);
                launched.push_back(latest);
            }
        }
        const auto before = std::lower_bound(launched.begin(), launched.end(), m_trace.event(record->second).start);
        const std::vector<std::uint32_t> &waitingOps = m_streams[waiting].ops;
        const std::vector<Event> &waitingEvents = m_trace.tracks[wait.track].events;
        const TimeNs waitStart = m_trace.event(wait).start;
        const auto after = std::lower_bound(waitingOps.begin(), waitingOps.end(), waitStart,
                                            [&](std::uint32_t i, TimeNs t) { return waitingEvents[i].start < t; });
        if (before == launched.begin() || after == waitingOps.end())
            continue;
        m_streamWaits.push_back({{waiting, std::uint32_t(after - waitingOps.begin())},
                                 {recorded->second, std::uint32_t(before - launched.begin() - 1)}});
    }
}

} // namespace tracelane
