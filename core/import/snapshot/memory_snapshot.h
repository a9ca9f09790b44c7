#pragma once
// A PyTorch CUDA memory snapshot (torch.cuda.memory._snapshot(), saved by
// _dump_snapshot) as plain C++: the allocator's segments with their blocks at
// the moment of the snapshot, and per device the trace of allocator actions
// recorded before it (_record_memory_history). Read from the pickle's value
// tree with type checks; the format and its definitions are described in
// docs/INPUT_MEMORY_SNAPSHOT.md.
//
// Immutable once read. A Trace loaded from a snapshot carries it
// (Trace::memorySnapshot) for the snapshot analyses and views.

#include "model/diagnostics.h"
#include "model/time_units.h"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tracelane {

namespace snapshot {
struct PickleValue;
}

// The pickle is valid but is not a snapshot (wrong top-level shape).
class SnapshotFormatError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

struct SnapshotFrame
{
    std::string filename;
    std::int64_t line = 0;
    std::string name;
};

// Index into MemorySnapshot::stacks; 0 is the empty stack (no frames recorded).
using SnapshotStack = std::uint32_t;

enum class BlockState : std::uint8_t { ActiveAllocated, ActivePendingFree, Inactive, Other };

struct SnapshotBlock
{
    std::uint64_t address = 0;
    std::int64_t size = 0;          // bytes the allocator reserved for it (rounded)
    std::int64_t requestedSize = 0; // bytes the program asked for
    BlockState state = BlockState::Other;
    SnapshotStack stack = 0;
    bool isActive() const { return state == BlockState::ActiveAllocated || state == BlockState::ActivePendingFree; }
};

struct SnapshotSegment
{
    std::int32_t device = 0;
    std::uint64_t address = 0;
    std::int64_t totalSize = 0, allocatedSize = 0, activeSize = 0, requestedSize = 0;
    std::int64_t stream = 0;
    std::string segmentType;   // "large" or "small" (pool of the caching allocator)
    std::string pool;          // segment_pool_id as "a,b"; "0,0" is the default pool
    bool expandable = false;
    SnapshotStack stack = 0;   // where the segment was allocated (cudaMalloc), when recorded
    std::vector<SnapshotBlock> blocks; // by address
};

enum class SnapshotAction : std::uint8_t {
    Alloc, FreeRequested, FreeCompleted, SegmentAlloc, SegmentFree, SegmentMap, SegmentUnmap, Snapshot, Oom, Other
};
std::string_view snapshotActionName(SnapshotAction action); // as PyTorch spells it: "free_completed"

struct SnapshotEntry
{
    SnapshotAction action = SnapshotAction::Other;
    std::uint64_t address = 0;
    std::int64_t size = 0;   // requested bytes for alloc/free; segment bytes for segment_*; asked bytes for oom
    std::int64_t stream = 0;
    SnapshotStack stack = 0;
    std::optional<TimeNs> time;            // time_us * 1000, when recorded
    std::optional<std::int64_t> deviceFree; // oom: bytes the device had free
};

struct MemorySnapshot
{
    std::vector<SnapshotFrame> frames;                   // each distinct frame once
    std::vector<std::vector<std::uint32_t>> stacks{{}};  // frame indices, innermost first as PyTorch records them
    std::vector<SnapshotSegment> segments;               // as the file lists them
    std::vector<std::vector<SnapshotEntry>> deviceTraces; // [device ordinal], oldest first
    // Every entry of every device has time_us. Otherwise the time axis is the
    // entry's index in its device's trace (one nanosecond per entry).
    bool timed = false;
    std::vector<std::pair<std::string, std::string>> allocatorSettings; // scalars as text
    std::size_t externalAnnotations = 0;

    // Where entry `index` of `device` lies on the time axis (see `timed`).
    TimeNs entryTime(std::size_t device, std::size_t index) const
    {
        return timed ? *deviceTraces[device][index].time : TimeNs(index);
    }
    // "file:line name" lines, innermost last (as a Python traceback reads).
    std::string stackText(SnapshotStack stack, std::string_view separator = "\n") const;
    std::size_t entryCount() const;
};

// What the allocator held on one device before and after each trace entry.
// The trace often starts after the program did (a ring buffer of
// max_entries, or history enabled late), so the state before its first entry is
// inferred backwards from the segments at the snapshot: reserved before =
// sum of the device's segment sizes - segment_alloc/map + segment_free/unmap
// sizes of the trace; allocated before = sum of requested_size of its active
// blocks - alloc + free_completed sizes. A negative result (an inconsistent
// file) becomes 0 and sets `inferredNegative`.
struct SnapshotTotals
{
    std::int64_t initialAllocated = 0, initialReserved = 0;
    std::vector<std::int64_t> allocated, reserved; // after each entry of the device's trace
    bool inferredNegative = false;
};
SnapshotTotals snapshotTotals(const MemorySnapshot &snapshot, std::size_t device);

// Reads the value tree of a snapshot pickle. Throws SnapshotFormatError when
// the top level is not a snapshot (not a dict, neither `segments` nor
// `device_traces`, one of them not a list). Records of the wrong type are
// skipped and fields repaired, each counted in `diagnostics`; unknown keys are
// ignored. `visitBudget` caps the records visited: memo references let a small
// pickle name one record millions of times, and past the budget the file is
// refused rather than expanded.
MemorySnapshot readMemorySnapshot(const snapshot::PickleValue &root, Diagnostics &diagnostics,
                                  std::uint64_t visitBudget = ~std::uint64_t(0));

} // namespace tracelane
