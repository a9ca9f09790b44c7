#pragma once
// Where the time goes by the model's structure (docs/ANALYSIS_STRUCTURE.md): a
// tree of nn.Modules, Python call stacks, record_function / NVTX ranges or CPU
// ops, with each node's calls, CPU self and total time and the GPU time of the
// work launched inside it.
//
// The levels of a tree are the events of one family on each thread (modules:
// the "nn.Module: Name_N" Python frames; stacks: every Python frame; ranges:
// the ranges of every NVTX domain; ops: the CPU ops). Events of other
// families are no level: their time is their level-parent's self time. Nodes
// are keyed by path (the names from the outermost level down), so instances
// with the same path merge: the same module in every step, the same op under
// the same parents on every thread. Iteration markers ("ProfilerStep#5",
// "Iteration 5") merge under one name ("ProfilerStep#*"), so the steps'
// subtrees merge too.
//
// GPU time: each kernel, memcpy and memset counts once, its full duration, to
// the innermost level event on the launching thread whose time holds the
// launch call (start <= call start, call end <= end): its node's GPU self
// time. GPU total = self + the children's totals. Work launched outside every
// level event goes to one root node named "(outside ...)" with no calls, so
// the roots' GPU totals add up to all the GPU work launched in scope.
//
// Sums saturate at the model's time range (time_math.h) rather than overflow.
//
// One pass per thread over its level events and launches in time order with a
// stack of open events: O(n) for n events (O(n·k) for k tracks of a thread).

#include "model/trace.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tracelane {

enum class TreeLevels : std::uint8_t { Modules, Stacks, Ranges, Ops };

std::string_view treeLevelsName(TreeLevels levels); // "modules", "stacks", "ranges", "ops"
std::optional<TreeLevels> parseTreeLevels(std::string_view text);

struct TreeOptions
{
    TreeLevels levels = TreeLevels::Ops;
    // Only level events and launch calls that start in [from, to) count (an
    // iteration, an area selection); the GPU work they launched counts whole.
    TimeNs from = INT64_MIN;
    TimeNs to = INT64_MAX;
    // Indexed by thread index; empty: every thread.
    std::vector<bool> threads;
    // Each GPU operation also becomes a leaf under the node that launched it,
    // named by the operation (the GPU flame graph's kernels).
    bool gpuLeaves = false;
    // Keep each level event and its node, to list or outline a node's instances.
    bool keepInstances = false;
    // Work launched on a thread outside every level event of that thread counts
    // to the deepest level event open at the call on another thread of the same
    // process: the autograd thread's backward kernels to the main thread's
    // "BWD pass" range or "ProfilerStep#N" (the Breakdown's "All threads").
    bool anyThread = false;
};

constexpr std::uint32_t kNoTreeNode = 0xFFFFFFFFu;

struct TreeNode
{
    std::uint32_t parent = kNoTreeNode;
    std::uint32_t name = 0;   // index into StructureTree::names
    std::uint32_t depth = 0;  // 0 for the roots
    bool gpuOperation = false; // a leaf made by gpuLeaves (or the outside root)
    bool outside = false;      // the "(outside ...)" root
    std::int64_t calls = 0;
    TimeNs cpuSelf = 0, cpuTotal = 0;
    TimeNs gpuSelf = 0, gpuTotal = 0;
    std::vector<std::uint32_t> children; // in order of first appearance
};

struct TreeInstance
{
    EventRef ref;
    std::uint32_t node = 0;
};

struct StructureTree
{
    TreeLevels levels = TreeLevels::Ops;
    std::vector<std::string> names;
    std::vector<TreeNode> nodes;        // a parent before its children
    std::vector<std::uint32_t> roots;   // in order of first appearance
    std::vector<TreeInstance> instances; // with keepInstances, in thread then start order
    std::uint64_t levelEvents = 0;      // level events counted
    std::uint64_t gpuOperations = 0;    // GPU operations counted (launched in scope)
    TimeNs gpuTime = 0;                 // their summed duration = sum of the roots' GPU totals
    TimeNs gpuOutside = 0;              // of which launched outside every level event
    std::uint64_t otherThreadLaunches = 0; // with anyThread: operations counted to a level event of another thread
    std::uint64_t clippedEvents = 0;    // level events that ran past their parent's end (self times clip them)

    std::string_view name(std::uint32_t node) const { return names[nodes[node].name]; }
    std::string path(std::uint32_t node, std::string_view separator = ";") const;
    bool empty() const { return levelEvents == 0 && gpuOperations == 0; }
};

StructureTree buildStructureTree(const Trace &trace, const TreeOptions &options = {});

// Limits `options` to iteration `number` (ProfilerStep#N, Iteration N: iteration_table.h).
// Returns what went wrong for a trace without that iteration, else an empty string.
std::string limitTreeToIteration(const Trace &trace, std::int64_t number, TreeOptions &options);

// The level events of `node` (needs keepInstances), in thread then start order.
std::vector<EventRef> treeNodeInstances(const StructureTree &tree, std::uint32_t node);

// Child order for reports and charts: by the chosen total, largest first, then name.
enum class TreeMetric : std::uint8_t { Cpu, Gpu };
std::vector<std::uint32_t> sortedChildren(const StructureTree &tree, const std::vector<std::uint32_t> &nodes,
                                          TreeMetric metric);

} // namespace tracelane
