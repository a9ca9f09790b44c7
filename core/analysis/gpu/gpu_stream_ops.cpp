#include "gpu_stream_ops.h"

#include <algorithm>
#include <tuple>

namespace tracelane {
namespace {

// Fills launchCall from the Launch flows into `ops.track`: flowsByTo is sorted
// by target, so the track's flows form one run in op order.
void linkLaunchCalls(const Trace &trace, StreamOps &ops)
{
    ops.launchCall.assign(ops.ops.size(), EventRef{});
    auto flow = std::lower_bound(trace.flowsByTo.begin(), trace.flowsByTo.end(), ops.track,
                                 [&](std::uint32_t f, std::uint32_t track) { return trace.flows[f].to.track < track; });
    std::size_t op = 0;
    for (; flow != trace.flowsByTo.end() && trace.flows[*flow].to.track == ops.track; ++flow) {
        const Flow &f = trace.flows[*flow];
        if (f.kind != FlowKind::Launch)
            continue;
        while (op < ops.ops.size() && ops.ops[op] < f.to.index)
            ++op;
        if (op == ops.ops.size())
            break;
        if (ops.ops[op] != f.to.index)
            continue; // a flow into a sync event or annotation
        EventRef &call = ops.launchCall[op];
        if (!call.isValid() || trace.event(f.from).start < trace.event(call).start)
            call = f.from;
    }
}

} // namespace

std::int32_t StreamOps::deviceId(const Trace &trace) const
{
    const std::int32_t d = trace.streams[stream].device;
    return d == kNoIndex ? -1 : trace.devices[d].id;
}

std::vector<StreamOps> gpuStreamOps(const Trace &trace)
{
    std::vector<StreamOps> result;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &track = trace.tracks[t];
        if (track.kind != TrackKind::GpuStream || track.stream == kNoIndex)
            continue;
        StreamOps ops;
        ops.track = t;
        ops.stream = track.stream;
        ops.device = trace.streams[track.stream].device;
        for (std::uint32_t i = 0; i < track.events.size(); ++i)
            if (isGpuWork(track.events[i].kind))
                ops.ops.push_back(i);
        if (ops.ops.empty())
            continue;
        linkLaunchCalls(trace, ops);
        result.push_back(std::move(ops));
    }
    std::sort(result.begin(), result.end(), [&](const StreamOps &a, const StreamOps &b) {
        return std::tuple(a.deviceId(trace), a.streamId(trace), a.track)
               < std::tuple(b.deviceId(trace), b.streamId(trace), b.track);
    });
    return result;
}

} // namespace tracelane
