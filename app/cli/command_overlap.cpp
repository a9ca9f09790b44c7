// tracelane-cli overlap: how much of each device's communication runs alongside compute.
#include "command_support.h"

#include "analysis/gpu_time.h"

namespace tracelane::cli {
namespace {

constexpr const char *kUsage = "overlap TRACE [--format table|csv|json]";

int run(const std::vector<std::string> &argv, CommandIo &io)
{
    return runTableCommand("overlap", kUsage, argv, io,
                           [](const Trace &trace) { return overlapTable(gpuTimeBreakdown(trace)); });
}

} // namespace

extern const Command kOverlapCommand{"overlap", kUsage,
                                     "communication time per device and the share of it overlapped by compute", run};

} // namespace tracelane::cli
