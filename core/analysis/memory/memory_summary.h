#pragma once
// Allocations paired with their frees, and each device's peak: what `memory`
// prints. Definitions in docs/ANALYSIS_MEMORY.md.

#include "memory_events.h"

#include "export/table.h"

#include <vector>

namespace tracelane {

constexpr std::size_t kNotFreed = static_cast<std::size_t>(-1);

// One allocation: the event that made it and the one that freed it, by index
// into MemoryEvents::events.
struct MemoryAllocation
{
    std::size_t alloc = 0;
    std::size_t free = kNotFreed; // never freed inside the trace
};

struct DeviceMemory
{
    MemoryDevice device;
    std::int64_t peakAllocated = 0;
    TimeNs peakAt = 0;                        // the first time the peak was reached
    std::size_t peakEvent = 0;                // the event that reached it, into MemoryEvents::events
    std::optional<std::int64_t> peakReserved; // when the trace records it
    std::int64_t allocations = 0, frees = 0;  // events with positive / negative Bytes
    // Allocations without a free in the trace; unknown without addresses (2021 schema).
    std::optional<std::int64_t> neverFreed, neverFreedBytes;
};

struct MemorySummary
{
    std::vector<DeviceMemory> devices;          // CPU first, then by device
    std::vector<MemoryAllocation> allocations;  // pairing by address, in allocation order
    std::uint64_t unpairedFrees = 0;            // a free with no open allocation at its address
    std::uint64_t reusedBeforeFree = 0;         // an allocation at an address still held
};

MemorySummary summarizeMemory(const MemoryEvents &events);

// Device,Peak Allocated (B),Peak At (ns),Peak Reserved (B),Allocations,Frees,Never Freed,Never Freed (B)
Table memoryTable(const MemorySummary &summary);

// The allocations (into summary.allocations) alive just after `device`'s peak
// event: made by then and not freed by then. Needs addresses.
std::vector<std::size_t> aliveAtPeak(const MemoryEvents &events, const MemorySummary &summary,
                                     const DeviceMemory &device);

// Device,Address,Size (B),Allocated At (ns),Freed At (ns),Op,Python Stack: every
// allocation alive at each device's peak, largest first. `ops` from allocatingOps().
Table peakTable(const Trace &trace, const MemoryEvents &events, const MemorySummary &summary,
                const std::vector<EventRef> &ops);

// Device,Address,Size (B),Allocated At (ns),Op,Python Stack: every allocation
// not freed inside the trace, by device, largest first. Needs addresses.
Table neverFreedTable(const Trace &trace, const MemoryEvents &events, const MemorySummary &summary,
                      const std::vector<EventRef> &ops);

// Device,Time (ns),Allocated (B),Reserved (B): the totals after every memory event.
Table memoryTimelineTable(const MemoryEvents &events);

} // namespace tracelane
