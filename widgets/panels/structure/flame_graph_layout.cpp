#include "panels/structure/flame_graph_layout.h"

#include <algorithm>

namespace tracelane {

TimeNs flameTotal(const StructureTree &tree, TreeMetric metric, std::uint32_t node)
{
    const TreeNode &n = tree.nodes[node];
    return metric == TreeMetric::Gpu ? n.gpuTotal : n.cpuTotal;
}

TimeNs flameSelf(const StructureTree &tree, TreeMetric metric, std::uint32_t node)
{
    const TreeNode &n = tree.nodes[node];
    return metric == TreeMetric::Gpu ? n.gpuSelf : n.cpuSelf;
}

FlameLayout layoutFlameGraph(const StructureTree &tree, TreeMetric metric, std::uint32_t zoom, double width,
                             double minWidth)
{
    FlameLayout layout;
    std::vector<std::uint32_t> top = zoom == kNoTreeNode ? tree.roots : std::vector<std::uint32_t>{zoom};
    for (std::uint32_t n : top)
        layout.total += std::max<TimeNs>(0, flameTotal(tree, metric, n));
    if (layout.total <= 0 || width <= 0)
        return layout;
    const double scale = width / double(layout.total);

    // Breadth first: a row's boxes are placed before the row below.
    struct Pending
    {
        std::vector<std::uint32_t> nodes;
        double x0 = 0.0, available = 0.0;
        int row = 0;
    };
    std::vector<Pending> queue{{top, 0.0, width, 0}};
    for (std::size_t q = 0; q < queue.size(); ++q) {
        const Pending group = std::move(queue[q]);
        const std::vector<std::uint32_t> ordered = sortedChildren(tree, group.nodes, metric);
        double sum = 0.0;
        for (std::uint32_t n : ordered)
            sum += double(std::max<TimeNs>(0, flameTotal(tree, metric, n))) * scale;
        const double fit = sum > group.available && sum > 0 ? group.available / sum : 1.0;
        double x = group.x0;
        for (std::uint32_t n : ordered) {
            const double w = double(std::max<TimeNs>(0, flameTotal(tree, metric, n))) * scale * fit;
            if (w < minWidth)
                break; // sorted by size: the rest are narrower still
            layout.boxes.push_back({n, x, x + w, group.row});
            layout.rows = std::max(layout.rows, group.row + 1);
            if (!tree.nodes[n].children.empty())
                queue.push_back({tree.nodes[n].children, x, w, group.row + 1});
            x += w;
        }
    }
    return layout;
}

} // namespace tracelane
