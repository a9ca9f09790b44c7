#pragma once
// The memory events of a PyTorch profiler trace recorded with
// profile_memory=True: Kineto's "[memory]" instants, one per allocation (Bytes
// > 0) or free (Bytes < 0) on a device, with the allocator's totals after it
// (the 2021 schema has Bytes only: its totals are the running sum of Bytes).
// Definitions in docs/ANALYSIS_MEMORY.md.

#include "model/trace.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tracelane {

struct MemoryDevice
{
    std::int64_t type = 0; // Kineto's Device Type: 0 CPU, 1 CUDA, ...
    std::int64_t id = -1;  // Device Id; -1 for the CPU
    auto operator<=>(const MemoryDevice &) const = default;
};
std::string memoryDeviceName(MemoryDevice device); // "CPU", "GPU 1", "device 3:0"

struct MemoryEvent
{
    EventRef ref;
    TimeNs time = 0;
    MemoryDevice device;
    std::int64_t bytes = 0;                     // negative for a free
    std::optional<std::uint64_t> address;       // Addr, when the trace has it
    std::int64_t totalAllocated = 0;            // as recorded, or the running sum of bytes
    std::optional<std::int64_t> totalReserved;  // when recorded
};

struct MemoryEvents
{
    std::vector<MemoryEvent> events; // by time, then as the file has them
    bool recordedTotals = false;     // the 2022 schema: totals come from the allocator
    std::uint64_t malformed = 0;     // "[memory]" events without a readable Bytes, skipped and counted
};

MemoryEvents collectMemoryEvents(const Trace &trace);

} // namespace tracelane
