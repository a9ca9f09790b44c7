#include "gpu_launches.h"

#include <algorithm>
#include <tuple>

namespace tracelane {

std::vector<GpuLaunch> collectGpuLaunches(const Trace &trace)
{
    std::vector<GpuLaunch> launches;
    for (const Flow &flow : trace.flows) {
        if (flow.kind != FlowKind::Launch || !isGpuWork(trace.event(flow.to).kind))
            continue;
        const std::int32_t thread = trace.tracks[flow.from.track].thread;
        if (thread == kNoIndex)
            continue;
        const Event &call = trace.event(flow.from);
        launches.push_back({thread, call.start, call.end(), flow.from, flow.to});
    }
    // Flows are sorted by source event, i.e. by track then start: usually already in order.
    auto key = [](const GpuLaunch &l) { return std::tie(l.thread, l.callStart, l.call, l.gpuOp); };
    if (!std::is_sorted(launches.begin(), launches.end(), [&](const auto &a, const auto &b) { return key(a) < key(b); }))
        std::sort(launches.begin(), launches.end(), [&](const auto &a, const auto &b) { return key(a) < key(b); });
    return launches;
}

} // namespace tracelane
