#pragma once
// The active-memory timeline of a PyTorch memory snapshot, as PyTorch's
// memory_viz draws it: every allocation a band whose height is its size,
// stacked on the allocations below it. The stacking order is the order of
// snapshotAllocations(): those made before the trace at the bottom, then the
// trace's in the order made, so a new allocation goes on top. When one is
// freed, every band above it moves down by its size at that moment: the top
// of the stack is always the bytes allocated on the device (or the stream).
//
// Cost: O(n log n) to pick the bands, then one piece per band and per band
// below it freed while it lives, which memory_viz's drawing also needs. That
// can grow as n * live, so it is capped: past `maxPieces`, only the largest
// allocations (halving their number until the pieces fit) get a band of
// their own, and the others are summed into one band on top of them, as
// memory_viz's detail slider does. Definitions in docs/INPUT_MEMORY_SNAPSHOT.md.

#include "snapshot_allocations.h"

#include <optional>
#include <vector>

namespace tracelane {

struct TimelinePiece
{
    TimeNs from = 0, to = 0; // [from, to) on the snapshot's time axis
    std::int64_t offset = 0; // bytes below the band
};

struct TimelineBand
{
    std::size_t allocation = 0;        // into SnapshotAllocations::allocations
    std::vector<TimelinePiece> pieces; // contiguous, by time; a zero-length one for an allocation freed at once
};

struct SummarizedStep
{
    TimeNs time = 0;           // from then until the next step (or the end)
    std::int64_t offset = 0;   // the bands' total below it
    std::int64_t size = 0;     // the summarised allocations alive
};

struct SnapshotTimeline
{
    std::int32_t device = 0;
    std::optional<std::int64_t> stream; // one stream only, or all
    TimeNs start = 0, end = 0;          // the device's first and last trace entry
    std::vector<TimelineBand> bands;    // in stacking order
    std::vector<SummarizedStep> summarized; // empty unless some allocations are summarised
    std::size_t summarizedAllocations = 0;
    std::int64_t peak = 0; // the highest top of the stack
};

constexpr std::size_t kDefaultMaxTimelinePieces = 4'000'000;

SnapshotTimeline snapshotTimeline(const MemorySnapshot &snapshot, const SnapshotAllocations &allocations,
                                  std::int32_t device, std::optional<std::int64_t> stream = std::nullopt,
                                  std::size_t maxPieces = kDefaultMaxTimelinePieces);

// Device,Allocation,Address,Size (B),From (ns),To (ns),Offset (B): one row per
// piece of a band (Allocation indexes the allocation table); the summarised
// band's rows say "others" with the bytes they hold.
Table snapshotTimelineTable(const std::vector<SnapshotTimeline> &timelines, const SnapshotAllocations &allocations);

} // namespace tracelane
