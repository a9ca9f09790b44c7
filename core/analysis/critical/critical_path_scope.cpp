#include "critical_path_scope.h"

#include "analysis/operators/iteration_table.h"
#include "analysis/ranges/range_kernels_table.h"

#include <regex>
#include <stdexcept>

namespace tracelane {

PathScope pathScopeOfEvent(const Trace &trace, EventRef event)
{
    const Event &e = trace.event(event);
    const Track &track = trace.tracks[event.track];
    PathScope scope;
    scope.start = e.start;
    scope.end = e.end();
    scope.event = event;
    // A GPU-side annotation has no threads of its own: every process's count.
    scope.process = track.thread != kNoIndex ? track.process : kNoIndex;
    return scope;
}

PathScope wholeTracePathScope(const Trace &trace)
{
    PathScope scope;
    scope.start = trace.startNs;
    scope.end = trace.endNs + 1; // the last event's start is inside
    scope.wholeTrace = true;
    return scope;
}

ResolvedPathScope resolvePathScope(const Trace &trace, const PathScopeChoice &choice)
{
    ResolvedPathScope resolved;
    if (choice.iteration) {
        IterationTable table;
        try {
            table = detectIterations(trace);
        } catch (const std::exception &e) {
            resolved.error = e.what();
            return resolved;
        }
        for (const Iteration &iteration : table.iterations)
            if (iteration.number == *choice.iteration) {
                if (iteration.ref.isValid()) {
                    resolved.scope = pathScopeOfEvent(trace, iteration.ref);
                } else {
                    resolved.scope.start = iteration.start;
                    resolved.scope.end = iteration.end;
                }
                resolved.label = iteration.name;
                return resolved;
            }
        resolved.error = table.iterations.empty()
                             ? "no iterations found (tried " + patternsTriedText(table) + ")"
                             : "no iteration " + std::to_string(*choice.iteration) + " (the trace has " +
                                   std::to_string(table.iterations.front().number) + " to " +
                                   std::to_string(table.iterations.back().number) + ")";
        return resolved;
    }
    if (choice.range) {
        const std::vector<EventRef> found = findRangesNamed(trace, *choice.range);
        if (found.empty()) {
            resolved.error = "no range or CPU op named '" + *choice.range + "'";
        } else if (choice.instance < 1 || choice.instance > found.size()) {
            resolved.error = "'" + *choice.range + "' occurs " + std::to_string(found.size()) +
                             " times; instance " + std::to_string(choice.instance) + " is out of range";
        } else {
            resolved.scope = pathScopeOfEvent(trace, found[choice.instance - 1]);
            resolved.label = *choice.range + " (instance " + std::to_string(choice.instance) + " of " +
                             std::to_string(found.size()) + ")";
        }
        return resolved;
    }
    resolved.scope = wholeTracePathScope(trace);
    resolved.label = "whole trace";
    return resolved;
}

} // namespace tracelane
