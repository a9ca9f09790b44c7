// tracelane-cli range-kernels: kernels per range and thread (as nsys stats nvtx_kern_sum).
#include "command_support.h"

#include "analysis/range_kernel_summary.h"

namespace tracelane::cli {
namespace {

constexpr const char *kUsage = "range-kernels TRACE [--format table|csv|json]";

int run(const std::vector<std::string> &argv, CommandIo &io)
{
    const CliArgs args(argv, {"--format"}, {});
    if (!args.error().empty())
        return usageError("range-kernels", kUsage, args.error(), io);
    if (args.positional().size() != 1)
        return usageError("range-kernels", kUsage, "expected one TRACE", io);
    const auto format = formatOption(args, "range-kernels", kUsage, io);
    if (!format)
        return kExitUsage;
    const auto trace = loadOrReport(args.positional()[0], io);
    if (!trace)
        return kExitBadInput;
    writeTable(io.out, rangeKernelSummaryTable(*trace), *format);
    return kExitOk;
}

} // namespace

extern const Command kRangeKernelsCommand{"range-kernels", kUsage, "kernels per range and thread (as nsys stats nvtx_kern_sum)", run};

} // namespace tracelane::cli
