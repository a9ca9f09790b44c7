#pragma once
// HTA's critical path graph (CPGraph) over the rows of one window (internal to
// hta_critical_path*.cpp): a start and an end node per operator, runtime call
// and GPU row, and its edges in the order HTA adds them, because networkx
// breaks ties in the longest path by that order. See
// docs/ANALYSIS_CRITICAL_PATH_HTA.md for every rule.

#include "hta_cp_frame.h"
#include "hta_cp_launches.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace tracelane::htacp {

enum class EdgeType : std::uint8_t { OperatorKernel, Dependency, KernelLaunchDelay, KernelKernelDelay, SyncDependency };

inline constexpr std::uint32_t kNoNode = 0xFFFFFFFFu;

struct Node
{
    std::uint32_t row = 0; // position in Frame::rows
    double ts = 0;
    bool start = false;
};

struct Edge
{
    std::uint32_t from = 0, to = 0; // nodes
    EdgeType type = EdgeType::Dependency;
    double weight = 0;                  // as HTA's edge object keeps it (may be negative)
    std::int64_t attributed = -1;       // HTA index of the event the edge is attributed to
    bool hasAttribution = false;
};

class Graph
{
public:
    // `window` holds positions into frame.rows: HTA's clipped rows, in index order.
    Graph(const Frame &frame, const Launches &launches, const std::vector<std::uint32_t> &window);

    const Frame &frame;
    std::string error;                  // why HTA would fail
    std::vector<Node> nodes;            // HTA's node list, sorted by (ts, index)
    std::vector<Edge> edges;            // in the order first added (later additions overwrite the data)
    std::vector<std::uint32_t> graphOrder; // nodes in the order they entered the graph
    std::vector<std::vector<std::uint32_t>> successors, predecessors; // edge ids, in order added

    std::uint32_t startOf(std::uint32_t row) const { return m_start[row]; }
    std::uint32_t endOf(std::uint32_t row) const { return m_end[row]; }

private:
    std::uint32_t addEdge(std::uint32_t from, std::uint32_t to, EdgeType type, bool zeroWeight = false);
    void attribute(std::uint32_t edge, std::int64_t sourceParent);
    void createNodes(const std::vector<std::uint32_t> &window);
    void runtimeLockEdges();
    void callStackEdges(const std::vector<std::uint32_t> &window);
    void kernelEdges(const std::vector<std::uint32_t> &window);
    bool sharesRuntimeLock(std::uint32_t a, std::uint32_t b) const;

    const Launches &m_launches;
    std::vector<std::uint32_t> m_start, m_end; // by row position: its nodes, or kNoNode
    std::unordered_map<std::uint64_t, std::uint32_t> m_edgeOf; // (from << 32 | to) -> edge id
    std::vector<std::uint8_t> m_inGraph;
};

// networkx's dag_longest_path over the graph, with HTA's weights (edges of
// weight -1 or less count 0) and networkx 2.8's ties: nodes in Kahn order by
// generations, the first best predecessor, the first node of greatest length.
// Edge ids along the path; empty with `error` set when the graph has a cycle.
std::vector<std::uint32_t> longestPath(const Graph &graph, std::string &error);

} // namespace tracelane::htacp
