#pragma once
// A trace as HolisticTraceAnalysis (HTA 0.6) sees it, so that `--hta` reports
// can reproduce its numbers (docs/ANALYSIS_EFFICIENCY.md, "HTA conventions"):
//
// - every duration event is a row; its "stream" argument (-1 when absent) makes
//   it a GPU event when not -1, whatever its category (sync events included);
// - times are HTA's microseconds, as doubles: when the file has fractional
//   timestamps, the start is rounded up and the end (start + duration, added as
//   doubles) rounded down, so a sub-µs event can have a negative duration;
// - with two or more distinct ProfilerStep#N names, CPU events from the last
//   step's start on are dropped, and GPU events are kept once for each kept CPU
//   event of the same correlation id (HTA's inner merge). That repeat is kept as
//   a count, not as copies: a sync event of correlation -1 would otherwise be
//   copied once per uncorrelated CPU event, quadratic in the trace.
// - CPU events without a correlation id feed no report (only that count), so
//   they are counted, not kept: most of a trace's events are such CPU ops.

#include "model/trace.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace tracelane {

// How HTA reads one event, shared by its reports and its critical path:
// the double Python's json module makes of the microsecond text of `ns`;
double htaMicroseconds(TimeNs ns);
// pandas.to_numeric(errors="coerce") of an argument, -1 when absent or not a number;
std::int64_t htaNumericArg(const std::optional<ArgValue> &value);
// a name HTA takes for a profiler step (^ProfilerStep#\d+);
bool htaIsProfilerStep(std::string_view name);
// whether HTA rounds the times (pandas read them as floats: some start is not a
// whole µs): starts up and ends (start + duration, as doubles) down;
bool htaRoundsTimes(const Trace &trace);
// the rank HTA files the trace under: distributedInfo's rank, else 0.
int htaRank(const Trace &trace);

enum class HtaKernelType : std::uint8_t { Computation, Communication, Memory, Other };
// HTA's name patterns (hta/common/types.py): every hip* name is communication.
HtaKernelType htaKernelType(std::string_view name);

struct HtaEvent
{
    EventRef ref;
    double ts = 0;  // µs
    double end = 0; // µs
    std::int64_t stream = -1;
    std::int64_t correlation = -1;
    bool kernelCategory = false; // a kernel, memcpy or memset (HTA's idle-time categories)
    HtaKernelType type = HtaKernelType::Other; // from the name, for GPU events
    bool profilerStep = false;                 // named ProfilerStep#N
    std::uint32_t copies = 1;                  // how many rows HTA's merge makes of this one

    double dur() const { return end - ts; }
    bool onGpu() const { return stream != -1; }
};

struct HtaTrace
{
    int rank = 0; // distributedInfo's rank, else 0 as HTA assumes
    std::vector<HtaEvent> events; // kept rows, track by track (not by time); no uncorrelated CPU events
    bool rounded = false;         // the file has fractional timestamps: times were rounded inward
    bool lastStepDropped = false;
};

HtaTrace htaTrace(const Trace &trace);

// Every row as HTA's Trace.parse_traces alone leaves it, which is what its
// TraceDiff reads: no step dropped, CPU events without a correlation kept,
// each row once (`copies` is 1). Rows of events without a category, or of
// category "Trace", are left out, as HTA's parser drops them.
HtaTrace htaParsedRows(const Trace &trace);

// HTA's merge_kernel_intervals: sorted by start, grouped while a start does not
// pass the latest end so far.
struct HtaInterval
{
    double ts = 0;
    double end = 0;
};
std::vector<HtaInterval> htaMergeIntervals(std::vector<HtaInterval> intervals);

} // namespace tracelane
