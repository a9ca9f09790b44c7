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

TimeNs saturatingAdd(TimeNs a, TimeNs b)
{
    TimeNs sum = 0;
    return __builtin_add_overflow(a, b, &sum) ? std::numeric_limits<TimeNs>::max() : sum;
}

bool showsOnPath(const PathEdge &edge, TimeNs weight)
{
    return weight > 0 || edge.kind == PathEdgeKind::Launch || edge.kind == PathEdgeKind::SyncWait ||
           edge.kind == PathEdgeKind::StreamWait;
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

    // Out-edges by node (counting sort) in parallel arrays, so the pass below
    // reads each node's edges from one place; and in-degrees.
    std::vector<std::uint32_t> offset(nodes + 1, 0), inDegree(nodes, 0);
    for (const PathEdge &e : graph.edges) {
        ++offset[e.from + 1];
        ++inDegree[e.to];
    }
    std::partial_sum(offset.begin(), offset.end(), offset.begin());
    std::vector<std::uint32_t> edgeOf(graph.edges.size()), target(graph.edges.size());
    std::vector<TimeNs> weightOf(graph.edges.size());
    std::vector<std::uint8_t> rankOf(graph.edges.size());
    {
        std::vector<std::uint32_t> fill(offset.begin(), offset.end() - 1);
        for (std::uint32_t k = 0; k < graph.edges.size(); ++k) {
            const std::uint32_t at = fill[graph.edges[k].from]++;
            edgeOf[at] = k;
            target[at] = graph.edges[k].to;
            weightOf[at] = weights[k];
            rankOf[at] = std::uint8_t(priority(graph.edges[k].kind));
        }
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
    std::vector<TimeNs> time(nodes, kUnreached);
    std::vector<std::uint32_t> best(nodes, kNoPathEvent); // index into the arrays above
    std::vector<std::uint8_t> bestRank(nodes, 0), done(nodes, 0);
    std::vector<std::uint32_t> ready{DependencyGraph::kStartNode};
    time[DependencyGraph::kStartNode] = graph.scope.start;
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
            while (nextByTime < nodes && done[byTime[nextByTime]])
                ++nextByTime;
            if (nextByTime == nodes)
                break;
            const std::uint32_t forced = byTime[nextByTime];
            ++path.brokenCycles;
            if (time[forced] == kUnreached)
                time[forced] = observed(forced);
            ready.push_back(forced);
        }
        const std::uint32_t u = ready.back();
        ready.pop_back();
        if (done[u])
            continue;
        done[u] = 1;
        ++processed;
        const TimeNs from = time[u];
        for (std::uint32_t k = offset[u]; k < offset[u + 1]; ++k) {
            const std::uint32_t v = target[k];
            if (done[v])
                continue; // closes a cycle that was broken above
            const TimeNs arrival = saturatingAdd(from, weightOf[k]);
            if (arrival > time[v] || (arrival == time[v] && rankOf[k] > bestRank[v])) {
                time[v] = arrival;
                best[v] = k;
                bestRank[v] = rankOf[k];
            }
            if (--inDegree[v] == 0)
                ready.push_back(v);
        }
    }
    if (time[DependencyGraph::kEndNode] == kUnreached)
        return path;
    path.length = time[DependencyGraph::kEndNode] - graph.scope.start;

    for (std::uint32_t node = DependencyGraph::kEndNode; best[node] != kNoPathEvent;) {
        const std::uint32_t edge = edgeOf[best[node]];
        const PathEdge &e = graph.edges[edge];
        path.byCategory[std::size_t(e.category)] += weights[edge];
        if (showsOnPath(e, weights[edge]))
            path.steps.push_back({e.event == kNoPathEvent ? EventRef{} : graph.events[e.event], e.kind, e.category,
                                  time[e.from], weights[edge]});
        node = e.from;
    }
    std::reverse(path.steps.begin(), path.steps.end());
    return path;
}

CriticalPath solveCriticalPath(const DependencyGraph &graph)
{
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
