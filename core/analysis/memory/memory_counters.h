#pragma once
// The memory a device's allocator held over time, as counter tracks of the
// trace: "Allocated" and, when the trace records it, "Reserved", one sample
// after every memory event (memory_events.h). A GPU's tracks belong to that GPU
// (Track::device), the CPU's to the process that recorded them. Made once,
// when a file has been read, so the timeline, `counters`, `sql` and every
// other reader of counter tracks see them; exports leave them out.

#include "model/trace.h"

namespace tracelane {

// Appends the tracks; returns how many. A trace without memory events is left alone.
std::size_t addMemoryCounterTracks(Trace &trace);

} // namespace tracelane
