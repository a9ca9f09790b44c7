// tracelane-cli kernels: GPU time per kernel name (as nsys stats cuda_gpu_kern_sum).
#include "command_support.h"

#include "analysis/kernel_summary.h"

namespace tracelane::cli {
namespace {

constexpr const char *kUsage = "kernels TRACE [--format table|csv|json]";

int run(const std::vector<std::string> &argv, CommandIo &io)
{
    const CliArgs args(argv, {"--format"}, {});
    if (!args.error().empty())
        return usageError("kernels", kUsage, args.error(), io);
    if (args.positional().size() != 1)
        return usageError("kernels", kUsage, "expected one TRACE", io);
    const auto format = formatOption(args, "kernels", kUsage, io);
    if (!format)
        return kExitUsage;
    const auto trace = loadOrReport(args.positional()[0], io);
    if (!trace)
        return kExitBadInput;
    writeTable(io.out, kernelSummaryTable(kernelSummary(*trace)), *format);
    return kExitOk;
}

} // namespace

extern const Command kKernelsCommand{"kernels", kUsage, "GPU time per kernel name (as nsys stats cuda_gpu_kern_sum)", run};

} // namespace tracelane::cli
