#pragma once
// Why each GPU stream sat idle: every gap before an operation, classified as a
// host wait (the launch call came after the stream ran dry: the CPU was late),
// a kernel wait (a gap shorter than a threshold: launch latency, dependencies)
// or other. Definitions in docs/ANALYSIS_EFFICIENCY.md.

#include "analysis/gpu/gpu_stream_ops.h"

#include "export/table.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace tracelane {

enum class IdleCause : std::uint8_t { HostWait, KernelWait, Other };
std::string_view idleCauseName(IdleCause cause); // "host wait", "kernel wait", "other"

constexpr TimeNs kDefaultKernelWaitThreshold = 30'000; // 30 µs

struct IdleGap
{
    std::uint32_t track = 0; // the GPU stream's track
    TimeNs start = 0;        // when the stream went idle
    TimeNs end = 0;          // when the next op started
    IdleCause cause = IdleCause::Other;
    EventRef nextOp;     // the op after the gap
    EventRef launchCall; // its launch call; invalid when it has none

    TimeNs length() const { return end - start; }
};

struct StreamIdle
{
    std::int32_t deviceId = -1;
    std::int64_t streamId = 0;
    std::uint32_t track = 0;
    TimeNs hostWait = 0, kernelWait = 0, other = 0;
    std::int64_t gaps = 0;

    TimeNs total() const { return hostWait + kernelWait + other; }
};

// Every gap on every stream, in stream order (as `streams`), then by start.
std::vector<IdleGap> idleGaps(const Trace &trace, const std::vector<StreamOps> &streams,
                              TimeNs kernelWaitThreshold = kDefaultKernelWaitThreshold);

// One row per stream of `streams`, from its gaps.
std::vector<StreamIdle> idleByStream(const Trace &trace, const std::vector<StreamOps> &streams,
                                     const std::vector<IdleGap> &gaps);

// The `count` longest gaps, longest first (ties: earlier first).
std::vector<IdleGap> longestGaps(const std::vector<IdleGap> &gaps, std::size_t count);

// Device,Stream,Host Wait (ns),Kernel Wait (ns),Other (ns),Host Wait (%),Kernel Wait (%),Other (%)
Table idleTable(const std::vector<StreamIdle> &rows);

} // namespace tracelane
