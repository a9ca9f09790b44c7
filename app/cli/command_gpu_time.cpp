// tracelane-cli gpu-time: span, busy, idle, compute and non-compute GPU time per device (and stream).
#include "command_support.h"

#include "analysis/gpu_time.h"

namespace tracelane::cli {
namespace {

constexpr const char *kUsage = "gpu-time TRACE [--per-stream] [--format table|csv|json]";

int run(const std::vector<std::string> &argv, CommandIo &io)
{
    return runTableCommand({"gpu-time", kUsage, {}, {"--per-stream"}, {},
                            [](const Trace &trace, const CliArgs &args) {
                                return gpuTimeTable(gpuTimeBreakdown(trace), args.flag("--per-stream"));
                            }},
                           argv, io);
}

} // namespace

extern const Command kGpuTimeCommand{"gpu-time", kUsage,
                                     "GPU span, busy, idle, compute and non-compute time per device (and stream)", run};

} // namespace tracelane::cli
