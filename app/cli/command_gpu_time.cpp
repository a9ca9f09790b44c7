// tracelane-cli gpu-time: span, busy, idle, compute and non-compute GPU time per device (and stream).
#include "command_support.h"

#include "analysis/efficiency/gpu_time.h"
#include "analysis/efficiency/kernel_efficiency_tables.h"
#include "analysis/hta/hta_reports.h"

namespace tracelane::cli {
namespace {

constexpr const char *kGpuTimeUsage = "gpu-time TRACE [--per-stream | --hta | --efficiency] [--format table|csv|json]";

int runGpuTime(const std::vector<std::string> &argv, CommandIo &io)
{
    return runTableCommand({"gpu-time",
                            kGpuTimeUsage,
                            {},
                            {"--per-stream", "--hta", "--efficiency"},
                            [](const CliArgs &args) {
                                if (args.flag("--efficiency") && (args.flag("--per-stream") || args.flag("--hta")))
                                    return std::string("--efficiency reports per device only");
                                return args.flag("--per-stream") && args.flag("--hta")
                                    ? std::string("--hta reports per rank, not per stream")
                                    : std::string();
                            },
                            [](const Trace &trace, const CliArgs &args) {
                                if (args.flag("--efficiency")) {
                                    const StepsWindow window = stepsWindow(trace);
                                    return deviceEfficiencyTable(deviceEfficiency(trace, window), window);
                                }
                                if (args.flag("--hta"))
                                    return htaTemporalBreakdown(htaTrace(trace));
                                return gpuTimeTable(gpuTimeBreakdown(trace), args.flag("--per-stream"));
                            }},
                           argv, io);
}

} // namespace

extern const Command kGpuTimeCommand{"gpu-time", kGpuTimeUsage,
                                     "GPU span, busy, idle, compute and non-compute time per device (and stream); --efficiency: est. SM "
                                     "efficiency and occupancy per device",
                                     runGpuTime};

} // namespace tracelane::cli
