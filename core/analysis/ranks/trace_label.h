#pragma once
// How the summaries label and order several traces: by the rank from Kineto's
// distributedInfo, traces without one after, then by file name; the label is
// the rank, else the file name. The same order as `tracelane-cli ranks`.

#include "model/trace.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tracelane {

struct TraceLabel
{
    std::optional<std::int64_t> rank;
    std::string file; // file name, without its folder

    std::string label() const; // the rank number, else the file name
};

// `path`: what the user named; the trace's own source path when empty.
TraceLabel traceLabel(const Trace &trace, const std::string &path);

// Indices into `labels` in rank order; ties keep the order given.
std::vector<std::size_t> rankOrder(const std::vector<TraceLabel> &labels);

} // namespace tracelane
