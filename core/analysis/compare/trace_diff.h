#pragma once
// The difference between two traces (`tracelane-cli diff`, HTA's TraceDiff):
// per op or kernel name, how often it ran and for how long in the control and
// in the test trace, and what changed.
//
// What is counted: CPU ops (CpuOp events, and generic slices on CPU threads, as
// the window summary groups them) and GPU work (kernels, memcpys, memsets).
// Rows are per name, across both kinds, as HTA groups them.
//
// Scope:
// - PerIteration (default): the whole traces, each divided by its number of
//   iterations: its ProfilerStep#N ranges (HTA's iterations), else its
//   "Iteration N" ranges (iteration_table.h), on the thread that has most; a
//   trace without iterations counts as one;
// - Iteration: iteration N of both traces (every range numbered N, where a
//   recording repeats its numbers). A CPU op belongs to the iteration
//   that contains its start (on any thread); GPU work to the iteration that
//   contains the start of the API call that launched it (its launch flow);
//   GPU work without a launch flow belongs to no iteration;
// - Whole: the whole traces, not divided.
//
// Normalised values are kept exact: counts and times stay integers, with each
// trace's divisor alongside; the change class and the order compare
// cross-multiplied integers.

#include "model/trace.h"

#include "export/table.h"

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace tracelane {

enum class DiffScope : std::uint8_t { PerIteration, Iteration, Whole };
enum class DiffDevice : std::uint8_t { Cpu, Gpu, All };
enum class DiffChange : std::uint8_t { Added, Deleted, Increased, Decreased, Unchanged };

// "added", "deleted", "increased", "decreased", "unchanged".
const char *diffChangeName(DiffChange change);

struct TraceDiffOptions
{
    DiffScope scope = DiffScope::PerIteration;
    std::int64_t iteration = 0; // DiffScope::Iteration: the iteration number in both traces
    DiffDevice device = DiffDevice::All;
    bool shortNames = false; // GPU work grouped by shortKernelName()
};

struct DiffSide
{
    std::int64_t count = 0;
    TimeNs time = 0; // summed duration
};

struct TraceDiffRow
{
    std::string name;
    DiffSide control;
    DiffSide test;
    DiffChange change = DiffChange::Unchanged;
};

struct TraceDiff
{
    TraceDiffOptions options;
    // What the control and the test totals are divided by: the number of
    // iterations with PerIteration, else 1.
    std::int64_t controlDivisor = 1;
    std::int64_t testDivisor = 1;
    // Rows by |test time / testDivisor - control time / controlDivisor|
    // descending, then name.
    std::vector<TraceDiffRow> rows;

    double controlCount(const TraceDiffRow &row) const { return double(row.control.count) / double(controlDivisor); }
    double testCount(const TraceDiffRow &row) const { return double(row.test.count) / double(testDivisor); }
    double controlTime(const TraceDiffRow &row) const { return double(row.control.time) / double(controlDivisor); }
    double testTime(const TraceDiffRow &row) const { return double(row.test.time) / double(testDivisor); }
    bool normalised() const { return controlDivisor != 1 || testDivisor != 1; }
};

// The numbers of a trace's iterations (distinct, ascending), as the diff finds them.
std::vector<std::int64_t> diffIterationNumbers(const Trace &trace);

// Throws std::invalid_argument when options ask for an iteration that one of
// the traces does not have (the message names which).
TraceDiff diffTraces(const Trace &control, const Trace &test, const TraceDiffOptions &options = {});

// One side of a diff reduced to its totals per name (CPU ops and GPU work of
// one name together, GPU names shortened as asked) and what they are divided
// by (its iterations with PerIteration, else 1). The sides of several traces
// add up, so a folder of rank traces compares with another a file at a time:
// the folder's figures are then per rank (and per iteration by default).
struct DiffSideTotals
{
    std::unordered_map<std::string, DiffSide> byName;
    std::int64_t divisor = 1;
};
// `which` names the side in the exception diffTraces would throw ("control", "test").
DiffSideTotals diffSideTotals(const Trace &trace, const TraceDiffOptions &options, const char *which);
// Names summed, divisors added (start a sum from a side with divisor 0).
void addDiffSide(DiffSideTotals &into, const DiffSideTotals &from);
TraceDiff diffFromSides(const DiffSideTotals &control, const DiffSideTotals &test, const TraceDiffOptions &options);

// Fills diff.rows from per-name totals (control, test) of both traces: the
// change class of each and the order above, using diff's divisors.
void setDiffRows(TraceDiff &diff, const std::unordered_map<std::string, std::pair<DiffSide, DiffSide>> &totals);

// Name,Control Count,Test Count,Count Diff,Control Time (ns),Test Time (ns),Time Diff (ns),Change.
// Integers unless normalised; normalised counts with two decimals, times with one.
Table asTable(const TraceDiff &diff);

} // namespace tracelane
