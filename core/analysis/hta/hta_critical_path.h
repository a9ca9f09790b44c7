#pragma once
// HolisticTraceAnalysis 0.6's critical path analysis of a PyTorch profiler
// (Kineto) trace, as `critical_path_analysis(rank, annotation, instance_id)`
// and its graph's summary() give it: a graph of CPU operators, runtime calls
// and GPU kernels over one annotation's window, its longest path, and that
// path's time by what bounds it, in HTA's categories and microseconds. Every
// rule, threshold and tie HTA has is kept (docs/ANALYSIS_CRITICAL_PATH_HTA.md).

#include "model/trace.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tracelane {

struct HtaCriticalPathOptions
{
    // Rows whose name contains this text are the annotation's instances ("" = the whole trace).
    std::string annotation = "ProfilerStep";
    // HTA's instance_id: a position among those rows in HTA's row order (see
    // htaInstanceForIteration); negative counts from the end, as a Python slice.
    int instanceId = 0;
    // The step annotation#iteration (ProfilerStep#N) instead of instanceId: the same as
    // instanceId = htaInstanceForIteration(...), without reading the trace twice.
    std::optional<std::int64_t> iteration;
    // HTA's data_load_events: events whose name contains one of these texts become
    // graph nodes, and their spans count as "data_loading" (matched there as regular
    // expressions against HTA's short name).
    std::vector<std::string> dataLoadEvents;
};

enum class HtaCpEdgeType : std::uint8_t {
    OperatorKernel,    // the span of an operator, runtime call or kernel, or between nested ones
    Dependency,        // between consecutive top-level operators, or calls sharing the runtime lock (0 µs)
    KernelLaunchDelay, // from a launch call's start to its kernel's start
    KernelKernelDelay, // from a kernel's end to the next kernel's start on the stream
    SyncDependency,    // a kernel waited for by another kernel or by a CPU call (0 µs)
};
// HTA's name of the type ("critical_path_operator", ...).
std::string_view htaCpEdgeTypeName(HtaCpEdgeType type);

// One end of an edge: the start or the end of an event.
struct HtaCpNode
{
    EventRef event;
    bool start = false;
    double us = 0; // HTA's microseconds: rounded as HTA rounds, from the trace's first event
};

struct HtaCriticalPathEdge
{
    HtaCpNode from, to;
    HtaCpEdgeType type = HtaCpEdgeType::Dependency;
    double weight = 0;   // µs as HTA sums it (a negative weight counts 0 for the longest path)
    EventRef attributed; // the event HTA attributes the edge to; invalid for none
    std::string boundBy; // HTA's bound_by of the edge ("" for dependency and sync edges)
};

struct HtaCriticalPathRow
{
    std::string boundBy;   // HTA's category: "", cpu_bound, data_loading, gpu_communication_bound, ...
    std::size_t edges = 0; // edges on the path in this category
    double duration = 0;   // their weights summed, µs, exact as HTA sums them
    double percent = 0;    // duration / total * 100, as summary() gives it
};

struct HtaCriticalPathResult
{
    bool ok = false;
    std::string error; // why HTA fails on this input (or what Tracelane does not reproduce)
    EventRef annotation; // the instance picked (invalid for the whole trace)
    double windowStartUs = 0, windowEndUs = 0; // its span, in HtaCpNode::us
    std::vector<HtaCriticalPathRow> rows; // summary() order: by bound_by
    double totalDuration = 0;             // µs, all path edges
    std::vector<HtaCriticalPathEdge> path; // in path order
    std::size_t graphNodes = 0, graphEdges = 0;
};

HtaCriticalPathResult htaCriticalPath(const Trace &trace, const HtaCriticalPathOptions &options = {});

// HTA's instance_id of the step `annotation`#`iteration` (ProfilerStep#N): its
// position among the rows whose name contains `annotation`, in HTA's row order —
// the GPU rows HTA keeps first, then the CPU side in file order, which counts
// the GPU-side step annotations (gpu_user_annotation) too. Of the rows with that
// exact name, the first one not on a GPU lane is taken. Empty when HTA does
// not hold the step (the last one, which HTA drops, or one the trace lacks).
std::optional<int> htaInstanceForIteration(const Trace &trace, std::string_view annotation, std::int64_t iteration);

} // namespace tracelane
