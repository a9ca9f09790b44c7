#pragma once
// One slice, instant or counter sample on a track. 32 bytes, no heap memory:
// arguments live in the owning track's argument blob.

#include "string_table.h"
#include "time_units.h"

#include <cstdint>
#include <string_view>

namespace tracelane {

enum class EventKind : std::uint8_t {
    Slice,          // generic Chrome-trace slice (unknown category)
    CpuOp,          // PyTorch cpu_op, legacy "CPU functions"
    PythonFunction, // python_function frames
    Range,          // NVTX range or PyTorch user_annotation (record_function)
    GpuRange,       // gpu_user_annotation: a range projected onto a GPU stream
    ApiCall,        // CUDA runtime / driver (HIP) API call on a CPU thread
    Kernel,
    Memcpy,
    Memset,
    Sync,           // CUDA synchronization on a stream
    Instant,        // zero-duration marker (Chrome i/I/n, NVTX mark)
    CounterSample,  // value in Track::counterValues at the same index
    Async,          // b/e async slice
};

std::string_view eventKindName(EventKind kind);
bool isGpuWork(EventKind kind); // Kernel, Memcpy, Memset (what a launch produces)

using ArgsOffset = std::uint32_t;
constexpr ArgsOffset kNoArgs = 0xFFFFFFFFu;
using CorrelationId = std::uint32_t; // 0 = none
// Index into Trace::categories; 0 = no category. 15 bits: a trace with more
// distinct categories shares the last one (see TraceBuilder::category()).
using CategoryIndex = std::uint16_t;
constexpr CategoryIndex kMaxCategories = 0x7FFF;

struct Event
{
    TimeNs start = 0;
    TimeNs duration = 0;
    StringId name = 0;
    ArgsOffset args = kNoArgs;
    CorrelationId correlation = 0;
    EventKind kind = EventKind::Slice;
    std::uint8_t depth = 0; // nesting level within the track, 0 = outermost
    CategoryIndex category : 15 = 0; // the file's category ("cat" of a Chrome event)
    // A slice the file opened but never closed: its duration runs to the trace's
    // last timestamp (Chrome B without E), which is a guess, not a measurement.
    CategoryIndex unclosed : 1 = 0;

    TimeNs end() const { return start + duration; }
};
static_assert(sizeof(Event) == 32, "Event must stay compact: see the memory budget in DESIGN.md");

// Stable reference to an event of an immutable trace.
struct EventRef
{
    std::uint32_t track = 0xFFFFFFFFu;
    std::uint32_t index = 0xFFFFFFFFu;

    bool isValid() const { return track != 0xFFFFFFFFu; }
    friend bool operator==(const EventRef &, const EventRef &) = default;
    friend auto operator<=>(const EventRef &, const EventRef &) = default;
};

} // namespace tracelane
