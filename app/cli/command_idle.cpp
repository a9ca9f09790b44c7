// tracelane-cli idle: why each GPU stream was idle (host wait, kernel wait, other).
#include "command_support.h"

#include "analysis/efficiency/idle_causes.h"
#include "analysis/hta/hta_reports.h"

namespace tracelane::cli {
namespace {

constexpr const char *kIdleUsage = "idle TRACE [--threshold-us N] [--hta] [--format table|csv|json]";

TimeNs thresholdOf(const CliArgs &args)
{
    return TimeNs{*parseCount(args.value("--threshold-us", "30"))} * 1000;
}

int runIdle(const std::vector<std::string> &argv, CommandIo &io)
{
    return runTableCommand({"idle",
                            kIdleUsage,
                            {"--threshold-us"},
                            {"--hta"},
                            [](const CliArgs &args) {
                                return parseCount(args.value("--threshold-us", "30"))
                                    ? std::string()
                                    : std::string("--threshold-us takes a whole number of microseconds");
                            },
                            [](const Trace &trace, const CliArgs &args) {
                                if (args.flag("--hta")) // HTA's consecutive_kernel_delay is in µs
                                    return htaIdleTimeBreakdown(htaTrace(trace), thresholdOf(args) / 1000);
                                const auto streams = gpuStreamOps(trace);
                                return idleTable(
                                    idleByStream(trace, streams, idleGaps(trace, streams, thresholdOf(args))));
                            }},
                           argv, io);
}

} // namespace

extern const Command kIdleCommand{
    "idle", kIdleUsage, "idle time per GPU stream by cause: host wait, kernel wait (gap < threshold, 30 us), other",
    runIdle};

} // namespace tracelane::cli
