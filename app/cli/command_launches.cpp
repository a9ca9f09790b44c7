// tracelane-cli launches: each launch call with its GPU op, CPU and GPU duration and launch delay.
#include "command_support.h"

#include "analysis/launch_stats.h"

namespace tracelane::cli {
namespace {

constexpr const char *kUsage = "launches TRACE [--summary] [--format table|csv|json]";

int run(const std::vector<std::string> &argv, CommandIo &io)
{
    return runTableCommand({"launches", kUsage, {}, {"--summary"}, {},
                            [](const Trace &trace, const CliArgs &args) {
                                const auto records = launchRecords(trace);
                                return args.flag("--summary") ? launchSummaryTable(summarizeLaunches(records))
                                                              : launchesTable(trace, records);
                            }},
                           argv, io);
}

} // namespace

extern const Command kLaunchesCommand{
    "launches", kUsage,
    "every kernel/memcpy/memset launch: CPU duration, GPU duration, launch delay (--summary: statistics and flags)",
    run};

} // namespace tracelane::cli
