// The GPU half of the dependency graph: each stream's ops in order, the launch
// call before each, waits between streams on recorded events, and the calls
// that returned only when a GPU op finished (synchronisation, synchronous copies).
#include "dependency_graph.h"

#include "analysis/gpu/gpu_op_class.h"
#include "analysis/gpu/gpu_stream_ops.h"

#include <algorithm>
#include <limits>
#include <map>
#include <unordered_map>

namespace tracelane::detail {
namespace {

PathCategory categoryOf(GpuOpClass opClass)
{
    switch (opClass) {
    case GpuOpClass::Communication: return PathCategory::GpuCommunication;
    case GpuOpClass::Memory: return PathCategory::GpuMemory;
    case GpuOpClass::Compute: break;
    }
    return PathCategory::GpuCompute;
}

std::uint32_t localEvent(const std::vector<std::vector<std::uint32_t>> &localOf, EventRef ref)
{
    if (!ref.isValid() || ref.track >= localOf.size() || ref.index >= localOf[ref.track].size())
        return kNoPathEvent;
    return localOf[ref.track][ref.index];
}

// An edge into a GPU op's start, before the one that arrived last is chosen.
struct Candidate
{
    std::uint32_t from = 0;
    TimeNs ready = 0;
    std::uint32_t rank = 0; // breaks ties: a wait between streams, then stream order, then the launch
    PathCategory category = PathCategory::KernelGap;
    PathEdgeKind kind = PathEdgeKind::StreamOrder;
};

class GpuGraphBuilder
{
public:
    GpuGraphBuilder(const Trace &trace, DependencyGraph &graph, const std::vector<std::vector<std::uint32_t>> &localOf)
        : m_trace(trace), m_graph(graph), m_localOf(localOf), m_streams(gpuStreamOps(trace)), m_classify(trace.strings)
    {
    }

    void build()
    {
        m_gpuLocal.resize(m_streams.size());
        for (std::size_t s = 0; s < m_streams.size(); ++s)
            addStreamOps(s);
        collectStreamWaits();
        for (std::size_t s = 0; s < m_streams.size(); ++s)
            linkStream(s);
        addSyncWaits();
    }

private:
    bool launchedInScope(const StreamOps &stream, std::size_t k) const
    {
        return m_graph.scope.wholeTrace || localEvent(m_localOf, stream.launchCall[k]) != kNoPathEvent;
    }

    // The ops launched in scope and, before the first of them, those still
    // running at the scope's start: one contiguous run of the stream.
    void addStreamOps(std::size_t s)
    {
        const StreamOps &stream = m_streams[s];
        const std::vector<Event> &events = m_trace.tracks[stream.track].events;
        std::size_t first = stream.ops.size(), last = 0;
        for (std::size_t k = 0; k < stream.ops.size(); ++k)
            if (launchedInScope(stream, k)) {
                first = std::min(first, k);
                last = k;
            }
        m_gpuLocal[s].assign(stream.ops.size(), kNoPathEvent);
        if (first == stream.ops.size())
            return;
        while (first > 0 && events[stream.ops[first - 1]].end() > m_graph.scope.start)
            --first;
        for (std::size_t k = first; k <= last; ++k) {
            const Event &e = events[stream.ops[k]];
            const std::uint32_t id = std::uint32_t(m_graph.events.size());
            const TimeNs begin = std::max(e.start, m_graph.scope.start);
            m_graph.events.push_back({stream.track, stream.ops[k]});
            m_graph.parent.push_back(kNoPathEvent);
            m_graph.begin.push_back(begin);
            m_graph.end.push_back(std::max(begin, e.end()));
            m_graph.category.push_back(categoryOf(m_classify(e)));
            m_gpuLocal[s][k] = id;
            m_graph.edges.push_back({DependencyGraph::beginNode(id), DependencyGraph::endNode(id),
                                     m_graph.end[id] - begin, id, m_graph.category[id], PathEdgeKind::Duration});
        }
    }

    // Kineto's "Stream Wait Event" records (cuda_sync): the stream they sit on
    // waits for the op launched last, before the cudaEventRecord they name, on
    // the stream that event was recorded on.
    void collectStreamWaits()
    {
        std::vector<EventRef> waits;
        for (std::uint32_t t = 0; t < m_trace.tracks.size(); ++t)
            if (m_trace.tracks[t].kind == TrackKind::GpuStream)
                for (std::uint32_t i = 0; i < m_trace.tracks[t].events.size(); ++i) {
                    const Event &e = m_trace.tracks[t].events[i];
                    if (e.kind == EventKind::Sync && m_trace.strings.view(e.name) == "Stream Wait Event")
                        waits.push_back({t, i});
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
        std::map<std::pair<std::int32_t, std::int64_t>, std::size_t> streamOf; // (device, stream id)
        std::unordered_map<std::uint32_t, std::size_t> streamOfTrack;
        for (std::size_t s = 0; s < m_streams.size(); ++s) {
            streamOf[{m_streams[s].device, m_streams[s].streamId(m_trace)}] = s;
            streamOfTrack[m_streams[s].track] = s;
        }
        for (const EventRef wait : waits) {
            const auto recordCorrelation = m_trace.arg(wait, "wait_on_cuda_event_record_corr_id");
            const auto recordStream = m_trace.arg(wait, "wait_on_stream");
            const auto waiting = streamOfTrack.find(wait.track);
            if (!recordCorrelation || !recordStream || !recordCorrelation->asInt() || !recordStream->asInt() ||
                waiting == streamOfTrack.end())
                continue;
            const TracePart *part = m_trace.partOfTrack(wait.track);
            const auto record = records.find(
                CorrelationId(*recordCorrelation->asInt() + (part ? part->correlationOffset : 0)));
            const auto recorded = streamOf.find({m_streams[waiting->second].device, *recordStream->asInt()});
            if (record == records.end() || recorded == streamOf.end())
                continue;
            const std::uint32_t before = lastLaunchedBefore(recorded->second, m_trace.event(record->second).start);
            const std::uint32_t after = firstStartingAt(waiting->second, m_trace.event(wait).start);
            if (before != kNoPathEvent && after != kNoPathEvent)
                m_waits.emplace(after, before);
        }
    }

    // The op of stream s launched last before `time`: a stream runs its ops in
    // launch order, so the calls' starts (carried over ops without one) are sorted.
    std::uint32_t lastLaunchedBefore(std::size_t s, TimeNs time)
    {
        const StreamOps &stream = m_streams[s];
        std::vector<TimeNs> &launched = m_launchedAt[s];
        if (launched.empty()) {
            TimeNs latest = std::numeric_limits<TimeNs>::min();
            for (const EventRef call : stream.launchCall) {
                if (call.isValid())
                    latest = std::max(latest, m_trace.event(call).start);
                launched.push_back(latest);
            }
        }
        const std::size_t k = std::size_t(std::lower_bound(launched.begin(), launched.end(), time) - launched.begin());
        return k == 0 ? kNoPathEvent : m_gpuLocal[s][k - 1];
    }

    std::uint32_t firstStartingAt(std::size_t s, TimeNs time) const
    {
        const StreamOps &stream = m_streams[s];
        const std::vector<Event> &events = m_trace.tracks[stream.track].events;
        const auto it = std::lower_bound(stream.ops.begin(), stream.ops.end(), time,
                                         [&](std::uint32_t i, TimeNs t) { return events[i].start < t; });
        return it == stream.ops.end() ? kNoPathEvent : m_gpuLocal[s][std::size_t(it - stream.ops.begin())];
    }

    void linkStream(std::size_t s)
    {
        const StreamOps &stream = m_streams[s];
        std::uint32_t previous = kNoPathEvent;
        std::vector<Candidate> candidates;
        for (std::size_t k = 0; k < stream.ops.size(); ++k) {
            const std::uint32_t id = m_gpuLocal[s][k];
            if (id == kNoPathEvent)
                continue;
            candidates.clear();
            if (previous != kNoPathEvent)
                candidates.push_back(after(previous, m_graph.begin[id], 2, PathCategory::KernelGap,
                                           PathEdgeKind::StreamOrder));
            if (const std::uint32_t call = localEvent(m_localOf, stream.launchCall[k]); call != kNoPathEvent) {
                candidates.push_back(after(call, m_graph.begin[id], 1, PathCategory::LaunchDelay,
                                           PathEdgeKind::Launch));
                // Started before its launch call returned: the time up to its
                // start was spent inside the call.
                if (candidates.back().from == DependencyGraph::beginNode(call))
                    candidates.back().category = PathCategory::LaunchOverhead;
            }
            for (auto [it, end] = m_waits.equal_range(id); it != end; ++it)
                candidates.push_back(after(it->second, m_graph.begin[id], 3, PathCategory::SyncWait,
                                           PathEdgeKind::StreamWait));
            link(id, candidates);
            previous = id;
        }
        if (previous != kNoPathEvent)
            m_graph.edges.push_back({DependencyGraph::endNode(previous), DependencyGraph::kEndNode, 0, kNoPathEvent,
                                     PathCategory::KernelGap, PathEdgeKind::End});
    }

    // From the end of `event` when it ended by `time`, else from its start.
    Candidate after(std::uint32_t event, TimeNs time, std::uint32_t rank, PathCategory category,
                    PathEdgeKind kind) const
    {
        if (m_graph.end[event] <= time)
            return {DependencyGraph::endNode(event), m_graph.end[event], rank, category, kind};
        return {DependencyGraph::beginNode(event), m_graph.begin[event], rank, category, kind};
    }

    // Only the edge that arrived last carries the wait; the others weigh 0.
    void link(std::uint32_t id, const std::vector<Candidate> &candidates)
    {
        const std::uint32_t to = DependencyGraph::beginNode(id);
        const TimeNs begin = m_graph.begin[id];
        if (candidates.empty()) {
            m_graph.edges.push_back({DependencyGraph::kStartNode, to, begin - m_graph.scope.start, id,
                                     PathCategory::KernelGap, PathEdgeKind::Release});
            return;
        }
        const auto binding = std::max_element(candidates.begin(), candidates.end(), [](const auto &a, const auto &b) {
            return std::tie(a.ready, a.rank) < std::tie(b.ready, b.rank);
        });
        for (auto it = candidates.begin(); it != candidates.end(); ++it)
            m_graph.edges.push_back({it->from, to, it == binding ? std::max<TimeNs>(0, begin - it->ready) : 0, id,
                                     it->category, it->kind});
    }

    // A CPU call that returned only when a GPU op finished: a synchronisation
    // call, or a call whose own op ended inside it (a synchronous copy). Its
    // end waits on that op, and its own duration no longer binds.
    void addSyncWaits()
    {
        std::vector<std::uint32_t> durationEdge(m_graph.events.size(), kNoPathEvent);
        for (std::uint32_t k = 0; k < m_graph.edges.size(); ++k)
            if (m_graph.edges[k].kind == PathEdgeKind::Duration)
                durationEdge[m_graph.edges[k].event] = k;
        struct Finish
        {
            std::int32_t part;
            TimeNs end;
            std::uint32_t op;
            bool operator<(const Finish &o) const { return std::tie(part, end, op) < std::tie(o.part, o.end, o.op); }
        };
        std::vector<Finish> finishes; // included GPU ops by part, then end
        std::vector<std::uint32_t> ownOp(m_graph.events.size(), kNoPathEvent);
        for (std::size_t s = 0; s < m_streams.size(); ++s)
            for (std::size_t k = 0; k < m_streams[s].ops.size(); ++k) {
                const std::uint32_t id = m_gpuLocal[s][k];
                if (id == kNoPathEvent)
                    continue;
                finishes.push_back({partIndex(m_streams[s].track), m_graph.end[id], id});
                const std::uint32_t call = localEvent(m_localOf, m_streams[s].launchCall[k]);
                if (call != kNoPathEvent && isSynchronousCopy(m_graph.events[call], m_graph.events[id]) &&
                    m_graph.end[id] >= m_graph.begin[call] &&
                    m_graph.end[id] <= m_graph.end[call] &&
                    (ownOp[call] == kNoPathEvent || m_graph.end[ownOp[call]] < m_graph.end[id]))
                    ownOp[call] = id;
            }
        std::sort(finishes.begin(), finishes.end());
        for (std::uint32_t call = 0; call < m_graph.events.size(); ++call) {
            if (durationEdge[call] == kNoPathEvent || m_graph.parent.size() <= call)
                continue;
            const Event &e = m_trace.event(m_graph.events[call]);
            if (e.kind != EventKind::ApiCall)
                continue;
            std::uint32_t op = ownOp[call];
            if (op == kNoPathEvent && m_graph.category[call] == PathCategory::SyncWait) {
                // The op of its part that finished last while it waited.
                const std::int32_t part = partIndex(m_graph.events[call].track);
                auto it = std::upper_bound(finishes.begin(), finishes.end(),
                                           Finish{part, m_graph.end[call], kNoPathEvent});
                if (it != finishes.begin() && std::prev(it)->part == part &&
                    std::prev(it)->end >= m_graph.begin[call])
                    op = std::prev(it)->op;
            }
            if (op == kNoPathEvent)
                continue;
            m_graph.edges[durationEdge[call]].weight = 0;
            m_graph.edges.push_back({DependencyGraph::endNode(op), DependencyGraph::endNode(call),
                                     m_graph.end[call] - m_graph.end[op], call, PathCategory::SyncWait,
                                     PathEdgeKind::SyncWait});
        }
    }

    // cudaMemcpy, cuMemcpyDtoH...: the call returns when its copy has landed.
    // (A launch that outlasts its kernel is not waiting for it.)
    bool isSynchronousCopy(EventRef call, EventRef op) const
    {
        const std::string_view name = m_trace.name(call);
        return m_trace.event(op).kind == EventKind::Memcpy && name.find("Memcpy") != std::string_view::npos &&
               name.find("Async") == std::string_view::npos;
    }

    std::int32_t partIndex(std::uint32_t track) const
    {
        const TracePart *part = m_trace.partOfTrack(track);
        return part ? std::int32_t(part - m_trace.parts.data()) : -1;
    }

    const Trace &m_trace;
    DependencyGraph &m_graph;
    const std::vector<std::vector<std::uint32_t>> &m_localOf;
    std::vector<StreamOps> m_streams;
    GpuOpClassifier m_classify;
    std::vector<std::vector<std::uint32_t>> m_gpuLocal; // by stream, parallel to its ops
    std::multimap<std::uint32_t, std::uint32_t> m_waits; // waiting op -> op it waits for
    std::map<std::size_t, std::vector<TimeNs>> m_launchedAt; // by stream, see lastLaunchedBefore()
};

} // namespace

void addGpuDependencies(const Trace &trace, DependencyGraph &graph,
                        const std::vector<std::vector<std::uint32_t>> &localOf)
{
    GpuGraphBuilder(trace, graph, localOf).build();
}

} // namespace tracelane::detail
