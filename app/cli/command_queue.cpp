// tracelane-cli queue: launched-but-not-started operations per GPU stream.
#include "command_support.h"

#include "analysis/efficiency/queue_depth.h"

namespace tracelane::cli {
namespace {

constexpr const char *kUsage = "queue TRACE [--format table|csv|json]";

int run(const std::vector<std::string> &argv, CommandIo &io)
{
    return runTableCommand("queue", kUsage, argv, io,
                           [](const Trace &trace) { return queueTable(queueDepth(trace, gpuStreamOps(trace))); });
}

} // namespace

extern const Command kQueueCommand{"queue", kUsage,
                                   "launch queue depth per GPU stream: max, time-weighted mean, time at the 1024 limit",
                                   run};

} // namespace tracelane::cli
