#pragma once
// What a PyTorch memory snapshot says about allocations: each one with its
// alloc and free entries, the OOMs, and a summary per device (`tracelane-cli
// snapshot`). Definitions in docs/INPUT_MEMORY_SNAPSHOT.md.

#include "export/table.h"
#include "import/snapshot/memory_snapshot.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace tracelane {

constexpr std::size_t kNoSnapshotEntry = static_cast<std::size_t>(-1);

struct SnapshotAllocation
{
    std::int32_t device = 0;
    std::uint64_t address = 0;
    std::int64_t size = 0;   // requested bytes
    std::int64_t stream = 0;
    SnapshotStack stack = 0; // of the alloc entry; of the free or the block when the alloc is not in the trace
    std::size_t allocEntry = kNoSnapshotEntry; // into deviceTraces[device]; none: made before the trace
    std::size_t freeEntry = kNoSnapshotEntry;  // the free_completed; none: still allocated at the snapshot
    std::optional<TimeNs> allocAt, freeAt;     // on the snapshot's time axis (MemorySnapshot::entryTime)
};

struct SnapshotAllocations
{
    // Per device in stacking order: blocks still allocated at the snapshot whose
    // alloc is not in the trace (segment, then block order), then allocations
    // freed in the trace whose alloc is not (latest free first), then the
    // trace's allocations in the order made.
    std::vector<SnapshotAllocation> allocations;
    std::uint64_t reusedBeforeFree = 0; // alloc at an address still allocated: the earlier one kept as never freed
};

SnapshotAllocations snapshotAllocations(const MemorySnapshot &snapshot);

struct SnapshotOom
{
    std::int32_t device = 0;
    std::size_t entry = 0;  // into deviceTraces[device]
    TimeNs time = 0;
    std::int64_t requested = 0;             // the allocation that failed
    std::optional<std::int64_t> deviceFree; // what CUDA reported free
    std::int64_t stream = 0;
    std::int64_t allocated = 0, reserved = 0; // the allocator's totals at the OOM (snapshotTotals)
    SnapshotStack stack = 0;                // of the failed allocation
};
std::vector<SnapshotOom> snapshotOoms(const MemorySnapshot &snapshot);

// Device,Address,Size (B),Stream,Allocated At (ns),Freed At (ns),Stack
// (empty times: before the trace, never freed; stack innermost last, "; " between frames).
Table snapshotAllocationTable(const MemorySnapshot &snapshot, const SnapshotAllocations &allocations);
// Device,Time (ns),Requested (B),Device Free (B),Stream,Allocated (B),Reserved (B),Stack
Table snapshotOomTable(const MemorySnapshot &snapshot, const std::vector<SnapshotOom> &ooms);
// Device,Segments,Reserved (B),Allocated (B),Trace Entries,Allocations,Frees,OOMs,Peak Allocated (B),Peak Reserved (B)
Table snapshotSummaryTable(const MemorySnapshot &snapshot);

std::string snapshotAddress(std::uint64_t address); // "0x7f2a00000000"

} // namespace tracelane
