#pragma once
// GPU operations paired with the CPU-side API call that launched them, read
// from the trace's Launch flows (correlation ids). What range projection and
// range-to-kernel reports start from.

#include "model/trace.h"

#include <vector>

namespace tracelane {

struct GpuLaunch
{
    std::int32_t thread = kNoIndex; // thread of the launching call
    TimeNs callStart = 0;
    TimeNs callEnd = 0;
    EventRef call;
    EventRef gpuOp; // a kernel, memcpy or memset
};

// One entry per (call, GPU operation), sorted by thread, call start, call, operation.
std::vector<GpuLaunch> collectGpuLaunches(const Trace &trace);

} // namespace tracelane
