#pragma once
// The small decoders of XSpace values that are not protobuf fields: event
// times in picoseconds, the "kernel_details" text and the XFlow bit layout.

#include "model/time_units.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace tracelane::xplane {

// An event's start and end in nanoseconds from XLine.timestamp_ns (ns) and
// XEvent.offset_ps / duration_ps (ps): both ends are floor(ps / 1000) of the
// exact 128-bit sums, so the duration is end - start and adjacent events stay
// adjacent. Times past int64 are clamped (the builder then drops or cuts them).
struct NsSpan
{
    TimeNs start = 0;
    TimeNs end = 0;
};
NsSpan eventSpan(std::int64_t lineTimestampNs, std::int64_t offsetPs, std::int64_t durationPs);

// "regs:32 static_shared:0 dynamic_shared:0 grid:1,1,1 block:128,1,1 occ_pct:50"
// (CUPTI) or " grid:1024,1,1 block:256,1,1 private_mem:0 group_mem:0" (ROCm):
// the grid and block dimensions, when both are there.
struct LaunchDims
{
    std::array<std::int64_t, 3> grid{};
    std::array<std::int64_t, 3> block{};
};
std::optional<LaunchDims> parseKernelDetails(std::string_view text);

// tsl::profiler::XFlow packs a flow into one uint64: direction in bits 0-1
// (1 = in, 2 = out, 3 = in and out), the id in bits 2-57, a category above.
struct FlowStat
{
    std::uint64_t id = 0;
    std::uint8_t direction = 0;
};
FlowStat decodeFlow(std::uint64_t encoded);

} // namespace tracelane::xplane
