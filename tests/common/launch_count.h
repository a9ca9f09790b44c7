#pragma once
// The GPU work launched inside a range, counted straight from the trace's
// launch flows (no index), to check the range lookup and the breakdown against.

#include "model/trace.h"

#include <cstdint>

namespace tracelane::test {

struct LaunchCount
{
    std::int64_t byProcess = 0; // launched by calls on any thread of the range's process
    std::int64_t byThread = 0;  // by calls on the range's own thread
    TimeNs processTime = 0;     // summed duration of the first
};

// Calls that lie inside `range` (start <= call start, call end <= range end).
inline LaunchCount launchesInside(const Trace &trace, EventRef range)
{
    const Event &r = trace.event(range);
    const std::int32_t thread = trace.tracks[range.track].thread;
    const std::int32_t process = trace.threads[std::size_t(thread)].process;
    LaunchCount count;
    for (const Flow &flow : trace.flows) {
        const Event &call = trace.event(flow.from);
        const Event &gpu = trace.event(flow.to);
        if (flow.kind != FlowKind::Launch || call.kind != EventKind::ApiCall || !isGpuWork(gpu.kind)
            || call.start < r.start || call.end() > r.end())
            continue;
        const std::int32_t callThread = trace.tracks[flow.from.track].thread;
        if (trace.threads[std::size_t(callThread)].process == process) {
            ++count.byProcess;
            count.processTime += gpu.duration;
        }
        count.byThread += callThread == thread;
    }
    return count;
}

} // namespace tracelane::test
