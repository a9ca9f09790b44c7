#pragma once
// PyTorch CUDA memory snapshots: the pickle torch.cuda.memory._dump_snapshot()
// writes. Recognised by the pickle header (0x80, protocol 2 to 4) and the key
// 'segments' or 'device_traces' within the first bytes. Read with the strict
// pickle reader (pickle_reader.h: plain data only, no code), then as a
// MemorySnapshot (memory_snapshot.h), which the trace keeps.
//
// What lands where: one process "Memory snapshot"; per device a thread "GPU N
// allocator" whose lane holds one instant per trace entry: alloc and
// free_completed as Kineto's "[memory]" instants (Bytes, Addr, Device Type 1,
// Device Id, Total Allocated, Total Reserved, Stream, Stack), so the memory
// analyses and views read them as they read a profile_memory=True trace; "OOM"
// with Device Free; the other actions under their own names. Time axis and
// totals: docs/INPUT_MEMORY_SNAPSHOT.md.

#include "import/importer.h"

namespace tracelane {

class SnapshotImporter : public Importer
{
public:
    // Read whole: the pickle is a tree that can only be walked once complete.
    static constexpr std::uint64_t kMaxBytes = 1024ull << 20;

    std::string_view id() const override { return "pytorch-memory-snapshot"; }
    std::string_view displayName() const override { return "PyTorch CUDA memory snapshot"; }
    int sniff(const ContentProbe &probe) const override;
    void import(const ContentProbe &probe, TraceBuilder &builder, ImportControl &control) const override;
};

} // namespace tracelane
