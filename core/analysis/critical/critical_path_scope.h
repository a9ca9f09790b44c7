#pragma once
// Which part of a trace a critical path covers: an iteration, the K-th
// instance of a named range, one event, or the whole trace.

#include "dependency_graph.h"

#include <cstdint>
#include <optional>
#include <string>

namespace tracelane {

struct PathScopeChoice
{
    std::optional<std::int64_t> iteration; // its number, as `iterations` prints it
    std::optional<std::string> range;      // a range or CPU op name
    std::size_t instance = 1;              // the range's instance, from 1
};

struct ResolvedPathScope
{
    PathScope scope;
    std::string label; // "ProfilerStep#5", "whole trace"
    std::string error; // empty when resolved
};

ResolvedPathScope resolvePathScope(const Trace &trace, const PathScopeChoice &choice);

// The event's span on the threads of its process.
PathScope pathScopeOfEvent(const Trace &trace, EventRef event);
PathScope wholeTracePathScope(const Trace &trace);

} // namespace tracelane
