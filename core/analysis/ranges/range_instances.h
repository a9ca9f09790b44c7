#pragma once
// The NVTX ranges (and PyTorch record_function ranges) of a trace as the range
// reports see them: one entry per EventKind::Range on a CPU thread, named
// "domain:text" (":text" in the default domain), with the nsys range style.

#include "model/trace.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tracelane {

enum class RangeStyle : std::uint8_t { PushPop, StartEnd };
std::string_view rangeStyleName(RangeStyle style); // "PushPop", "StartEnd"

struct RangeInstance
{
    EventRef ref;
    std::int32_t thread = kNoIndex; // index into Trace::threads
    TimeNs start = 0;
    TimeNs end = 0;
    StringId domain = 0; // 0 = default domain
    StringId text = 0;
    RangeStyle style = RangeStyle::PushPop;
    std::int64_t id = 0; // nsys "RangeId": the range's NVTX row number, see collectRanges()
};

// Sorted by thread, then start, the enclosing (longer) range first.
// `id` numbers NVTX rows as nsys does (RangeId): ranges, marks and domain
// registrations in time order, from 1. For traces without marks or domains
// (PyTorch) it is the rank of the range by start.
std::vector<RangeInstance> collectRanges(const Trace &trace);

std::string rangeName(const Trace &trace, const RangeInstance &range);

// OS process and thread ids of a thread, as the PID / TID columns show them.
std::int64_t pidOfThread(const Trace &trace, std::int32_t thread);
std::int64_t tidOfThread(const Trace &trace, std::int32_t thread);

} // namespace tracelane
