#pragma once
// Time per operator, forward and backward apart: the autograd profiler's
// key_averages() table, computed from any trace with autograd ops (see
// autograd_ops.h). One row per (op name, pass); columns (times in ns):
//
//   Name        the op name ("aten::addmm", "AddmmBackward0")
//   Pass        forward or backward
//   Calls       number of instances
//   CPU total   sum of the instances' wall time on their thread, children
//               included (key_averages' "CPU total")
//   CPU time    CPU total / Calls (key_averages' "CPU time avg")
//   CUDA total  sum of the GPU time of the work the instances launched: kernels,
//               memcpys and memsets whose launching API call lies within the
//               instance on its thread (start <= call start, call end <= end),
//               children's launches included, each operation's full duration
//   CUDA time   CUDA total / Calls
//   Kernels     number of kernels so launched
//
// Rows are sorted by CPU total, largest first, then name and pass. Nested ops
// each count their children's time, as in key_averages, so totals of different
// rows overlap and do not add up to the run's time.

#include "autograd_ops.h"
#include "export/table.h"

#include <string>
#include <vector>

namespace tracelane {

struct OpSummaryRow
{
    std::string name;
    Pass pass = Pass::Forward;
    std::int64_t calls = 0;
    TimeNs cpuTotal = 0;
    TimeNs gpuTotal = 0;
    std::int64_t kernels = 0;
};

std::vector<OpSummaryRow> opSummary(const Trace &trace);
// Over several traces together: one row per (op name, pass) with its calls,
// totals and kernels summed over the traces.
std::vector<OpSummaryRow> opSummary(const std::vector<const Trace *> &traces);
Table opSummaryTable(const std::vector<OpSummaryRow> &rows);

} // namespace tracelane
