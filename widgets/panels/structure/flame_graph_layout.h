#pragma once
// Where each node of a structure tree goes in an icicle flame graph: the
// outermost nodes on the top row, each node's children under it, left to
// right by size, each as wide as its share of the chosen total (CPU or GPU
// time). Nodes narrower than a minimum width are left out with all under them,
// so a tree of any size lays out in time proportional to what is drawn.

#include "analysis/structure/structure_tree.h"

#include <vector>

namespace tracelane {

struct FlameBox
{
    std::uint32_t node = 0;
    double x0 = 0.0, x1 = 0.0; // in [0, width]
    int row = 0;               // 0 = the top row
};

struct FlameLayout
{
    std::vector<FlameBox> boxes; // a parent before its children
    int rows = 0;
    TimeNs total = 0; // what the full width stands for
};

// With `zoom` (a node), it fills the top row and only what is under it is
// laid out; kNoTreeNode lays out the whole tree. Children whose totals add up
// to more than their parent (CPU events clipped at its end) are scaled to fit under it.
FlameLayout layoutFlameGraph(const StructureTree &tree, TreeMetric metric, std::uint32_t zoom, double width,
                             double minWidth = 0.5);

TimeNs flameTotal(const StructureTree &tree, TreeMetric metric, std::uint32_t node);
TimeNs flameSelf(const StructureTree &tree, TreeMetric metric, std::uint32_t node);

} // namespace tracelane
