// tracelane-cli kernels: GPU time per kernel name (as nsys stats cuda_gpu_kern_sum).
#include "command_support.h"

#include "analysis/kernel_summary.h"

namespace tracelane::cli {
namespace {

constexpr const char *kUsage = "kernels TRACE [--format table|csv|json]";

int run(const std::vector<std::string> &argv, CommandIo &io)
{
    return runTableCommand("kernels", kUsage, argv, io, [](const Trace &trace) { return kernelSummaryTable(kernelSummary(trace)); });
}

} // namespace

extern const Command kKernelsCommand{"kernels", kUsage, "GPU time per kernel name (as nsys stats cuda_gpu_kern_sum)", run};

} // namespace tracelane::cli
