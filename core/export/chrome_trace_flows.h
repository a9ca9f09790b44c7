#pragma once
// Flow arrows of a trace as Chrome flow events: an "s" on the source slice and
// an "f" with "bp":"e" on the target, both at a time that the Chrome importer
// (and Perfetto) bind to that very slice, Kineto style ("ac2g" for launches).

#include "chrome_trace_lanes.h"

#include <cstdint>
#include <functional>
#include <string>

namespace tracelane {

// Appends one s/f pair per flow that the format can express to `buffer`
// (after a comma unless `first`); returns how many, and counts the rest in
// `leftOut`. Calls `flush` now and then so the buffer stays small.
std::uint64_t writeChromeFlows(const Trace &trace, const ChromeLanes &lanes, std::string &buffer, bool &first,
                               const std::function<void()> &flush, std::uint64_t &leftOut);

// The category a flow is written with ("ac2g", "cpu_to_cuda", "fwdbwd",
// "flow"), or nullptr when an end sits on a lane the Chrome importer binds no
// flow to (ranges, GPU annotations, async, counters) or the wrong one for the
// category: the importer binds "ac2g" ends on a thread to its API lane and
// other categories to its CPU lane.
const char *chromeFlowCategory(const Flow &flow, const Trace &trace);

// A time inside the event that no deeper event on its track covers: the
// importer binds a flow to the deepest slice enclosing its time. Looks at a
// bounded number of children; falls back to the event's start.
TimeNs chromeFlowBindTime(const Track &track, std::uint32_t index);

} // namespace tracelane
