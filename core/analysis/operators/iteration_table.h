#pragma once
// Training iterations and their phases.
//
// Iterations are ranges (or CPU ops) on a thread whose whole name matches a
// pattern with one number group. Without a user pattern, "Iteration N" is
// used when the trace has such ranges, else "ProfilerStep#N": PyTorch traces
// often have both, and the profiler's step also holds data loading and the
// profiler's own bookkeeping, while "Iteration N" is what the training loop
// marked as the step.
//
// Per iteration: CPU time (the range's duration) and the GPU work it launched
// (see range_kernels.h; LaunchScope::Process by default, so the backward pass
// launched from autograd's thread counts too), with its projected span, busy
// time (union of the operations' intervals) and operation count.
// Phases are the ranges directly nested in the iteration on its track
// ("FWD pass", "BWD pass", "Optimizer step"), measured the same way.

#include "analysis/ranges/range_kernels.h"

#include "export/table.h"

#include <optional>
#include <string>
#include <vector>

namespace tracelane {

struct IterationOptions
{
    std::string pattern; // ECMAScript regex with one number group; empty = automatic
    LaunchScope scope = LaunchScope::Process;
};

struct IterationPhase
{
    std::size_t phase = 0; // index into IterationTable::phaseNames
    EventRef ref;
    TimeNs start = 0;
    TimeNs end = 0;
    GpuWorkTotals gpu;

    TimeNs cpuTime() const { return end - start; }
};

struct Iteration
{
    std::int64_t number = 0;
    std::string name;
    EventRef ref;
    TimeNs start = 0;
    TimeNs end = 0;
    GpuWorkTotals gpu;
    std::vector<IterationPhase> phases; // in start order

    TimeNs cpuTime() const { return end - start; }
};

struct IterationTable
{
    std::string pattern;                 // the pattern used
    std::vector<std::string> patternsTried; // every pattern tried, in order (the automatic ones, or the user's)
    std::vector<Iteration> iterations;   // by start
    std::vector<std::string> phaseNames; // distinct phase names, in order of first appearance
};

// Every pattern tried, in full, joined by " or " (for "no iterations" messages).
std::string patternsTriedText(const IterationTable &table);

// The automatic patterns, in order of preference.
const std::vector<std::string> &defaultIterationPatterns();

// Throws std::regex_error for a bad pattern and std::invalid_argument for one
// without exactly one capture group.
IterationTable detectIterations(const Trace &trace, const IterationOptions &options = {});

// One row per iteration: Iteration, Name, Start (ns), CPU Time (ns),
// GPU Projected Time (ns), GPU Busy Time (ns), GPU Ops, then for each phase
// found in at least half the iterations its CPU time and GPU busy time.
Table asTable(const IterationTable &table);

} // namespace tracelane
