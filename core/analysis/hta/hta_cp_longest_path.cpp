#include "hta_cp_graph.h"

namespace tracelane::htacp {

std::vector<std::uint32_t> longestPath(const Graph &graph, std::string &error)
{
    const std::size_t n = graph.nodes.size();
    // networkx's topological_generations: the nodes without predecessors in the
    // order they entered the graph, then generation by generation, each node's
    // successors in the order their edges were added.
    std::vector<std::uint32_t> waiting(n, 0);
    for (const std::uint32_t v : graph.graphOrder)
        waiting[v] = static_cast<std::uint32_t>(graph.predecessors[v].size());
    std::vector<std::uint32_t> order;
    order.reserve(graph.graphOrder.size());
    for (const std::uint32_t v : graph.graphOrder)
        if (waiting[v] == 0)
            order.push_back(v);
    for (std::size_t generationStart = 0; generationStart < order.size();) {
        const std::size_t generationEnd = order.size();
        for (std::size_t i = generationStart; i < generationEnd; ++i)
            for (const std::uint32_t e : graph.successors[order[i]]) {
                const std::uint32_t child = graph.edges[e].to;
                if (--waiting[child] == 0)
                    order.push_back(child);
            }
        generationStart = generationEnd;
    }
    if (order.size() != graph.graphOrder.size()) {
        error = "HTA 0.6 fails: the graph has a cycle";
        return {};
    }

    // dag_longest_path: each node's first best predecessor (HTA counts an edge of
    // weight -1 or less as 0), a negative best restarting the path there.
    constexpr std::uint32_t kNone = 0xFFFFFFFFu;
    std::vector<double> length(n, 0);
    std::vector<std::uint32_t> via(n, kNone); // the edge from the best predecessor
    const auto weight = [&](std::uint32_t e) { return graph.edges[e].weight <= -1 ? 0.0 : graph.edges[e].weight; };
    for (const std::uint32_t v : order) {
        bool any = false;
        double best = 0;
        std::uint32_t bestEdge = kNone;
        for (const std::uint32_t e : graph.predecessors[v]) {
            const double candidate = length[graph.edges[e].from] + weight(e);
            if (!any || candidate > best) {
                any = true;
                best = candidate;
                bestEdge = e;
            }
        }
        if (any && best >= 0) {
            length[v] = best;
            via[v] = bestEdge;
        }
    }
    std::uint32_t end = kNone;
    for (const std::uint32_t v : order)
        if (end == kNone || length[v] > length[end])
            end = v;
    std::vector<std::uint32_t> path;
    for (std::uint32_t v = end; v != kNone && via[v] != kNone; v = graph.edges[via[v]].from)
        path.push_back(via[v]);
    return {path.rbegin(), path.rend()};
}

} // namespace tracelane::htacp
