#pragma once
// Several loaded traces as one: the ranks of a distributed run, or any traces
// the user opens together, shown in one window as lane groups. Each input is
// moved in whole (events, arguments, flows, diagnostics); strings, argument
// schemas and categories are re-interned into the first input's tables, index
// fields offset, times shifted onto a common time base and correlation ids
// offset so a launch still finds only its own kernels. Trace::parts says which
// tracks came from which file. Linear in the events; each input's memory is
// released as soon as it has been moved.

#include "trace.h"

#include <optional>
#include <string>
#include <vector>

namespace tracelane {

struct MergeInput
{
    Trace trace;
    std::string label; // the lane group's title: "rank 3", else the file name
    std::optional<std::int64_t> rank;
    TimeNs shift = 0;  // added to every time of this trace; must keep them model times
};

// The parts in the order given; the first input keeps its string ids.
Trace mergeTraces(std::vector<MergeInput> inputs);

} // namespace tracelane
