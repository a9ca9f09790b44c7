#pragma once
// `tracelane-cli diff --hta`: HolisticTraceAnalysis 0.6's TraceDiff.compare_traces
// numbers for PyTorch profiler (Kineto) traces, as docs/DECISIONS.md ("Trace
// diff, --hta") describes its conventions:
//
// - rows are the trace's duration events with a category (not "Trace"), times
//   in HTA's microseconds: rounded inward (start up, end down) when some start
//   is not a whole microsecond;
// - an event's device is its "stream" argument: -1 (absent) is CPU, any other
//   value GPU, whatever the track;
// - iterations are the ProfilerStep#N rows, on any track. A row with stream < 0
//   (or stream 0 in category cpu_op) belongs to the step containing its start,
//   the latest in file order where several do; a row with stream > 0 to the
//   iteration of the CPU row of its correlation id; any other row to none;
// - names are grouped across categories.
//
// The options' scope picks the iterations: PerIteration (the default) HTA's
// default, the first (lowest) iteration of each trace; Iteration N of both;
// Whole every iteration of each. Times come out in nanoseconds: HTA's
// microseconds times 1000, exact because its durations here are whole
// microseconds (rounded, or whole in the file) or the file's own values.

#include "trace_diff.h"

#include <string>
#include <string_view>

namespace tracelane {

// Throws std::invalid_argument when a trace has no ProfilerStep#N (HTA refuses
// it) or lacks the asked iteration.
TraceDiff diffTracesHta(const Trace &control, const Trace &test, const TraceDiffOptions &options = {});

// HTA's shorten_name: template and call arguments and return types dropped,
// the last space-separated word kept; memcpy and memset names unchanged.
std::string htaShortName(std::string_view name);

} // namespace tracelane
