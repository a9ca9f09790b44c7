#pragma once
// Queue depth per GPU stream: how many launched operations have not started
// yet. +1 when a launch call starts, -1 when its operation starts. Shown as a
// counter lane under each stream; a deep queue means the CPU runs ahead, a
// queue at CUDA's limit (1024 pending launches) makes launch calls block.
// Definitions in docs/ANALYSIS_EFFICIENCY.md.

#include "analysis/gpu/gpu_stream_ops.h"

#include "export/table.h"

#include <vector>

namespace tracelane {

constexpr std::int32_t kCudaLaunchQueueLimit = 1024;

struct QueueDepthPoint
{
    TimeNs time = 0;
    std::int32_t depth = 0; // held from `time` until the next point
};

struct StreamQueueDepth
{
    std::int32_t deviceId = -1;
    std::int64_t streamId = 0;
    std::uint32_t track = 0;
    std::vector<QueueDepthPoint> series; // in time order; each point changes the depth
    std::int32_t max = 0;
    double mean = 0.0;         // time-weighted, over first change .. last change
    TimeNs timeAtLimit = 0;    // time with depth >= kCudaLaunchQueueLimit
};

// One entry per stream of `streams` (a stream without launched ops has an empty series).
std::vector<StreamQueueDepth> queueDepth(const Trace &trace, const std::vector<StreamOps> &streams);

// Device,Stream,Max,Mean (time-weighted),Time at >= 1024 (ns); streams with launched ops only
Table queueTable(const std::vector<StreamQueueDepth> &rows);

} // namespace tracelane
