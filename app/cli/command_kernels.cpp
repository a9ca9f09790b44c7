// tracelane-cli kernels: GPU time per kernel name (as nsys stats cuda_gpu_kern_sum).
#include "multi_trace_command.h"

#include "analysis/efficiency/kernel_efficiency_tables.h"
#include "analysis/summaries/kernel_summary.h"

namespace tracelane::cli {
namespace {

constexpr const char *kKernelsUsage = "kernels TRACE... [--per-trace] [--efficiency] [--format table|csv|json]";

int runKernels(const std::vector<std::string> &argv, CommandIo &io)
{
    return runSummaryCommand(
        {"kernels",
         kKernelsUsage,
         [](const Trace &trace, const CliArgs &args) {
             if (args.flag("--efficiency"))
                 return kernelEfficiencyTable(kernelSummary(trace), kernelEfficiencyByName(trace));
             return kernelSummaryTable(kernelSummary(trace));
         },
         [](const std::vector<const Trace *> &traces, const CliArgs &args) {
             if (args.flag("--efficiency"))
                 return kernelEfficiencyTable(kernelSummary(traces), kernelEfficiencyByName(traces));
             return kernelSummaryTable(kernelSummary(traces));
         },
         {"--efficiency"},
         {}},
        argv, io);
}

} // namespace

extern const Command kKernelsCommand{"kernels", kKernelsUsage,
                                     "GPU time per kernel name (as nsys stats cuda_gpu_kern_sum); several TRACEs: "
                                     "all together, or --per-trace; --efficiency adds tensor cores, est. SM efficiency and occupancy",
                                     runKernels};

} // namespace tracelane::cli
