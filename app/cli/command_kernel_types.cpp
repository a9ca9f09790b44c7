// tracelane-cli kernel-types: busy GPU time split by compute, communication and memory, overlaps apart.
#include "command_support.h"

#include "analysis/efficiency/gpu_time.h"
#include "analysis/hta/hta_reports.h"

namespace tracelane::cli {
namespace {

constexpr const char *kKernelTypesUsage = "kernel-types TRACE [--hta] [--format table|csv|json]";

int runKernelTypes(const std::vector<std::string> &argv, CommandIo &io)
{
    return runTableCommand({"kernel-types",
                            kKernelTypesUsage,
                            {},
                            {"--hta"},
                            {},
                            [](const Trace &trace, const CliArgs &args) {
                                return args.flag("--hta") ? htaKernelTypeBreakdown(htaTrace(trace))
                                                          : kernelTypesTable(gpuTimeBreakdown(trace));
                            }},
                           argv, io);
}

} // namespace

extern const Command kKernelTypesCommand{
    "kernel-types", kKernelTypesUsage, "busy GPU time per device by compute, communication and memory, overlaps apart",
    runKernelTypes};

} // namespace tracelane::cli
