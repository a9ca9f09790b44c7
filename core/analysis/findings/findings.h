#pragma once
// Findings: rules that each name a problem in a trace, what it costs, the
// events that show it and the usual fix. The six CUDA rules of `nsys analyze`
// (cuda_memcpy_async, cuda_memcpy_sync, cuda_memset_sync, cuda_api_sync,
// gpu_gaps, gpu_time_util) with their published definitions, the PyTorch
// profiler TensorBoard plugin's recommendations (dataloader, communication,
// gpu_utilization, tensor_cores) and Tracelane's own (launch_queue_full,
// short_kernels, h2d_in_step, straggler). Every threshold is an option with
// the published default. Definitions and sources in docs/ANALYSIS_FINDINGS.md.

#include "analysis/window/window_events.h"
#include "model/trace.h"

#include "export/table.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tracelane {

enum class Severity : std::uint8_t { Low, Medium, High };
std::string_view severityName(Severity severity); // "low", "medium", "high"

struct FindingOptions
{
    // cuda_memcpy_sync: host-to-device copies of at most this many bytes do not block the host.
    std::int64_t memcpySyncSmallH2dBytes = 64'000;
    // cuda_memcpy_sync: leave out device-to-device copies within one device (the nsys recipe's variant).
    bool memcpySyncSkipDeviceToDevice = false;
    // gpu_gaps: a gap longer than this is reported (nsys: gap=500 ms; its query keeps duration > gap).
    TimeNs gpuGap = 500'000'000;
    // gpu_time_util: chunks below this in-use percentage are reported (nsys threshold=50), in chunks=30 chunks.
    double gpuTimeUtilThreshold = 50.0;
    int gpuTimeUtilChunks = 30; // 1 ... 1000
    // dataloader, communication: share of the step time above which the plugin recommends (5 %, 10 %).
    double dataloaderShare = 5.0;
    double communicationShare = 10.0;
    // gpu_utilization: the plugin's per-GPU kernel time over its steps below this percentage.
    double gpuUtilization = 50.0;
    // tensor_cores: share of kernel time launched by tensor-core-eligible operators above which it fires.
    double tensorCoresEligibleShare = 0.0;
    // launch_queue_full: pending launches on a stream at which a launch call blocks.
    std::int32_t launchQueueDepth = 1024;
    // short_kernels: fires when at least this many kernels, and this share of all launched
    // kernels, ran shorter on the GPU than their launch call took on the CPU.
    std::int64_t shortKernelsMinCount = 100;
    double shortKernelsMinShare = 25.0;
    // straggler: fires when a rank's median step is this much longer than the median of the others'.
    double stragglerExcess = 10.0;
    // Severity from the share of the step: high at or above `severityHigh` percent, medium at or above `severityMedium`.
    double severityHigh = 10.0;
    double severityMedium = 1.0;
};

// One option by its documented name ("gpu_gaps.gap") from text ("500ms").
// Returns an error message, empty on success.
std::string setFindingOption(FindingOptions &options, std::string_view name, std::string_view value);

struct FindingOptionInfo
{
    std::string_view name;        // "gpu_gaps.gap"
    std::string_view defaultText; // "500ms"
    std::string_view meaning;
};
const std::vector<FindingOptionInfo> &findingOptionList();

// One event (or time region) that shows a finding, with what the rule counts for it.
struct FindingEvent
{
    EventRef event;            // the GPU op, API call or range; for a gap the op that ends it; invalid for a region
    EventRef call;             // the API call that launched the GPU op, where it has one
    EventRef owner;            // the CPU operator that made the call (tensor_cores), the step (h2d_in_step)
    TimeNs start = 0;          // of the event or region
    TimeNs duration = 0;       // of the event or region
    TimeNs cost = 0;           // the part the rule counts as time lost (exposed copy time, launch minus kernel, ...)
    double inUse = -1.0;       // gpu_time_util, gpu_utilization: percent; -1 elsewhere
    std::int32_t device = -1;  // index into Trace::devices, for regions
    std::int64_t pid = -1;     // for regions: the process of the device's launching calls
    std::int64_t iteration = -1; // straggler: the step's number
};

struct Finding
{
    std::string rule; // "cuda_memcpy_async", ... as findingRules() lists them
    Severity severity = Severity::Low;
    std::int64_t count = 0;  // events, gaps or regions found
    TimeNs time = 0;         // what they cost, summed
    double shareOfStep = 0.0; // percent: time over the analysed window (rule-specific for the plugin's rules)
    std::string message;     // the problem, with the figures
    std::string fix;         // the usual fix
    bool fires = false;      // past its threshold: what computeFindings reports
    std::vector<FindingEvent> events; // in the order `--rule` lists them
};

// The rules in the order computeFindings evaluates them.
const std::vector<std::string_view> &findingRules();
bool isFindingRule(std::string_view rule);

// Every rule that fires on `trace`, most severe first (then by time, then rule).
// `step`: analyse only this window (an iteration); by default the whole trace.
// A trace merged from several (Trace::parts) gets the plugin's rules per rank
// and the straggler rule across ranks.
std::vector<Finding> computeFindings(const Trace &trace, const FindingOptions &options = {},
                                     std::optional<TimeWindow> step = {});

// What one rule finds, whether or not it fires (a rule below its threshold
// still lists its events); several findings for rules that report per GPU or rank.
std::vector<Finding> ruleFindings(const Trace &trace, std::string_view rule, const FindingOptions &options = {},
                                  std::optional<TimeWindow> step = {});

// Rule,Severity,Count,Time (ns),Share of Step (%),Message
Table findingsTable(const std::vector<Finding> &findings);
// The events of `findings` (one rule's) in the columns `nsys analyze` prints for
// that rule: Duration, Start, PID, TID or Device ID, Stream ID, API Name, Bytes,
// Src Kind, Dst Kind as applicable (docs/ANALYSIS_FINDINGS.md). Times are on
// the trace's own clock. Rows are made on demand: `trace` and `findings` must
// outlive the source.
RowSource findingEventRows(const Trace &trace, std::string_view rule, const std::vector<Finding> &findings);
Table findingEventsTable(const Trace &trace, std::string_view rule, const std::vector<Finding> &findings); // held

} // namespace tracelane
