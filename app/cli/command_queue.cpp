// tracelane-cli queue: launched-but-not-started operations per GPU stream.
#include "command_support.h"

#include "analysis/efficiency/queue_depth.h"

namespace tracelane::cli {
namespace {

constexpr const char *kQueueUsage = "queue TRACE [--format table|csv|json]";

int runQueue(const std::vector<std::string> &argv, CommandIo &io)
{
    return runTableCommand("queue", kQueueUsage, argv, io,
                           [](const Trace &trace) { return queueTable(queueDepth(trace, gpuStreamOps(trace))); });
}

} // namespace

extern const Command kQueueCommand{"queue", kQueueUsage,
                                   "launch queue depth per GPU stream: max, time-weighted mean, time at the 1024 limit",
                                   runQueue};

} // namespace tracelane::cli
