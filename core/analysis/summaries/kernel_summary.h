#pragma once
// Kernel time per kernel name, over every kernel on every stream;
// same definition and row order as `nsys stats -r cuda_gpu_kern_sum`.

#include "name_summary.h"

#include <string_view>
#include <vector>

namespace tracelane {

NameSummary kernelSummary(const Trace &trace);
// Over several traces together (see summarizeByName).
NameSummary kernelSummary(const std::vector<const Trace *> &traces);
// Every kernel named `name` (a row of kernelSummary: its instances), by track
// then start. One pass over the events.
std::vector<EventRef> kernelInstances(const Trace &trace, std::string_view name);
Table kernelSummaryTable(const NameSummary &summary);

} // namespace tracelane
