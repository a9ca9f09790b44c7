#pragma once
// The instances behind a row of a summary report, so a viewer can show them:
// the kernels, API calls or ranges whose name is the row's name. The longest
// is the one whose duration is the row's maximum; all of them are as many as
// the row's count. Names are matched as the reports write them (API calls
// without their "_v7000" suffix, ranges as "domain:text").

#include "model/trace.h"

#include <string_view>
#include <vector>

namespace tracelane {

enum class SummaryKind : std::uint8_t { Kernel, ApiCall, Range };

// Invalid when no instance has that name. Ties go to the earliest track and start.
EventRef longestInstance(const Trace &trace, SummaryKind kind, std::string_view name);

// Every instance of that name, by start time, then track and index. One pass
// over the trace (ranges: over the ranges collectRanges() finds).
std::vector<EventRef> summaryInstances(const Trace &trace, SummaryKind kind, std::string_view name);

} // namespace tracelane
