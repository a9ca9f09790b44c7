#pragma once
// Kernel time per kernel name, over every kernel on every stream;
// same definition and row order as `nsys stats -r cuda_gpu_kern_sum`.

#include "name_summary.h"

namespace tracelane {

NameSummary kernelSummary(const Trace &trace);
Table kernelSummaryTable(const NameSummary &summary);

} // namespace tracelane
