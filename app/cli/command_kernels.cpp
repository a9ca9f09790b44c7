// tracelane-cli kernels: GPU time per kernel name (as nsys stats cuda_gpu_kern_sum).
#include "multi_trace_command.h"

#include "analysis/summaries/kernel_summary.h"

namespace tracelane::cli {
namespace {

constexpr const char *kKernelsUsage = "kernels TRACE... [--per-trace] [--format table|csv|json]";

int runKernels(const std::vector<std::string> &argv, CommandIo &io)
{
    return runSummaryCommand(
        {"kernels",
         kKernelsUsage,
         [](const Trace &trace, const CliArgs &) { return kernelSummaryTable(kernelSummary(trace)); },
         [](const std::vector<const Trace *> &traces, const CliArgs &) {
             return kernelSummaryTable(kernelSummary(traces));
         },
         {},
         {}},
        argv, io);
}

} // namespace

extern const Command kKernelsCommand{"kernels", kKernelsUsage,
                                     "GPU time per kernel name (as nsys stats cuda_gpu_kern_sum); several TRACEs: "
                                     "all together, or --per-trace",
                                     runKernels};

} // namespace tracelane::cli
