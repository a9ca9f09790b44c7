// tracelane-cli range-kernels: kernels per range and thread (as nsys stats nvtx_kern_sum).
#include "command_support.h"

#include "analysis/ranges/range_kernel_summary.h"

namespace tracelane::cli {
namespace {

constexpr const char *kRangeKernelsUsage = "range-kernels TRACE [--format table|csv|json]";

int runRangeKernels(const std::vector<std::string> &argv, CommandIo &io)
{
    return runTableCommand("range-kernels", kRangeKernelsUsage, argv, io,
                           [](const Trace &trace) { return rangeKernelSummaryTable(trace); });
}

} // namespace

extern const Command kRangeKernelsCommand{
    "range-kernels", kRangeKernelsUsage, "kernels per range and thread (as nsys stats nvtx_kern_sum)", runRangeKernels};

} // namespace tracelane::cli
