#pragma once
// What the rules share: the analysed window, the GPU streams with their
// launching calls, the steps, the ranks of a merged trace and the lookups from
// a track to its process and thread. Internal to core/analysis/findings.

#include "findings.h"
#include "memory_ops.h"

#include "analysis/gpu/gpu_stream_ops.h"
#include "analysis/gpu/interval_set.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tracelane::findings {

// A rank of a merged trace (its tracks), or the whole trace.
struct Scope
{
    std::uint32_t firstTrack = 0;
    std::uint32_t endTrack = 0;
    std::string label; // the rank's label; empty for a whole trace
};

// A step as the plugin's rules measure it.
struct Step
{
    TimeNs start = 0;
    TimeNs end = 0;
    std::size_t scope = 0;
    EventRef ref; // the step's range; invalid for a window given by the caller
};

// The time roles of the plugin's overview inside one scope's steps
// (rules_plugin.cpp): what the DataLoader and communication rules measure.
struct ScopeRoles
{
    IntervalSet steps;         // union of the scope's steps
    TimeNs stepTime = 0;       // their lengths, summed
    IntervalSet busyGpu;       // kernels other than collectives, memcpys, memsets
    IntervalSet communication; // collective kernels and the CPU's nccl:/gloo: collectives
    IntervalSet runtime;       // API calls
    IntervalSet dataloader;    // DataLoader (DataPipe) iterations
    std::vector<EventRef> communicationEvents; // those overlapping the steps, in track order
    std::vector<EventRef> dataloaderEvents;
};

// A range or CPU op on a thread whose whole name matches a step pattern.
struct StepRange
{
    TimeNs start = 0;
    TimeNs end = 0;
    EventRef ref;
    std::int64_t number = 0; // the pattern's number group
};

struct RuleResult
{
    Finding finding;
    bool fires = false;
};

class Context
{
public:
    Context(const Trace &trace, const FindingOptions &options, std::optional<TimeWindow> step);

    const Trace &trace;
    const FindingOptions &options;

    // The analysed window: the step given, else the trace's span.
    TimeWindow window() const { return m_window; }
    bool stepGiven() const { return m_stepGiven; }
    bool inWindow(TimeNs t) const { return t >= m_window.from && t < m_window.to; }
    // Share of the window in percent; 0 for an empty window.
    double shareOfWindow(TimeNs time) const;

    const std::vector<StreamOps> &streams();
    const MemoryOpReader &memoryOps() const { return m_memoryOps; }

    const std::vector<Scope> &scopes() const { return m_scopes; }
    std::size_t scopeOfTrack(std::uint32_t track) const;

    std::int64_t pidOfTrack(std::uint32_t track) const; // -1 when the track has no process
    std::int64_t tidOfTrack(std::uint32_t track) const; // -1 when the track has no thread
    // An API call's name without the "_vNNNN" suffix Nsight Systems adds.
    std::string_view apiName(EventRef call) const;

    // The plugin's steps, by scope then start: the window given; else each
    // rank's ProfilerStep#N ranges, else its "Iteration N" ranges, each ending
    // no earlier than the GPU work launched inside it and starting no earlier
    // than the previous one ends; else the rank's whole span as one step.
    const std::vector<Step> &steps();
    // Per scope, by start (then number, event): the ranges of the first of
    // `patterns` (ECMAScript, one number group) that the scope has.
    std::vector<std::vector<StepRange>> stepRanges(const std::vector<std::string> &patterns) const;

    // The plugin's roles per scope (rules_plugin.cpp), computed once.
    const std::vector<ScopeRoles> &roles();

    // Whether only findings that fire are wanted (computeFindings): a rule that
    // cannot fire may then skip listing its events.
    bool firedOnly() const { return m_firedOnly; }
    void setFiredOnly(bool firedOnly) { m_firedOnly = firedOnly; }

    Severity severityOf(double share) const;
    // Sets the severity from the share and wraps the finding.
    RuleResult result(Finding finding, bool fires) const;

private:
    TimeWindow m_window;
    bool m_stepGiven = false;
    bool m_firedOnly = false;
    std::optional<std::vector<StreamOps>> m_streams;
    std::optional<std::vector<Step>> m_steps;
    std::optional<std::vector<ScopeRoles>> m_roles;
    MemoryOpReader m_memoryOps;
    std::vector<Scope> m_scopes;
};

// Case-insensitive checks on API names, as SQLite's LIKE compares.
bool startsWithNoCase(std::string_view text, std::string_view prefix);
bool containsNoCase(std::string_view text, std::string_view part);

// Durations largest first, then earlier first, then by event: the order nsys analyze lists rows in.
void sortByDurationDescending(std::vector<FindingEvent> &events);

// Formats a percentage with one decimal ("12.3").
std::string percentText(double percent);
// Formats nanoseconds for messages ("1.25 ms").
std::string durationText(TimeNs ns);

// The rules, one function each (rules_*.cpp).
using RuleFunction = void (*)(Context &, std::vector<RuleResult> &);
void cudaMemcpyAsyncRule(Context &context, std::vector<RuleResult> &out);
void cudaMemcpySyncRule(Context &context, std::vector<RuleResult> &out);
void cudaMemsetSyncRule(Context &context, std::vector<RuleResult> &out);
void cudaApiSyncRule(Context &context, std::vector<RuleResult> &out);
void gpuGapsRule(Context &context, std::vector<RuleResult> &out);
void gpuTimeUtilRule(Context &context, std::vector<RuleResult> &out);
void dataloaderRule(Context &context, std::vector<RuleResult> &out);
void communicationRule(Context &context, std::vector<RuleResult> &out);
void gpuUtilizationRule(Context &context, std::vector<RuleResult> &out);
void tensorCoresRule(Context &context, std::vector<RuleResult> &out);
void launchQueueFullRule(Context &context, std::vector<RuleResult> &out);
void shortKernelsRule(Context &context, std::vector<RuleResult> &out);
void h2dInStepRule(Context &context, std::vector<RuleResult> &out);
void stragglerRule(Context &context, std::vector<RuleResult> &out);

} // namespace tracelane::findings
