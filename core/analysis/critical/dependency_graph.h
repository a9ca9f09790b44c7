#pragma once
// The dependency graph a critical path runs over (docs/ANALYSIS_CRITICAL_PATH.md):
// two nodes per event, its start and its end, and edges that say what had to
// happen first. Each edge carries the nanoseconds the trace shows it took; where
// a node waits on several edges, only the one that arrived last carries its
// wait (the others weigh 0), so the longest path through the graph reproduces
// the trace's own times, and shortening a duration shows what else binds.

#include "path_category.h"

#include "model/trace.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tracelane {

// What the graph covers: CPU events that start in [start, end) on the threads
// of `process` (every process for kNoIndex), the GPU ops they launched, and the
// ops that ran before those on the same streams since `start`.
struct PathScope
{
    TimeNs start = 0;
    TimeNs end = 0;
    EventRef event;                  // the step or range; invalid for the whole trace
    std::int32_t process = kNoIndex; // index into Trace::processes
    bool wholeTrace = false;         // every GPU op, launched in scope or not
};

struct DependencyOptions
{
    // A CPU event whose name, or an enclosing event's name, contains one of
    // these counts as data loading.
    std::vector<std::string> dataLoadingNames{"DataLoader"};
};

constexpr std::uint32_t kNoPathEvent = 0xFFFFFFFFu;

struct PathEdge
{
    std::uint32_t from = 0, to = 0; // node ids
    TimeNs weight = 0;              // as the trace shows it
    std::uint32_t event = kNoPathEvent; // local event whose time this is
    PathCategory category = PathCategory::Cpu;
    PathEdgeKind kind = PathEdgeKind::Duration;
};

struct DependencyGraph
{
    static constexpr std::uint32_t kStartNode = 0, kEndNode = 1;
    static std::uint32_t beginNode(std::uint32_t event) { return 2 + 2 * event; }
    static std::uint32_t endNode(std::uint32_t event) { return 3 + 2 * event; }

    PathScope scope;
    std::vector<EventRef> events;      // local event -> the model's event
    std::vector<std::uint32_t> parent; // enclosing CPU event, kNoPathEvent for outermost ones and GPU ops
    std::vector<TimeNs> begin, end;    // each event's times in the graph (clipped to its parent, or the scope's start)
    std::vector<PathCategory> category; // of its own time
    std::vector<PathEdge> edges;
    std::uint64_t clippedEvents = 0;   // CPU events that overlapped their parent's end

    std::uint32_t nodeCount() const { return std::uint32_t(2 + 2 * events.size()); }
};

DependencyGraph buildDependencyGraph(const Trace &trace, const PathScope &scope, const DependencyOptions &options = {});

namespace detail {
// The GPU half of buildDependencyGraph (dependency_graph_gpu.cpp): GPU ops,
// launch, stream-order, stream-wait and synchronisation edges. `localOf[t][i]`
// is the local event of (t, i) for the CPU tracks already added.
void addGpuDependencies(const Trace &trace, DependencyGraph &graph,
                        const std::vector<std::vector<std::uint32_t>> &localOf);
} // namespace detail

} // namespace tracelane
