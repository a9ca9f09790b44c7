#pragma once
// Memory per operator, as the PyTorch profiler plugin's operator memory table:
// each memory event belongs to the innermost CPU op around it on its thread
// (docs/ANALYSIS_MEMORY.md, "Per operator").

#include "memory_events.h"

#include "export/table.h"

#include <string>
#include <vector>

namespace tracelane {

struct OpMemory
{
    std::string name;
    MemoryDevice device;
    std::int64_t calls = 0;                          // instances of the op in the trace
    std::int64_t allocations = 0, allocatedBytes = 0; // by the op itself
    std::int64_t frees = 0, freedBytes = 0;          // by the op itself (bytes positive)
    std::int64_t selfIncrease = 0;                    // allocated minus freed, by the op itself
    std::int64_t totalIncrease = 0;                   // with the ops it called
};

// The innermost CPU op around each memory event (invalid for none), parallel to events.events.
std::vector<EventRef> allocatingOps(const Trace &trace, const MemoryEvents &events);

// One row per op name and device with memory events, largest total increase first.
std::vector<OpMemory> memoryByOp(const Trace &trace, const MemoryEvents &events);

// Name,Device,Calls,Allocations,Allocated (B),Frees,Freed (B),Self Increase (B),Total Increase (B)
Table opMemoryTable(const std::vector<OpMemory> &rows);

} // namespace tracelane
