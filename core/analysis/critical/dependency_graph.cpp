#include "dependency_graph.h"

#include "path_context.h"

#include <algorithm>
#include <span>
#include <tuple>

namespace tracelane {
namespace {



// Up to this many tracks per thread are merged by a linear pick; more are sorted.
constexpr std::size_t kMergeLimit = 8;

class CpuGraphBuilder
{
public:
    CpuGraphBuilder(const PathContext &context, DependencyGraph &graph, detail::LocalEvents &local)
        : m_context(context), m_trace(context.trace()), m_graph(graph), m_local(local)
    {
    }

    // One thread's events in [start, end) of every CPU track it has, nested by
    // time. The first thread added with `main` set is the scope's own: other
    // threads start from where it was when their first event began.
    void addThread(const std::vector<std::uint32_t> &tracks, bool main)
    {
        if (main)
            m_mainFirst = std::uint32_t(m_graph.events.size());
        const PathScope &scope = m_graph.scope;
        // Each track's events in the scope, already by start with the enclosing
        // (longer) event first: merged across the thread's few tracks.
        struct Cursor
        {
            std::uint32_t track, next, end;
            std::size_t flow; // first of the trace's flows (sorted by source) from at or after `next`
        };
        std::vector<Cursor> cursors;
        std::size_t count = 0; // events in scope, for the sort
        for (const std::uint32_t t : tracks) {
            const std::vector<Event> &events = m_trace.tracks[t].events;
            const auto first = std::lower_bound(events.begin(), events.end(), scope.start,
                                                [](const Event &e, TimeNs time) { return e.start < time; });
            const auto last = std::lower_bound(first, events.end(), scope.end,
                                               [](const Event &e, TimeNs time) { return e.start < time; });
            if (first == last)
                continue;
            const EventRef firstRef{t, std::uint32_t(first - events.begin())};
            const auto flow = std::lower_bound(m_trace.flows.begin(), m_trace.flows.end(), firstRef,
                                               [](const Flow &f, EventRef ref) { return f.from < ref; });
            cursors.push_back({t, firstRef.index, std::uint32_t(last - events.begin()),
                               std::size_t(flow - m_trace.flows.begin())});
            m_local.open(t, cursors.back().next, cursors.back().end);
            count += std::size_t(last - first);
        }
        m_stack.clear();
        m_previousOutermost = kNoPathEvent;
        if (cursors.size() > kMergeLimit) {
            // Many tracks on one thread (NVTX domains): sort instead of merging.
            std::vector<EventRef> refs;
            refs.reserve(count);
            for (const Cursor &c : cursors)
                for (std::uint32_t i = c.next; i < c.end; ++i)
                    refs.push_back({c.track, i});
            std::sort(refs.begin(), refs.end(), [&](EventRef a, EventRef b) {
                const Event &ea = m_trace.event(a), &eb = m_trace.event(b);
                return std::tuple(ea.start, -ea.duration, a.track, a.index) <
                       std::tuple(eb.start, -eb.duration, b.track, b.index);
            });
            for (const EventRef ref : refs)
                if (m_trace.event(ref).duration > 0)
                    add(ref, launchesGpuWork(m_trace.flowsFrom(ref)));
            cursors.clear();
        }
        for (;;) {
            Cursor *pick = nullptr;
            for (Cursor &c : cursors) {
                if (c.next == c.end)
                    continue;
                const Event &e = m_trace.tracks[c.track].events[c.next];
                if (!pick) {
                    pick = &c;
                    continue;
                }
                const Event &p = m_trace.tracks[pick->track].events[pick->next];
                if (std::tuple(e.start, -e.duration) < std::tuple(p.start, -p.duration))
                    pick = &c;
            }
            if (!pick)
                break;
            const EventRef ref{pick->track, pick->next++};
            if (m_trace.event(ref).duration == 0)
                continue;
            // The flows from this event, walked along with the track's events.
            const std::vector<Flow> &flows = m_trace.flows;
            while (pick->flow < flows.size() && flows[pick->flow].from < ref)
                ++pick->flow;
            std::size_t end = pick->flow;
            while (end < flows.size() && flows[end].from == ref)
                ++end;
            add(ref, launchesGpuWork(std::span<const Flow>(flows.data() + pick->flow, end - pick->flow)));
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
    bool launchesGpuWork(std::span<const Flow> flows) const
    {
        for (const Flow &flow : flows)
            if (flow.kind == FlowKind::Launch && isGpuWork(m_trace.event(flow.to).kind))
                return true;
        return false;
    }

    PathCategory categoryOf(const Event &e, bool launches, std::uint32_t parent) const
    {
        if (e.kind == EventKind::ApiCall) {
            if (launches)
                return PathCategory::LaunchOverhead;
            if (m_context.isSynchronize(e.name))
                return PathCategory::SyncWait;
        }
        if (m_context.isDataLoading(e.name) ||
            (parent != kNoPathEvent && m_graph.category[parent] == PathCategory::DataLoading))
            return PathCategory::DataLoading;
        return PathCategory::Cpu;
    }

    // `launches`: the event is a call that launched GPU work.
    void add(EventRef ref, bool launches)
    {
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
        m_graph.events.push_back(ref);
        m_graph.parent.push_back(parent);
        m_graph.begin.push_back(e.start);
        m_graph.end.push_back(end);
        m_graph.category.push_back(categoryOf(e, launches, parent));
        m_lastChild.push_back(kNoPathEvent);
        m_local.set(ref, id);

        const std::uint32_t to = DependencyGraph::beginNode(id);
        if (parent != kNoPathEvent) {
            const std::uint32_t sibling = m_lastChild[parent];
            const std::uint32_t from = sibling == kNoPathEvent ? DependencyGraph::beginNode(parent)
                                                               : DependencyGraph::endNode(sibling);
            const TimeNs ready = sibling == kNoPathEvent ? m_graph.begin[parent] : m_graph.end[sibling];
            addEdge(from, to, e.start - ready, parent, m_graph.category[parent], PathEdgeKind::Self);
            m_lastChild[parent] = id;
        } else if (m_previousOutermost != kNoPathEvent) {
            addEdge(DependencyGraph::endNode(m_previousOutermost), to, e.start - m_graph.end[m_previousOutermost], id,
                    PathCategory::Cpu, PathEdgeKind::Gap);
        } else if (m_mainEnd > m_mainFirst) {
            const auto [from, ready] = mainThreadAt(e.start);
            addEdge(from, to, e.start - ready, id, PathCategory::Cpu, PathEdgeKind::ThreadStart);
        } else {
            addEdge(DependencyGraph::kStartNode, to, e.start - m_graph.scope.start, id, PathCategory::Cpu,
                    PathEdgeKind::Release);
        }
        m_stack.push_back(id);
    }

    // The scope thread's node at `time`: the start of its event that began last
    // by then, or, once that ended, the end of its outermost ancestor that had.
    std::pair<std::uint32_t, TimeNs> mainThreadAt(TimeNs time) const
    {
        const auto begins = m_graph.begin.begin();
        const std::uint32_t after =
            std::uint32_t(std::upper_bound(begins + m_mainFirst, begins + m_mainEnd, time) - begins);
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

    const PathContext &m_context;
    const Trace &m_trace;
    DependencyGraph &m_graph;
    detail::LocalEvents &m_local;
    std::vector<std::uint32_t> m_stack;
    std::vector<std::uint32_t> m_lastChild; // by local event
    std::uint32_t m_previousOutermost = kNoPathEvent;
    std::uint32_t m_mainFirst = 0, m_mainEnd = 0; // the scope thread's local events
};

} // namespace

namespace detail {

void LocalEvents::open(std::uint32_t track, std::uint32_t first, std::uint32_t end)
{
    if (m_tracks.size() <= track)
        m_tracks.resize(track + 1);
    m_tracks[track].first = first;
    m_tracks[track].local.assign(end - first, kNoPathEvent);
}

} // namespace detail

DependencyGraph buildDependencyGraph(const PathContext &context, const PathScope &scope)
{
    const Trace &trace = context.trace();
    DependencyGraph graph;
    graph.scope = scope;
    if (scope.end <= scope.start)
        return graph;
    // The whole trace: the processes that launched GPU work, when any did (a
    // profiler's own span over the recording is no one's work).
    auto inScope = [&](std::int32_t process) {
        if (scope.process != kNoIndex)
            return process == scope.process;
        return !context.anyProcessLaunches() || context.launchesGpuWork(process);
    };
    // Sized once: on a whole trace the arrays hold millions of entries, and
    // growing them copies and touches memory twice.
    std::size_t estimate = 0;
    for (const auto &[thread, tracks] : context.threadTracks())
        if (thread == (scope.event.isValid() ? trace.tracks[scope.event.track].thread : kNoIndex) ||
            inScope(trace.tracks[tracks.front()].process))
            for (const std::uint32_t t : tracks) {
                const std::vector<Event> &events = trace.tracks[t].events;
                auto byStart = [](const Event &e, TimeNs time) { return e.start < time; };
                estimate += std::size_t(std::lower_bound(events.begin(), events.end(), scope.end, byStart) -
                                        std::lower_bound(events.begin(), events.end(), scope.start, byStart));
            }
    estimate *= 2; // about as many GPU ops as launch calls, and the calls' callers
    if (scope.wholeTrace)
        for (const StreamOps &stream : context.streams())
            estimate += stream.ops.size();
    graph.events.reserve(estimate);
    graph.parent.reserve(estimate);
    graph.begin.reserve(estimate);
    graph.end.reserve(estimate);
    graph.category.reserve(estimate);
    graph.edges.reserve(estimate * 9 / 4);
    detail::LocalEvents local;
    CpuGraphBuilder cpu(context, graph, local);
    const std::int32_t mainThread = scope.event.isValid() ? trace.tracks[scope.event.track].thread : kNoIndex;
    for (const auto &[thread, tracks] : context.threadTracks())
        if (thread == mainThread)
            cpu.addThread(tracks, true);
    for (const auto &[thread, tracks] : context.threadTracks())
        if (thread != mainThread && inScope(trace.tracks[tracks.front()].process))
            cpu.addThread(tracks, false);
    detail::addGpuDependencies(context, graph, local);
    return graph;
}

DependencyGraph buildDependencyGraph(const Trace &trace, const PathScope &scope, const DependencyOptions &options)
{
    return buildDependencyGraph(PathContext(trace, options), scope);
}

} // namespace tracelane
