#pragma once
// The ranks of a distributed run side by side: one row per trace with its
// iteration times, GPU busy and idle time, communication and its overlap with
// compute, the straggler (the rank with the largest median iteration time);
// and per iteration, which rank was last to enter its collectives.
//
// Each number comes from the single-trace analyses: iterations from
// iteration_table.h (CPU time of "Iteration N", else "ProfilerStep#N"), GPU
// time and communication overlap from gpu_time.h, summed over the trace's
// devices. Definitions in docs/ANALYSIS_EFFICIENCY.md and docs/DECISIONS.md.

#include "model/trace.h"

#include "export/table.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tracelane {

struct RankInput
{
    std::string file; // what the user named; its file name labels a trace without a rank
    const Trace *trace = nullptr;
};

struct RankRow
{
    std::optional<std::int64_t> rank; // from distributedInfo
    std::string file;                 // file name, without its folder
    std::size_t iterations = 0;
    double iterationMedian = 0.0; // CPU time; mean of the middle two for an even count
    TimeNs iterationMax = 0;
    TimeNs gpuBusy = 0;
    TimeNs gpuIdle = 0;
    TimeNs communication = 0; // union of communication ops, per device, summed
    TimeNs overlapped = 0;    // the part of it during which compute runs
    bool straggler = false;

    std::string label() const; // the rank number, else the file name
};

// The iteration's first collective on one rank: the earliest start of a
// communication op launched from the iteration (LaunchScope::Process).
struct CollectiveEntry
{
    std::int64_t iteration = 0;
    std::size_t ranks = 0;   // ranks with this iteration and a collective in it
    std::size_t lastRow = 0; // index into RankSummary::rows of the rank that entered last
    TimeNs lastStart = 0;    // its first collective's start, on the common time base
    TimeNs lag = 0;          // lastStart minus the earliest rank's first collective start
};

struct RankSummary
{
    std::vector<RankRow> rows; // by rank; traces without one after, by file name
    std::vector<CollectiveEntry> collectives; // by iteration; those in at least two ranks
    bool epochTimeBase = false; // every trace has epoch times; else each counts from its own start
};

RankSummary rankSummary(const std::vector<RankInput> &inputs);

// The same in two steps, so each trace can be summarised as soon as it has
// loaded (while the next one loads): what one trace gives...
struct RankFacts
{
    RankRow row;
    std::map<std::int64_t, TimeNs> firstCollective; // iteration -> start, in the trace's own times
    std::optional<TimeNs> epoch;
    TimeNs start = 0;
};
RankFacts rankFacts(const RankInput &input);
// ...and the summary of them all, in rank order.
RankSummary combineRanks(std::vector<RankFacts> ranks);

// Rank,File,Iterations,Iteration Median (ns),Iteration Max (ns),GPU Busy (ns),GPU Idle (ns),
// Communication (ns),Overlap with Compute (%),Straggler
Table rankTable(const RankSummary &summary);
// Iteration,Ranks,Last Rank,Last File,Last Start (ns),Lag (ns)
Table collectiveTable(const RankSummary &summary);

} // namespace tracelane
