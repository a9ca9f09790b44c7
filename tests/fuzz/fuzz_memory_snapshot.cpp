// Fuzz target: PyTorch memory snapshot (a pickle of plain data), through the
// importer and then every snapshot analysis the CLI and the GUI run on it.
#include "fuzz_input.h"

#include "analysis/memory/memory_summary.h"
#include "analysis/memory/snapshot_allocations.h"
#include "analysis/memory/snapshot_segments.h"
#include "analysis/memory/snapshot_timeline.h"
#include "import/snapshot/memory_snapshot.h"

#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace tracelane;
    const fuzz::Loaded loaded = fuzz::loadAs(fuzz::writeInput(data, size, ".pickle"), "pytorch-memory-snapshot");
    if (!loaded.claimed)
        return -1;
    if (!loaded.trace)
        return 0;
    fuzz::checkModel(*loaded.trace);
    const MemorySnapshot *snapshot = loaded.trace->memorySnapshot.get();
    if (!snapshot) {
        std::fprintf(stderr, "a snapshot import without its snapshot\n");
        std::abort();
    }
    (void)summarizeMemory(collectMemoryEvents(*loaded.trace));
    const SnapshotAllocations allocations = snapshotAllocations(*snapshot);
    (void)snapshotAllocationTable(*snapshot, allocations);
    (void)snapshotSegmentTable(*snapshot);
    (void)snapshotSummaryTable(*snapshot);
    (void)snapshotOomTable(*snapshot, snapshotOoms(*snapshot));
    for (std::size_t device = 0; device < snapshot->deviceTraces.size() && device < 8; ++device) {
        const SnapshotTimeline timeline =
            snapshotTimeline(*snapshot, allocations, std::int32_t(device), std::nullopt, 10'000);
        std::size_t pieces = 0;
        for (const TimelineBand &band : timeline.bands)
            pieces += band.pieces.size();
        if (pieces > 10'000 + timeline.bands.size()) {
            std::fprintf(stderr, "timeline past its cap: %zu pieces\n", pieces);
            std::abort();
        }
    }
    return 0;
}
