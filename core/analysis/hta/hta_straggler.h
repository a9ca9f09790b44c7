#pragma once
// HolisticTraceAnalysis' straggler detection (StragglerAnalysis.get_potential_stragglers
// with find_stragglers_with_late_start_comm_kernels, HTA commit f4d0062), reproduced
// so that `--hta` gives HTA's answer (docs/ANALYSIS_HTA_STRAGGLER.md).
//
// It runs in two steps so that many ranks never need to be in memory at once:
// htaStragglerFacts reads one rank's trace into a few hundred numbers (its steps,
// per-iteration time extremes and candidate NCCL kernels, in HTA's microseconds
// and row order), which can be written as JSON by one process per rank; then
// htaStragglers combines every rank's facts as HTA combines the ranks' frames.

#include "export/table.h"
#include "model/trace.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tracelane {

// An NCCL kernel HTA could pick: "ncclKernel..." on a stream > 0 in an iteration > 0.
struct HtaStragglerKernel
{
    std::string name;
    std::int64_t stream = 0;
    std::int64_t iteration = 0;
    double ts = 0;  // HTA's µs in the file's own clock (before HTA aligns the ranks)
    double dur = 0; // HTA's µs
    friend bool operator==(const HtaStragglerKernel &, const HtaStragglerKernel &) = default;
};

// The earliest start and the latest end among one iteration's rows of one rank.
// The end is kept as the row's (ts, dur): HTA adds them after aligning the ranks.
struct HtaStragglerIteration
{
    std::int64_t iteration = 0;
    double minTs = 0;
    double lastEndTs = 0;  // ts of the row whose ts + dur is largest
    double lastEndDur = 0; // its dur
    friend bool operator==(const HtaStragglerIteration &, const HtaStragglerIteration &) = default;
};

// What one rank's trace contributes.
struct HtaStragglerFacts
{
    std::int64_t rank = 0;
    std::size_t rows = 0;            // HTA's parsed rows; a rank without any is left out, as HTA does
    double minTs = 0;                // earliest start of any parsed row: HTA aligns the ranks on the least of these
    std::vector<std::int64_t> steps; // N of each kept ProfilerStep#N row, sorted, distinct
    std::vector<HtaStragglerIteration> iterations; // by iteration, ascending; -1 left out
    std::vector<HtaStragglerKernel> kernels;       // in HTA's row order
    bool rounded = false;                          // times had fractions of a µs and were rounded as HTA does
    bool lastStepDropped = false;                  // two or more step names: the last step's CPU rows were dropped
    friend bool operator==(const HtaStragglerFacts &, const HtaStragglerFacts &) = default;
};

// One rank's facts. `rank`: the rank to file it under; when absent, the part's
// rank, else the trace's distributedInfo rank (htaRank). With `part`, only its
// tracks of a merged trace are read, in the file's own times (its shift undone).
HtaStragglerFacts htaStragglerFacts(const Trace &trace, std::optional<std::int64_t> rank,
                                    const TracePart *part = nullptr);

// Every rank of a trace: one facts per part of a merged trace (each under its
// part's rank, else the one its file names), or the trace's own when it has no parts.
std::vector<HtaStragglerFacts> htaStragglerFactsOfParts(const Trace &trace);

// JSON (one object); the round trip is exact (doubles as shortest round-trip text).
std::string htaStragglerFactsToJson(const HtaStragglerFacts &facts);
// Empty `error` on success; otherwise the reason and default facts.
HtaStragglerFacts htaStragglerFactsFromJson(const std::string &json, std::string &error);

struct HtaStragglerMetricRow
{
    std::int64_t rank = 0;
    std::int64_t iteration = 0;
    double normalizedStart = 0; // (ts - t_min) / mean iteration time
    double ts = 0;              // HTA's aligned µs (earliest row of all ranks at 0)
    double dur = 0;
};

// A (stream, kernel) HTA weighed, with its score: the mean over iterations of the
// standard deviation across ranks of the kernel's normalised duration (NaN when
// no iteration had two ranks).
struct HtaStragglerCandidate
{
    std::int64_t stream = 0;
    std::string kernel;
    double meanStd = 0;
};

struct HtaStragglerCount
{
    std::int64_t rank = 0;
    std::int64_t count = 0;
};

struct HtaStragglerResult
{
    std::string error; // HTA raises here (its exception and message); the fields below are what was reached
    std::vector<std::int64_t> availableSteps;      // HTA's get_profiler_steps
    std::vector<std::int64_t> iterations;          // the selected steps that hold rows
    double tMin = 0;                               // aligned µs
    double meanIterationTime = 0;                  // µs
    std::vector<HtaStragglerCandidate> candidates; // sorted by (stream, kernel)
    std::int64_t stream = 0;                       // the chosen kernel
    std::string kernel;
    std::vector<HtaStragglerMetricRow> metric; // by rank, then iteration
    std::vector<HtaStragglerCount> counts;     // by rank
    std::vector<std::int64_t> stragglers;      // HTA's answer, most counts first
};

// get_potential_stragglers(profiler_steps = steps, num_candidates = candidates).
HtaStragglerResult htaStragglers(const std::vector<HtaStragglerFacts> &ranks, int candidates = 2,
                                 std::optional<std::vector<std::int64_t>> steps = {});

// Rank, Straggler Count, Potential Straggler (Yes/No): one row per rank with a metric.
Table htaStragglerTable(const HtaStragglerResult &result);
// Rank, Iteration, Stream, Kernel, Start (us), Duration (us), Normalized Start.
Table htaStragglerMetricTable(const HtaStragglerResult &result);

} // namespace tracelane
