#pragma once
// Op-to-kernel breakdown (the DLRM analysis): for each top-level operator or
// module, its device time and how that time splits across kernels and streams.
//
// The operators are the CPU ops at one nesting depth of their thread (depth 0:
// what the Python code called; depth counts CPU ops only, so the Python frames
// of a with_stack=True recording are not a level: ops_at_depth.h, and neither
// are wrappers such as a torch.compile region, by default), the ranges
// (NVTX, user annotations) at one depth, or the ranges whose whole name matches a pattern (e.g. "module::.*";
// a matching range inside another matching range is left out, so no GPU
// operation counts twice). Instances with the same name
// are added up. An op's GPU work is what was launched inside it (the
// containment rule of range_kernels.h): by calls on its own thread (the
// default, nsys's rule), or with LaunchScope::Process by calls on any thread of
// its process, so that a step or phase holds the backward kernels the autograd
// thread launched. Each GPU operation counts once: to the instance on its
// launching thread if one holds the call, else to the first instance (in
// thread order) that does. Device time is the summed duration of that work, so
// the shares of an op add up exactly to its device time.

#include "model/trace.h"

#include "analysis/ranges/range_kernels.h"
#include "export/table.h"

#include <string>
#include <vector>

namespace tracelane {

struct BreakdownOptions
{
    int depth = 0;            // nesting depth of the CPU ops or ranges; unused with a rangePattern
    // Wrappers (wrapper_ops.h: "Torch-Compiled Region", "ProfilerStep#N",
    // "autograd::engine::evaluate_function: X") are no level: what they hold
    // takes their depth. Work launched in a wrapper outside every op it holds
    // then counts at no depth, as work between the ops of any level does.
    bool throughWrappers = true;
    bool ranges = false;      // ranges instead of CPU ops
    std::string rangePattern; // ECMAScript regex over range names; non-empty: the outermost matching ranges
    LaunchScope scope = LaunchScope::Thread; // whose launch calls count (see above)
};

struct KernelShare
{
    StringId kernel = 0;        // full name
    std::int32_t stream = kNoIndex; // index into Trace::streams
    EventKind kind = EventKind::Kernel;
    std::int64_t count = 0;
    TimeNs time = 0; // summed duration
};

struct OpBreakdown
{
    std::string name;
    std::int64_t instances = 0;
    TimeNs cpuTime = 0;    // summed duration of the instances
    TimeNs deviceTime = 0; // summed duration of their GPU work = sum of kernels[].time
    std::vector<KernelShare> kernels; // by time descending, then name
    std::vector<EventRef> refs;       // the instances
    std::vector<EventRef> work;       // the GPU operations counted, by GPU start
};

struct WrapperCount
{
    std::string name;           // the family (wrapper_ops.h): "Torch-Compiled Region"
    std::int64_t instances = 0; // instances that held an op at the depth shown
};

struct OpKernelBreakdown
{
    BreakdownOptions options;     // which ops these are
    std::vector<WrapperCount> lookedThrough; // wrappers whose ops are shown in their place, by family
    std::vector<OpBreakdown> ops; // by device time descending, then name
    TimeNs deviceTime = 0;        // all ops together
};

// Throws std::regex_error for a bad range pattern.
OpKernelBreakdown opKernelBreakdown(const Trace &trace, const BreakdownOptions &options = {});

// The GPU operations `op` counts, the work its device time sums, by GPU start:
// what a click on the op's bar lists. Empty for an op of another trace.
std::vector<EventRef> launchedGpuWork(const Trace &trace, const OpBreakdown &op);

// Keeps the first `top` ops (all when top <= 0).
OpKernelBreakdown topOps(OpKernelBreakdown breakdown, int top);

// One row per (op, stream, kernel): Op, Op Instances, Op Device Time (ns),
// Stream, Kind, Kernel, Instances, Time (ns), Share (%).
Table asTable(const Trace &trace, const OpKernelBreakdown &breakdown);

} // namespace tracelane
