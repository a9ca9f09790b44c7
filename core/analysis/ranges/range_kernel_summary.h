#pragma once
// Kernels per range: same definition and row order as `nsys stats -r nvtx_kern_sum`.
// A kernel counts for every range that encloses its launching API call on the
// same thread (all ranges of the push/pop stack, not only the innermost).
// Kernels launched outside any range form rows with an empty range name, per
// thread. Rows are grouped by range name, style, PID, TID and kernel name and
// ordered by range name, PID, TID, total time descending, kernel name.

#include "export/table.h"
#include "model/trace.h"

namespace tracelane {

Table rangeKernelSummaryTable(const Trace &trace);

} // namespace tracelane
