// tracelane-cli gpu-mem: GPU time per memcpy / memset operation (as nsys stats cuda_gpu_mem_time_sum).
#include "command_support.h"

#include "analysis/gpu_mem_time_summary.h"

namespace tracelane::cli {
namespace {

constexpr const char *kUsage = "gpu-mem TRACE [--format table|csv|json]";

int run(const std::vector<std::string> &argv, CommandIo &io)
{
    const CliArgs args(argv, {"--format"}, {});
    if (!args.error().empty())
        return usageError("gpu-mem", kUsage, args.error(), io);
    if (args.positional().size() != 1)
        return usageError("gpu-mem", kUsage, "expected one TRACE", io);
    const auto format = formatOption(args, "gpu-mem", kUsage, io);
    if (!format)
        return kExitUsage;
    const auto trace = loadOrReport(args.positional()[0], io);
    if (!trace)
        return kExitBadInput;
    writeTable(io.out, gpuMemTimeSummaryTable(gpuMemTimeSummary(*trace)), *format);
    return kExitOk;
}

} // namespace

extern const Command kGpuMemCommand{"gpu-mem", kUsage, "GPU time per memcpy / memset operation (as nsys stats cuda_gpu_mem_time_sum)", run};

} // namespace tracelane::cli
