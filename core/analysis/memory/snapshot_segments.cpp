#include "snapshot_segments.h"

#include "snapshot_allocations.h"

#include <algorithm>
#include <numeric>

namespace tracelane {

SegmentUse segmentUse(const SnapshotSegment &segment)
{
    SegmentUse use;
    for (const SnapshotBlock &block : segment.blocks) {
        ++use.blocks;
        if (block.isActive()) {
            ++use.activeBlocks;
        } else if (block.state == BlockState::Inactive) {
            use.inactiveBytes += block.size;
            use.largestInactive = std::max(use.largestInactive, block.size);
        }
    }
    if (use.inactiveBytes > 0)
        use.fragmentation = 1.0 - double(use.largestInactive) / double(use.inactiveBytes);
    return use;
}

Table snapshotSegmentTable(const MemorySnapshot &snapshot)
{
    Table table;
    table.columns = {"Device", "Address", "Stream", "Pool", "Type", "Expandable", "Total Size (B)", "Allocated (B)",
                     "Active (B)", "Requested (B)", "Blocks", "Active Blocks", "Inactive (B)", "Largest Inactive (B)",
                     "Fragmentation"};
    std::vector<std::size_t> order(snapshot.segments.size());
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const SnapshotSegment &x = snapshot.segments[a], &y = snapshot.segments[b];
        return std::pair(x.device, x.address) < std::pair(y.device, y.address);
    });
    for (const std::size_t s : order) {
        const SnapshotSegment &segment = snapshot.segments[s];
        const SegmentUse use = segmentUse(segment);
        table.rows.push_back({Cell::text("GPU " + std::to_string(segment.device)),
                              Cell::text(snapshotAddress(segment.address)), Cell::integer(segment.stream),
                              Cell::text(segment.pool), Cell::text(segment.segmentType),
                              Cell::text(segment.expandable ? "yes" : "no"), Cell::integer(segment.totalSize),
                              Cell::integer(segment.allocatedSize), Cell::integer(segment.activeSize),
                              Cell::integer(segment.requestedSize), Cell::integer(use.blocks),
                              Cell::integer(use.activeBlocks), Cell::integer(use.inactiveBytes),
                              Cell::integer(use.largestInactive), Cell::fixed(use.fragmentation, 3)});
    }
    return table;
}

} // namespace tracelane
