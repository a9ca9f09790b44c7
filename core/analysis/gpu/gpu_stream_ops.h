#pragma once
// The GPU operations (kernels, memcpys, memsets) of every GPU stream, each with
// the API call that launched it: what the efficiency analyses walk.
// Synchronisation events and GPU-side annotations are not operations.

#include "model/trace.h"

#include <cstdint>
#include <vector>

namespace tracelane {

struct StreamOps
{
    std::uint32_t track = 0;          // the stream's GpuStream track
    std::int32_t stream = kNoIndex;   // index into Trace::streams
    std::int32_t device = kNoIndex;   // index into Trace::devices
    std::vector<std::uint32_t> ops;   // event indices on `track`, in start order
    std::vector<EventRef> launchCall; // parallel to ops: the earliest-starting launching call, or invalid

    std::int32_t deviceId(const Trace &trace) const; // the ordinal the profiler reports, -1 if unknown
    std::int64_t streamId(const Trace &trace) const { return trace.streams[stream].streamId; }
};

// One entry per GPU stream with operations, ordered by device ordinal, then stream id.
std::vector<StreamOps> gpuStreamOps(const Trace &trace);

} // namespace tracelane
