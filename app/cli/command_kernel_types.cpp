// tracelane-cli kernel-types: busy GPU time split by compute, communication and memory, overlaps apart.
#include "command_support.h"

#include "analysis/efficiency/gpu_time.h"
#include "analysis/hta/hta_reports.h"

namespace tracelane::cli {
namespace {

constexpr const char *kUsage = "kernel-types TRACE [--hta] [--format table|csv|json]";

int run(const std::vector<std::string> &argv, CommandIo &io)
{
    return runTableCommand({"kernel-types", kUsage, {}, {"--hta"}, {},
                            [](const Trace &trace, const CliArgs &args) {
                                return args.flag("--hta") ? htaKernelTypeBreakdown(htaTrace(trace))
                                                          : kernelTypesTable(gpuTimeBreakdown(trace));
                            }},
                           argv, io);
}

} // namespace

extern const Command kKernelTypesCommand{
    "kernel-types", kUsage, "busy GPU time per device by compute, communication and memory, overlaps apart", run};

} // namespace tracelane::cli
