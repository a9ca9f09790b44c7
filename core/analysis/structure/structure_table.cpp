#include "structure_table.h"

#include "model/time_math.h"

namespace tracelane {

std::vector<std::uint32_t> treeRows(const StructureTree &tree, const TreeTableOptions &options)
{
    TimeNs cpuAll = 0, gpuAll = 0;
    for (std::uint32_t root : tree.roots) {
        cpuAll = saturatingAdd(cpuAll, tree.nodes[root].cpuTotal);
        gpuAll = saturatingAdd(gpuAll, tree.nodes[root].gpuTotal);
    }
    const double share = options.minSharePercent / 100.0;
    auto shown = [&](std::uint32_t n) {
        if (share <= 0.0)
            return true;
        const TreeNode &node = tree.nodes[n];
        const bool cpuShare = cpuAll > 0 && double(node.cpuTotal) >= share * double(cpuAll);
        const bool gpuShare = gpuAll > 0 && double(node.gpuTotal) >= share * double(gpuAll);
        return cpuShare || gpuShare;
    };
    std::vector<std::uint32_t> rows;
    // Depth first with an explicit stack: trees may be thousands of levels deep.
    std::vector<std::uint32_t> pending;
    const auto roots = sortedChildren(tree, tree.roots, options.order);
    pending.assign(roots.rbegin(), roots.rend());
    while (!pending.empty()) {
        const std::uint32_t n = pending.back();
        pending.pop_back();
        if (!shown(n))
            continue;
        rows.push_back(n);
        const auto children = sortedChildren(tree, tree.nodes[n].children, options.order);
        pending.insert(pending.end(), children.rbegin(), children.rend());
    }
    return rows;
}

Table asTable(const StructureTree &tree, const TreeTableOptions &options)
{
    Table table;
    table.columns = {"Path", "Depth", "Calls", "CPU Self (ns)", "CPU Total (ns)", "GPU Self (ns)", "GPU Total (ns)"};
    for (std::uint32_t n : treeRows(tree, options)) {
        const TreeNode &node = tree.nodes[n];
        table.rows.push_back({Cell::text(tree.path(n, options.separator)), Cell::integer(node.depth),
                              Cell::integer(node.calls), Cell::integer(node.cpuSelf), Cell::integer(node.cpuTotal),
                              Cell::integer(node.gpuSelf), Cell::integer(node.gpuTotal)});
    }
    return table;
}

} // namespace tracelane
