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
    // Waits the trace shows as negative (a GPU op starting before its launch
    // call, clock skew), taken as 0: the longest path then needs a full pass.
    std::uint64_t inexactEdges = 0;

    std::uint32_t nodeCount() const { return std::uint32_t(2 + 2 * events.size()); }
};

DependencyGraph buildDependencyGraph(const Trace &trace, const PathScope &scope, const DependencyOptions &options = {});

class PathContext;

namespace detail {
// The local event of each model event in the graph, by track: only the range
// of a track the scope covers is held.
class LocalEvents
{
public:
    void open(std::uint32_t track, std::uint32_t first, std::uint32_t end);
    void set(EventRef ref, std::uint32_t local) { m_tracks[ref.track].local[ref.index - m_tracks[ref.track].first] = local; }
    std::uint32_t get(EventRef ref) const
    {
        if (!ref.isValid() || ref.track >= m_tracks.size())
            return kNoPathEvent;
        const Range &range = m_tracks[ref.track];
        return ref.index >= range.first && ref.index - range.first < range.local.size()
                   ? range.local[ref.index - range.first]
                   : kNoPathEvent;
    }

private:
    struct Range
    {
        std::uint32_t first = 0;
        std::vector<std::uint32_t> local;
    };
    std::vector<Range> m_tracks;
};

// The GPU half of buildDependencyGraph (dependency_graph_gpu.cpp): GPU ops,
// launch, stream-order, stream-wait and synchronisation edges, after the CPU
// events are in `local`.
void addGpuDependencies(const PathContext &context, DependencyGraph &graph, const LocalEvents &local);
} // namespace detail

} // namespace tracelane
