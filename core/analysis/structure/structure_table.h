#pragma once
// A structure tree as rows (tracelane-cli tree): Path, Depth, Calls,
// CPU Self (ns), CPU Total (ns), GPU Self (ns), GPU Total (ns), depth first,
// each node's children by the chosen total, largest first.

#include "structure_tree.h"

#include "export/table.h"

namespace tracelane {

struct TreeTableOptions
{
    TreeMetric order = TreeMetric::Cpu;
    // Nodes whose CPU total and GPU total are both below this share (%) of the
    // tree's (the roots' sum) are left out, with everything under them.
    double minSharePercent = 0.0;
    std::string separator = ";"; // between the names of a path (the folded-stack convention)
};

// The nodes shown, in row order.
std::vector<std::uint32_t> treeRows(const StructureTree &tree, const TreeTableOptions &options = {});

Table asTable(const StructureTree &tree, const TreeTableOptions &options = {});

} // namespace tracelane
