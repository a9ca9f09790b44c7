// The GPU half of the dependency graph: each stream's ops in order, the launch
// call before each, waits between streams on recorded events, and the calls
// that returned only when a GPU op finished (synchronisation, synchronous copies).
#include "dependency_graph.h"
#include "path_context.h"

#include "analysis/gpu/gpu_op_class.h"

#include <algorithm>
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
    GpuGraphBuilder(const PathContext &context, DependencyGraph &graph, const LocalEvents &local)
        : m_context(context), m_trace(context.trace()), m_graph(graph), m_local(local),
          m_streams(context.streams()), m_classify(m_trace.strings)
    {
    }

    void build()
    {
        findRuns();
        for (std::size_t s = 0; s < m_streams.size(); ++s)
            addStreamOps(s);
        for (const RecordedStreamWait &wait : m_context.streamWaits()) {
            const std::uint32_t waiting = gpuLocal(wait.waiting), recorded = gpuLocal(wait.recorded);
            if (waiting != kNoPathEvent && recorded != kNoPathEvent)
                m_waits.emplace(waiting, recorded);
        }
        for (std::size_t s = 0; s < m_streams.size(); ++s)
            linkStream(s);
        addSyncWaits();
    }

private:
    struct Run
    {
        std::uint32_t first = 0xFFFFFFFFu, last = 0; // positions on the stream, inclusive
        std::vector<std::uint32_t> local;            // for [first, last]
        bool empty() const { return first > last; }
    };

    std::uint32_t gpuLocal(OpPosition at) const
    {
        if (at.stream == kNoStream)
            return kNoPathEvent;
        const Run &run = m_runs[at.stream];
        return run.empty() || at.position < run.first || at.position > run.last ? kNoPathEvent
                                                                                 : run.local[at.position - run.first];
    }

    // Per stream, the ops launched in scope (every op for the whole trace):
    // found from the launch calls in the graph, so a step costs what it holds.
    void findRuns()
    {
        m_runs.resize(m_streams.size());
        if (m_graph.scope.wholeTrace) {
            for (std::size_t s = 0; s < m_streams.size(); ++s)
                if (!m_streams[s].ops.empty()) {
                    m_runs[s].first = 0;
                    m_runs[s].last = std::uint32_t(m_streams[s].ops.size() - 1);
                }
            return;
        }
        for (std::uint32_t e = 0; e < m_graph.events.size(); ++e) {
            if (m_graph.category[e] != PathCategory::LaunchOverhead)
                continue;
            for (const Flow &flow : m_trace.flowsFrom(m_graph.events[e])) {
                if (flow.kind != FlowKind::Launch)
                    continue;
                const OpPosition at = m_context.positionOf(flow.to);
                if (at.stream == kNoStream)
                    continue;
                Run &run = m_runs[at.stream];
                run.first = std::min(run.first, at.position);
                run.last = std::max(run.last, at.position);
            }
        }
        // Before the first, the ops still running when the scope began: they hold the stream.
        for (std::size_t s = 0; s < m_streams.size(); ++s) {
            Run &run = m_runs[s];
            const std::vector<Event> &events = m_trace.tracks[m_streams[s].track].events;
            while (!run.empty() && run.first > 0 && events[m_streams[s].ops[run.first - 1]].end() > m_graph.scope.start)
                --run.first;
        }
    }

    void addStreamOps(std::size_t s)
    {
        Run &run = m_runs[s];
        if (run.empty())
            return;
        const StreamOps &stream = m_streams[s];
        const std::vector<Event> &events = m_trace.tracks[stream.track].events;
        run.local.resize(run.last - run.first + 1);
        for (std::uint32_t k = run.first; k <= run.last; ++k) {
            const Event &e = events[stream.ops[k]];
            const std::uint32_t id = std::uint32_t(m_graph.events.size());
            const TimeNs begin = std::max(e.start, m_graph.scope.start);
            m_graph.events.push_back({stream.track, stream.ops[k]});
            m_graph.parent.push_back(kNoPathEvent);
            m_graph.begin.push_back(begin);
            m_graph.end.push_back(std::max(begin, e.end()));
            m_graph.category.push_back(categoryOf(m_classify(e)));
            run.local[k - run.first] = id;
            m_graph.edges.push_back({DependencyGraph::beginNode(id), DependencyGraph::endNode(id),
                                     m_graph.end[id] - begin, id, m_graph.category[id], PathEdgeKind::Duration});
        }
    }

    void linkStream(std::size_t s)
    {
        const Run &run = m_runs[s];
        if (run.empty())
            return;
        const StreamOps &stream = m_streams[s];
        std::uint32_t previous = kNoPathEvent;
        for (std::uint32_t k = run.first; k <= run.last; ++k) {
            const std::uint32_t id = run.local[k - run.first];
            m_candidates.clear();
            if (previous != kNoPathEvent)
                m_candidates.push_back(
                    after(previous, m_graph.begin[id], 2, PathCategory::KernelGap, PathEdgeKind::StreamOrder));
            if (const std::uint32_t call = m_local.get(stream.launchCall[k]); call != kNoPathEvent) {
                m_candidates.push_back(after(call, m_graph.begin[id], 1, PathCategory::LaunchDelay, PathEdgeKind::Launch));
                // Started before its launch call returned: the time up to its
                // start was spent inside the call.
                if (m_candidates.back().from == DependencyGraph::beginNode(call))
                    m_candidates.back().category = PathCategory::LaunchOverhead;
            }
            for (auto [it, end] = m_waits.equal_range(id); it != end; ++it)
                m_candidates.push_back(
                    after(it->second, m_graph.begin[id], 3, PathCategory::SyncWait, PathEdgeKind::StreamWait));
            link(id);
            previous = id;
        }
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
    void link(std::uint32_t id)
    {
        const std::uint32_t to = DependencyGraph::beginNode(id);
        const TimeNs begin = m_graph.begin[id];
        if (m_candidates.empty()) {
            m_graph.edges.push_back({DependencyGraph::kStartNode, to, begin - m_graph.scope.start, id,
                                     PathCategory::KernelGap, PathEdgeKind::Release});
            return;
        }
        const auto binding = std::max_element(m_candidates.begin(), m_candidates.end(), [](const auto &a, const auto &b) {
            return std::tie(a.ready, a.rank) < std::tie(b.ready, b.rank);
        });
        if (begin < binding->ready)
            ++m_graph.inexactEdges;
        for (auto it = m_candidates.begin(); it != m_candidates.end(); ++it)
            m_graph.edges.push_back({it->from, to, it == binding ? std::max<TimeNs>(0, begin - it->ready) : 0, id,
                                     it->category, it->kind});
    }

    // A CPU call that returned only when a GPU op finished: a synchronisation
    // call, or a synchronous copy whose own op ended inside it. Its end waits
    // on that op, and its own duration no longer binds. (A launch that
    // outlasts its kernel is not waiting for it.)
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
        std::vector<Finish> finishes; // the graph's GPU ops by part, then end
        std::unordered_map<std::uint32_t, std::uint32_t> ownOp; // synchronous copy call -> its op that ended last in it
        for (std::size_t s = 0; s < m_streams.size(); ++s) {
            const Run &run = m_runs[s];
            if (run.empty())
                continue;
            const std::int32_t part = partIndex(m_streams[s].track);
            for (std::uint32_t k = run.first; k <= run.last; ++k) {
                const std::uint32_t id = run.local[k - run.first];
                finishes.push_back({part, m_graph.end[id], id});
                const std::uint32_t call = m_local.get(m_streams[s].launchCall[k]);
                if (call == kNoPathEvent || m_trace.event(m_graph.events[id]).kind != EventKind::Memcpy ||
                    !m_context.isSynchronousCopy(m_trace.event(m_graph.events[call]).name) ||
                    m_graph.end[id] < m_graph.begin[call] || m_graph.end[id] > m_graph.end[call])
                    continue;
                auto [it, added] = ownOp.emplace(call, id);
                if (!added && m_graph.end[it->second] < m_graph.end[id])
                    it->second = id;
            }
        }
        std::sort(finishes.begin(), finishes.end());
        for (std::uint32_t call = 0; call < m_graph.events.size(); ++call) {
            if (durationEdge[call] == kNoPathEvent || m_graph.category[call] == PathCategory::GpuCompute)
                continue;
            const Event &e = m_trace.event(m_graph.events[call]);
            if (e.kind != EventKind::ApiCall)
                continue;
            std::uint32_t op = kNoPathEvent;
            if (const auto own = ownOp.find(call); own != ownOp.end()) {
                op = own->second;
            } else if (m_graph.category[call] == PathCategory::SyncWait) {
                // The op of its part that finished last while it waited.
                const std::int32_t part = partIndex(m_graph.events[call].track);
                const auto it =
                    std::upper_bound(finishes.begin(), finishes.end(), Finish{part, m_graph.end[call], kNoPathEvent});
                if (it != finishes.begin() && std::prev(it)->part == part && std::prev(it)->end >= m_graph.begin[call])
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

    std::int32_t partIndex(std::uint32_t track) const
    {
        const TracePart *part = m_trace.partOfTrack(track);
        return part ? std::int32_t(part - m_trace.parts.data()) : -1;
    }

    const PathContext &m_context;
    const Trace &m_trace;
    DependencyGraph &m_graph;
    const LocalEvents &m_local;
    const std::vector<StreamOps> &m_streams;
    GpuOpClassifier m_classify;
    std::vector<Run> m_runs; // by stream
    std::vector<Candidate> m_candidates;
    std::unordered_multimap<std::uint32_t, std::uint32_t> m_waits; // waiting op -> op it waits for
};

} // namespace

void addGpuDependencies(const PathContext &context, DependencyGraph &graph, const LocalEvents &local)
{
    GpuGraphBuilder(context, graph, local).build();
}

} // namespace tracelane::detail
