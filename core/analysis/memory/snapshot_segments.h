#pragma once
// The allocator's segments at the moment of a PyTorch memory snapshot, with
// how fragmented their free space is. Definitions in docs/INPUT_MEMORY_SNAPSHOT.md.

#include "export/table.h"
#include "import/snapshot/memory_snapshot.h"

namespace tracelane {

struct SegmentUse
{
    std::int64_t blocks = 0, activeBlocks = 0;
    std::int64_t inactiveBytes = 0;        // sum of the inactive blocks' sizes
    std::int64_t largestInactive = 0;      // the largest inactive block
    // 1 - largestInactive / inactiveBytes: 0 when the free space is one block
    // (or there is none), towards 1 when it is split into many small ones.
    double fragmentation = 0.0;
};
SegmentUse segmentUse(const SnapshotSegment &segment);

// Device,Address,Stream,Pool,Type,Expandable,Total Size (B),Allocated (B),Active (B),Requested (B),
// Blocks,Active Blocks,Inactive (B),Largest Inactive (B),Fragmentation: one row per segment, by device then address.
Table snapshotSegmentTable(const MemorySnapshot &snapshot);

} // namespace tracelane
