// tracelane-cli overlap: how much of each device's communication runs alongside compute.
#include "command_support.h"

#include "analysis/efficiency/gpu_time.h"
#include "analysis/hta/hta_reports.h"

namespace tracelane::cli {
namespace {

constexpr const char *kOverlapUsage = "overlap TRACE [--hta] [--format table|csv|json]";

int runOverlap(const std::vector<std::string> &argv, CommandIo &io)
{
    return runTableCommand({"overlap",
                            kOverlapUsage,
                            {},
                            {"--hta"},
                            {},
                            [](const Trace &trace, const CliArgs &args) {
                                return args.flag("--hta") ? htaCommCompOverlap(htaTrace(trace))
                                                          : overlapTable(gpuTimeBreakdown(trace));
                            }},
                           argv, io);
}

} // namespace

extern const Command kOverlapCommand{
    "overlap", kOverlapUsage, "communication time per device and the share of it overlapped by compute", runOverlap};

} // namespace tracelane::cli
