#pragma once
// What-if estimates: durations scaled before the critical path is solved again.
// A model, not a simulation: queues, contention and the GPU running several
// kernels at once are not modelled (docs/ANALYSIS_CRITICAL_PATH.md, "What-if").

#include "dependency_graph.h"

#include <string>
#include <vector>

namespace tracelane {

enum class WhatIfTarget : std::uint8_t {
    Kernels,        // kernels=F: compute kernels
    KernelNamed,    // kernel:REGEX=F: kernels whose name matches
    OpNamed,        // op:REGEX=F: CPU events whose name, or an enclosing one's, matches
    Communication,  // comm=F: collectives
    Memory,         // memory=F: memcpy and memset
    LaunchOverhead, // launch-overhead=F: the launch calls themselves
    Cpu,            // cpu=F: CPU ops, Python and data loading
};

struct WhatIfRule
{
    WhatIfTarget target = WhatIfTarget::Kernels;
    std::string pattern; // KernelNamed, OpNamed
    double factor = 1.0;
};

struct WhatIf
{
    std::vector<WhatIfRule> rules; // factors of rules that meet one edge multiply
    std::string text() const;      // as parsed, e.g. "kernels=0.5,comm=0"
};

struct ParsedWhatIf
{
    WhatIf whatIf;
    std::string error; // empty when parsed
};

// "kernels=0.5", "kernel:REGEX=0.5", "op:REGEX=0", "comm=0", "memory=0.5",
// "launch-overhead=0", "cpu=0.5"; several joined by commas (a comma inside a
// regular expression stays in it unless a known key follows it).
ParsedWhatIf parseWhatIf(const std::string &spec);

// graph.edges' weights with the rules applied, rounded to whole ns.
std::vector<TimeNs> whatIfWeights(const Trace &trace, const DependencyGraph &graph, const WhatIf &whatIf);

} // namespace tracelane
