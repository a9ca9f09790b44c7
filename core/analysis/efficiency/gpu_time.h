#pragma once
// Where GPU time goes, per device and per stream: span, busy, idle, compute
// and non-compute time; busy time split into exclusive buckets by which op
// classes run together; and how much of the communication overlaps compute.
// Exact integer nanoseconds; definitions in docs/ANALYSIS_EFFICIENCY.md.

#include "analysis/gpu/gpu_stream_ops.h"

#include "export/table.h"

#include <optional>
#include <string>
#include <vector>

namespace tracelane {

struct GpuTimeRow
{
    std::int32_t deviceId = -1;
    std::optional<std::int64_t> streamId; // empty on a device row
    TimeNs span = 0;    // first op start to last op end
    TimeNs busy = 0;    // union of all ops
    TimeNs compute = 0; // union of compute ops

    TimeNs idle() const { return span - busy; }
    TimeNs nonCompute() const { return busy - compute; }
};

// Bit i set when ops of GpuOpClass i run: 1 compute, 2 communication, 4 memory.
using OpClassMask = unsigned;
std::string opClassMaskName(OpClassMask mask); // "Compute overlapping communication", ...

struct KernelTypeTime
{
    std::int32_t deviceId = -1;
    OpClassMask classes = 0;
    TimeNs time = 0; // time when exactly these classes run
    TimeNs busy = 0; // the device's busy time, for shares
};

struct CommunicationOverlap
{
    std::int32_t deviceId = -1;
    TimeNs communication = 0; // union of communication ops
    TimeNs overlapped = 0;    // the part of it during which compute runs
};

struct GpuTimeBreakdown
{
    std::vector<GpuTimeRow> devices; // by device ordinal
    std::vector<GpuTimeRow> streams; // by device ordinal, then stream id
    std::vector<KernelTypeTime> kernelTypes; // by device, then bucket; only non-empty buckets
    std::vector<CommunicationOverlap> overlap; // devices with communication only
};

GpuTimeBreakdown gpuTimeBreakdown(const Trace &trace, const std::vector<StreamOps> &streams);
inline GpuTimeBreakdown gpuTimeBreakdown(const Trace &trace) { return gpuTimeBreakdown(trace, gpuStreamOps(trace)); }

// Device,Stream,Span (ns),Busy (ns),Idle (ns),Compute (ns),Non-compute (ns),Idle (%),Compute (%),Non-compute (%)
// Each device row is followed by its stream rows when perStream is set.
Table gpuTimeTable(const GpuTimeBreakdown &breakdown, bool perStream);
// Device,Type,Time (ns),Share (%)
Table kernelTypesTable(const GpuTimeBreakdown &breakdown);
// Device,Communication (ns),Overlapped (ns),Overlap (%)
Table overlapTable(const GpuTimeBreakdown &breakdown);

} // namespace tracelane
