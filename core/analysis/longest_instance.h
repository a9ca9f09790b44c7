#pragma once
// The longest instance behind a row of a summary report, so a viewer can show
// it: the kernel, API call or range whose name is the row's name and whose
// duration is the row's maximum. Names are matched as the reports write them
// (API calls without their "_v7000" suffix, ranges as "domain:text").

#include "model/trace.h"

#include <string_view>

namespace tracelane {

enum class SummaryKind : std::uint8_t { Kernel, ApiCall, Range };

// Invalid when no instance has that name. Ties go to the earliest track and start.
EventRef longestInstance(const Trace &trace, SummaryKind kind, std::string_view name);

} // namespace tracelane
