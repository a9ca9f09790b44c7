#pragma once
// The critical path of a step, a range or the whole trace: the longest path
// through its dependency graph (dependency_graph.h) from the scope's start to
// the end of its last event, and its time split by cause. With the trace's own
// times the path is as long as the scope's span; with durations changed
// (what_if.h) the same graph gives the new length and the new path.

#include "dependency_graph.h"

#include <array>
#include <cstdint>
#include <vector>

namespace tracelane {

struct WhatIf;

// One stretch of the path: an edge of the graph with the time it adds.
struct PathStep
{
    EventRef event;  // whose time it is; invalid for the end
    PathEdgeKind kind = PathEdgeKind::Duration;
    PathCategory category = PathCategory::Cpu;
    TimeNs start = 0;  // when the stretch begins, in the path's own (modelled) times
    TimeNs onPath = 0; // ns it adds to the path
};

struct CriticalPath
{
    PathScope scope;
    TimeNs length = 0; // from scope.start to the end of the last event
    std::array<TimeNs, kPathCategoryCount> byCategory{};
    std::vector<PathStep> steps; // from the start; stretches that add time, and the hops between lanes
    std::uint64_t events = 0, edges = 0;
    std::uint64_t brokenCycles = 0; // dependencies dropped because they ran back in time (clock skew)
    std::uint64_t clippedEvents = 0;

    TimeNs time(PathCategory category) const { return byCategory[std::size_t(category)]; }
    // The distinct events on the path, in path order.
    std::vector<EventRef> pathEvents() const;
};

// The path over `graph` with each edge's weight from `weights` (parallel to graph.edges).
CriticalPath solveCriticalPath(const DependencyGraph &graph, const std::vector<TimeNs> &weights);
// With the trace's own times.
CriticalPath solveCriticalPath(const DependencyGraph &graph);

class PathContext;

// Builds the graph and solves it, with the durations `whatIf` changes when given.
CriticalPath criticalPath(const Trace &trace, const PathScope &scope, const WhatIf *whatIf = nullptr);
// The same for several scopes of one trace: `context` is found once (path_context.h).
CriticalPath criticalPath(const PathContext &context, const PathScope &scope, const WhatIf *whatIf = nullptr);

} // namespace tracelane
