#include "critical_path.h"

#include "path_context.h"
#include "what_if.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <set>

namespace tracelane {
namespace {

// On equal arrival, the dependency that explains most wins: a wait on another
// lane, then stream order, then the launch, then the thread's own order.
int priority(PathEdgeKind kind)
{
    switch (kind) {
    case PathEdgeKind::SyncWait:
    case PathEdgeKind::StreamWait: return 5;
    case PathEdgeKind::StreamOrder: return 4;
    case PathEdgeKind::Launch: return 3;
    case PathEdgeKind::Duration:
    case PathEdgeKind::Self: return 2;
    case PathEdgeKind::Gap:
    case PathEdgeKind::ThreadStart:
    case PathEdgeKind::End: return 1;
    case PathEdgeKind::Release: return 0;
    }
    return 0;
}

TimeNs addCappedAtMax(TimeNs a, TimeNs b)
{
    TimeNs sum = 0;
    return __builtin_add_overflow(a, b, &sum) ? std::numeric_limits<TimeNs>::max() : sum;
}

bool showsOnPath(const PathEdge &edge, TimeNs weight)
{
    return weight > 0 || edge.kind == PathEdgeKind::Launch || edge.kind == PathEdgeKind::SyncWait ||
           edge.kind == PathEdgeKind::StreamWait;
}

// Walks back from the end node along each node's chosen in-edge and fills
// the path's length, split and stretches. `weightOf(edge)` gives the weights.
template<typename BestOf, typename TimeOf, typename WeightOf>
void collectPath(const DependencyGraph &graph, CriticalPath &path, const BestOf &bestOf, const TimeOf &timeOf,
                 const WeightOf &weightOf)
{
    path.length = timeOf(DependencyGraph::kEndNode) - graph.scope.start;
    // The edges first (4 bytes each), then the stretches in one allocation: a
    // whole trace's path has millions.
    std::vector<std::uint32_t> edges;
    std::size_t shown = 0;
    for (std::uint32_t node = DependencyGraph::kEndNode; bestOf(node) != kNoPathEvent;) {
        const std::uint32_t edge = bestOf(node);
        const PathEdge &e = graph.edges[edge];
        path.byCategory[std::size_t(e.category)] += weightOf(edge);
        edges.push_back(edge);
        shown += showsOnPath(e, weightOf(edge)) ? 1 : 0;
        node = e.from;
        if (edges.size() > graph.edges.size())
            break; // cannot happen on a graph without cycles
    }
    path.steps.reserve(shown);
    for (auto it = edges.rbegin(); it != edges.rend(); ++it) {
        const PathEdge &e = graph.edges[*it];
        if (showsOnPath(e, weightOf(*it)))
            path.steps.push_back({e.event == kNoPathEvent ? EventRef{} : graph.events[e.event], e.kind, e.category,
                                  timeOf(e.from), weightOf(*it)});
    }
}

TimeNs observedTime(const DependencyGraph &graph, std::uint32_t node, TimeNs endTime)
{
    if (node == DependencyGraph::kStartNode)
        return graph.scope.start;
    if (node == DependencyGraph::kEndNode)
        return endTime;
    const std::uint32_t event = (node - 2) / 2;
    return node % 2 == 0 ? graph.begin[event] : graph.end[event];
}

// With the trace's own times every node's longest distance is its time in the
// trace (only one edge into a node carries a wait, and it is tight: see
// dependency_graph.h), so the path is the chain of tight in-edges from the
// end, chosen as the full pass chooses them (rank, then the lower edge). No
// pass over the whole graph: on millions of events that is most of the cost.
bool solveByTightEdges(const DependencyGraph &graph, CriticalPath &path)
{
    if (graph.inexactEdges > 0)
        return false;
    TimeNs endTime = std::numeric_limits<TimeNs>::min();
    bool reachesEnd = false;
    for (const PathEdge &e : graph.edges)
        if (e.to == DependencyGraph::kEndNode) {
            endTime = std::max(endTime, observedTime(graph, e.from, 0));
            reachesEnd = true;
        }
    if (!reachesEnd)
        return true; // nothing reaches the end: an empty path
    // Each node's tight in-edge, in one pass over the edges (sequential reads; no
    // index of in-edges to build on millions of nodes).
    const std::uint32_t nodes = graph.nodeCount();
    std::vector<std::uint32_t> best(nodes, kNoPathEvent);
    std::vector<std::uint8_t> bestRank(nodes, 0);
    for (std::uint32_t edge = 0; edge < graph.edges.size(); ++edge) {
        const PathEdge &e = graph.edges[edge];
        if (addCappedAtMax(observedTime(graph, e.from, endTime), e.weight) != observedTime(graph, e.to, endTime))
            continue;
        const std::uint8_t rank = std::uint8_t(priority(e.kind));
        if (best[e.to] == kNoPathEvent || rank > bestRank[e.to]) { // ties: the lower edge, met first
            best[e.to] = edge;
            bestRank[e.to] = rank;
        }
    }
    best[DependencyGraph::kStartNode] = kNoPathEvent;
    collectPath(graph, path, [&](std::uint32_t node) { return best[node]; },
                [&](std::uint32_t node) { return observedTime(graph, node, endTime); },
                [&](std::uint32_t edge) { return graph.edges[edge].weight; });
    return true;
}

} // namespace

std::vector<EventRef> CriticalPath::pathEvents() const
{
    std::vector<EventRef> events;
    for (const PathStep &step : steps)
        if (step.event.isValid() && (events.empty() || !(events.back() == step.event)))
            events.push_back(step.event);
    return events;
}

CriticalPath solveCriticalPath(const DependencyGraph &graph, const std::vector<TimeNs> &weights)
{
    CriticalPath path;
    path.scope = graph.scope;
    path.events = graph.events.size();
    path.edges = graph.edges.size();
    path.clippedEvents = graph.clippedEvents;
    const std::uint32_t nodes = graph.nodeCount();
    if (graph.events.empty())
        return path;

    // Out-edges by node (counting sort), and in-degrees. Edges are not copied:
    // on a whole trace of millions of events, memory first touched costs more
    // than reading the edges where they are.
    std::vector<std::uint32_t> offset(nodes + 1, 0), inDegree(nodes, 0);
    for (const PathEdge &e : graph.edges) {
        ++offset[e.from + 1];
        ++inDegree[e.to];
    }
    std::partial_sum(offset.begin(), offset.end(), offset.begin());
    std::vector<std::uint32_t> edgeOf(graph.edges.size());
    {
        std::vector<std::uint32_t> fill(offset.begin(), offset.end() - 1);
        for (std::uint32_t k = 0; k < graph.edges.size(); ++k)
            edgeOf[fill[graph.edges[k].from]++] = k;
    }
    auto observed = [&](std::uint32_t node) {
        if (node == DependencyGraph::kStartNode)
            return graph.scope.start;
        if (node == DependencyGraph::kEndNode)
            return std::numeric_limits<TimeNs>::max();
        const std::uint32_t event = (node - 2) / 2;
        return node % 2 == 0 ? graph.begin[event] : graph.end[event];
    };

    // Longest distances in topological order (Kahn). A dependency that runs
    // back in time can close a cycle; then the earliest waiting node goes first.
    constexpr TimeNs kUnreached = std::numeric_limits<TimeNs>::min();
    // One record per node: the pass touches one cache line per edge it follows.
    struct NodeState
    {
        TimeNs time = kUnreached;
        std::uint32_t best = kNoPathEvent; // the edge it arrived by
        std::uint32_t inDegree = 0;
        std::uint8_t bestRank = 0;
        std::uint8_t done = 0;
    };
    std::vector<NodeState> state(nodes);
    for (std::uint32_t n = 0; n < nodes; ++n)
        state[n].inDegree = inDegree[n];
    std::vector<std::uint32_t>().swap(inDegree);
    std::vector<std::uint32_t> ready{DependencyGraph::kStartNode};
    state[DependencyGraph::kStartNode].time = graph.scope.start;
    std::vector<std::uint32_t> byTime;
    std::size_t nextByTime = 0;
    std::uint32_t processed = 0;
    while (processed < nodes) {
        if (ready.empty()) {
            if (byTime.empty()) {
                byTime.resize(nodes);
                std::iota(byTime.begin(), byTime.end(), 0u);
                std::sort(byTime.begin(), byTime.end(), [&](std::uint32_t a, std::uint32_t b) {
                    return std::pair(observed(a), a) < std::pair(observed(b), b);
                });
            }
            while (nextByTime < nodes && state[byTime[nextByTime]].done)
                ++nextByTime;
            if (nextByTime == nodes)
                break;
            const std::uint32_t forced = byTime[nextByTime];
            ++path.brokenCycles;
            if (state[forced].time == kUnreached)
                state[forced].time = observed(forced);
            ready.push_back(forced);
        }
        const std::uint32_t u = ready.back();
        ready.pop_back();
        if (state[u].done)
            continue;
        state[u].done = 1;
        ++processed;
        const TimeNs from = state[u].time;
        for (std::uint32_t k = offset[u]; k < offset[u + 1]; ++k) {
            const std::uint32_t edge = edgeOf[k];
            const PathEdge &e = graph.edges[edge];
            NodeState &v = state[e.to];
            if (v.done)
                continue; // closes a cycle that was broken above
            const TimeNs arrival = addCappedAtMax(from, weights[edge]);
            const std::uint8_t rank = std::uint8_t(priority(e.kind));
            if (arrival > v.time || (arrival == v.time && (rank > v.bestRank || (rank == v.bestRank && edge < v.best)))) {
                v.time = arrival;
                v.best = edge;
                v.bestRank = rank;
            }
            if (--v.inDegree == 0)
                ready.push_back(e.to);
        }
    }
    if (state[DependencyGraph::kEndNode].time == kUnreached)
        return path;
    collectPath(graph, path, [&](std::uint32_t node) { return state[node].best; },
                [&](std::uint32_t node) { return state[node].time; }, [&](std::uint32_t edge) { return weights[edge]; });
    return path;
}

CriticalPath solveCriticalPath(const DependencyGraph &graph)
{
    CriticalPath path;
    path.scope = graph.scope;
    path.events = graph.events.size();
    path.edges = graph.edges.size();
    path.clippedEvents = graph.clippedEvents;
    if (!graph.events.empty() && solveByTightEdges(graph, path))
        return path;
    std::vector<TimeNs> weights(graph.edges.size());
    std::transform(graph.edges.begin(), graph.edges.end(), weights.begin(), [](const PathEdge &e) { return e.weight; });
    return solveCriticalPath(graph, weights);
}

CriticalPath criticalPath(const Trace &trace, const PathScope &scope, const WhatIf *whatIf)
{
    return criticalPath(PathContext(trace), scope, whatIf);
}

CriticalPath criticalPath(const PathContext &context, const PathScope &scope, const WhatIf *whatIf)
{
    const Trace &trace = context.trace();
    const DependencyGraph graph = buildDependencyGraph(context, scope);
    if (!whatIf)
        return solveCriticalPath(graph);
    return solveCriticalPath(graph, whatIfWeights(trace, graph, *whatIf));
}

} // namespace tracelane
