#include "dependency_graph.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace tracelane {
namespace {

bool isCpuTrack(const Track &track)
{
    return track.thread != kNoIndex &&
           (track.kind == TrackKind::CpuThread || track.kind == TrackKind::ThreadRanges ||
            track.kind == TrackKind::ThreadApi);
}

bool launchesGpuWork(const Trace &trace, EventRef ref)
{
    for (const Flow &flow : trace.flowsFrom(ref))
        if (flow.kind == FlowKind::Launch && isGpuWork(trace.event(flow.to).kind))
            return true;
    return false;
}

// The category of a CPU event's own time, before data loading is applied.
PathCategory cpuCategory(const Trace &trace, EventRef ref)
{
    const Event &e = trace.event(ref);
    if (e.kind != EventKind::ApiCall)
        return PathCategory::Cpu;
    if (launchesGpuWork(trace, ref))
        return PathCategory::LaunchOverhead;
    if (trace.name(ref).find("Synchronize") != std::string_view::npos)
        return PathCategory::SyncWait;
    return PathCategory::Cpu;
}

class CpuGraphBuilder
{
public:
    CpuGraphBuilder(const Trace &trace, DependencyGraph &graph, const DependencyOptions &options)
        : m_trace(trace), m_graph(graph), m_dataLoading(trace.strings.size(), 0)
    {
        for (StringId id = 0; id < trace.strings.size(); ++id)
            for (const std::string &name : options.dataLoadingNames)
                if (!name.empty() && trace.strings.view(id).find(name) != std::string_view::npos)
                    m_dataLoading[id] = 1;
    }

    // One thread's events in [start, end) of every CPU track it has, nested by
    // time. The first thread added with `main` set is the scope's own: other
    // threads start from where it was when their first event began.
    void addThread(const std::vector<std::uint32_t> &tracks, std::vector<std::vector<std::uint32_t>> &localOf,
                   bool main)
    {
        if (main)
            m_mainFirst = std::uint32_t(m_graph.events.size());
        const PathScope &scope = m_graph.scope;
        std::vector<EventRef> refs;
        for (const std::uint32_t t : tracks) {
            const std::vector<Event> &events = m_trace.tracks[t].events;
            auto first = std::lower_bound(events.begin(), events.end(), scope.start,
                                          [](const Event &e, TimeNs time) { return e.start < time; });
            for (auto it = first; it != events.end() && it->start < scope.end; ++it)
                if (it->duration > 0)
                    refs.push_back({t, std::uint32_t(it - events.begin())});
        }
        // By start, the enclosing (longer) event first; the rest only makes the order total.
        std::sort(refs.begin(), refs.end(), [&](EventRef a, EventRef b) {
            const Event &ea = m_trace.event(a), &eb = m_trace.event(b);
            return std::tie(ea.start, eb.duration, a.track, a.index) < std::tie(eb.start, ea.duration, b.track, b.index);
        });
        m_stack.clear();
        m_previousOutermost = kNoPathEvent;
        for (const EventRef ref : refs) {
            const Event &e = m_trace.event(ref);
            while (!m_stack.empty() && m_graph.end[m_stack.back()] <= e.start)
                close();
            const std::uint32_t parent = m_stack.empty() ? kNoPathEvent : m_stack.back();
            const std::uint32_t id = std::uint32_t(m_graph.events.size());
            TimeNs end = e.end();
            if (parent != kNoPathEvent && end > m_graph.end[parent]) {
                end = m_graph.end[parent]; // overlaps its parent's end: drawn inside it anyway
                ++m_graph.clippedEvents;
            }
            PathCategory category = cpuCategory(m_trace, ref);
            const bool loading = (e.name < m_dataLoading.size() && m_dataLoading[e.name]) ||
                                 (parent != kNoPathEvent && m_graph.category[parent] == PathCategory::DataLoading);
            if (loading && category == PathCategory::Cpu)
                category = PathCategory::DataLoading;
            m_graph.events.push_back(ref);
            m_graph.parent.push_back(parent);
            m_graph.begin.push_back(e.start);
            m_graph.end.push_back(end);
            m_graph.category.push_back(category);
            m_lastChild.push_back(kNoPathEvent);
            localOf[ref.track][ref.index] = id;

            const std::uint32_t to = DependencyGraph::beginNode(id);
            if (parent != kNoPathEvent) {
                const std::uint32_t sibling = m_lastChild[parent];
                const std::uint32_t from = sibling == kNoPathEvent ? DependencyGraph::beginNode(parent)
                                                                   : DependencyGraph::endNode(sibling);
                const TimeNs ready = sibling == kNoPathEvent ? m_graph.begin[parent] : m_graph.end[sibling];
                addEdge(from, to, e.start - ready, parent, m_graph.category[parent], PathEdgeKind::Self);
                m_lastChild[parent] = id;
            } else if (m_previousOutermost != kNoPathEvent) {
                addEdge(DependencyGraph::endNode(m_previousOutermost), to, e.start - m_graph.end[m_previousOutermost],
                        id, PathCategory::Cpu, PathEdgeKind::Gap);
            } else if (m_mainEnd > m_mainFirst) {
                const auto [from, ready] = mainThreadAt(e.start);
                addEdge(from, to, e.start - ready, id, PathCategory::Cpu, PathEdgeKind::ThreadStart);
            } else {
                addEdge(DependencyGraph::kStartNode, to, e.start - scope.start, id, PathCategory::Cpu,
                        PathEdgeKind::Release);
            }
            m_stack.push_back(id);
        }
        while (!m_stack.empty())
            close();
        if (main)
            m_mainEnd = std::uint32_t(m_graph.events.size());
        if (m_previousOutermost != kNoPathEvent)
            addEdge(DependencyGraph::endNode(m_previousOutermost), DependencyGraph::kEndNode, 0, kNoPathEvent,
                    PathCategory::Cpu, PathEdgeKind::End);
    }

private:
    // The scope thread's node at `time`: the start of its event that began last
    // by then, or, once that ended, the end of its outermost ancestor that had.
    std::pair<std::uint32_t, TimeNs> mainThreadAt(TimeNs time) const
    {
        const auto begins = m_graph.begin.begin();
        const std::uint32_t after = std::uint32_t(
            std::upper_bound(begins + m_mainFirst, begins + m_mainEnd, time) - begins);
        if (after == m_mainFirst)
            return {DependencyGraph::kStartNode, m_graph.scope.start};
        std::uint32_t event = after - 1;
        if (m_graph.end[event] > time)
            return {DependencyGraph::beginNode(event), m_graph.begin[event]};
        while (m_graph.parent[event] != kNoPathEvent && m_graph.end[m_graph.parent[event]] <= time)
            event = m_graph.parent[event];
        return {DependencyGraph::endNode(event), m_graph.end[event]};
    }

    void close()
    {
        const std::uint32_t id = m_stack.back();
        m_stack.pop_back();
        const std::uint32_t last = m_lastChild[id];
        if (last == kNoPathEvent)
            addEdge(DependencyGraph::beginNode(id), DependencyGraph::endNode(id), m_graph.end[id] - m_graph.begin[id],
                    id, m_graph.category[id], PathEdgeKind::Duration);
        else
            addEdge(DependencyGraph::endNode(last), DependencyGraph::endNode(id), m_graph.end[id] - m_graph.end[last],
                    id, m_graph.category[id], PathEdgeKind::Self);
        if (m_graph.parent[id] == kNoPathEvent)
            m_previousOutermost = id;
    }

    void addEdge(std::uint32_t from, std::uint32_t to, TimeNs weight, std::uint32_t event, PathCategory category,
                 PathEdgeKind kind)
    {
        m_graph.edges.push_back({from, to, std::max<TimeNs>(0, weight), event, category, kind});
    }

    const Trace &m_trace;
    DependencyGraph &m_graph;
    std::vector<std::uint8_t> m_dataLoading; // by StringId
    std::vector<std::uint32_t> m_stack;
    std::vector<std::uint32_t> m_lastChild; // by local event
    std::uint32_t m_previousOutermost = kNoPathEvent;
    std::uint32_t m_mainFirst = 0, m_mainEnd = 0; // the scope thread's local events
};

} // namespace

DependencyGraph buildDependencyGraph(const Trace &trace, const PathScope &scope, const DependencyOptions &options)
{
    DependencyGraph graph;
    graph.scope = scope;
    if (scope.end <= scope.start)
        return graph;
    // The whole trace: the processes that launched GPU work, when any did (a
    // profiler's own span over the recording is no one's work).
    std::vector<std::uint8_t> launching(trace.processes.size(), 0);
    if (scope.wholeTrace && scope.process == kNoIndex)
        for (const Flow &flow : trace.flows)
            if (flow.kind == FlowKind::Launch && trace.tracks[flow.from.track].process >= 0)
                launching[std::size_t(trace.tracks[flow.from.track].process)] = 1;
    const bool anyLaunching = std::find(launching.begin(), launching.end(), 1) != launching.end();
    auto inScope = [&](const Track &track) {
        if (scope.process != kNoIndex)
            return track.process == scope.process;
        return !anyLaunching || (track.process >= 0 && launching[std::size_t(track.process)]);
    };
    std::map<std::int32_t, std::vector<std::uint32_t>> tracksOfThread;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &track = trace.tracks[t];
        if (isCpuTrack(track) && inScope(track))
            tracksOfThread[track.thread].push_back(t);
    }
    std::vector<std::vector<std::uint32_t>> localOf(trace.tracks.size());
    for (const auto &[thread, tracks] : tracksOfThread)
        for (const std::uint32_t t : tracks)
            localOf[t].assign(trace.tracks[t].events.size(), kNoPathEvent);
    CpuGraphBuilder cpu(trace, graph, options);
    const std::int32_t mainThread = scope.event.isValid() ? trace.tracks[scope.event.track].thread : kNoIndex;
    if (const auto main = tracksOfThread.find(mainThread); main != tracksOfThread.end())
        cpu.addThread(main->second, localOf, true);
    for (const auto &[thread, tracks] : tracksOfThread)
        if (thread != mainThread)
            cpu.addThread(tracks, localOf, false);
    detail::addGpuDependencies(trace, graph, localOf);
    return graph;
}

} // namespace tracelane
