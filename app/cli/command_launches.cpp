// tracelane-cli launches: each launch call with its GPU op, CPU and GPU duration and launch delay.
#include "command_support.h"

#include "analysis/efficiency/launch_stats.h"
#include "analysis/hta/hta_reports.h"

#include <stdexcept>

namespace tracelane::cli {
namespace {

constexpr const char *kLaunchesUsage = "launches TRACE [--summary | --hta] [--format table|csv|json]";

int runLaunches(const std::vector<std::string> &argv, CommandIo &io)
{
    const CliArgs args(argv, {"--format"}, {"--summary", "--hta"});
    if (!args.error().empty())
        return usageError("launches", kLaunchesUsage, args.error(), io);
    if (args.positional().size() != 1)
        return usageError("launches", kLaunchesUsage, "expected one TRACE", io);
    const auto format = formatOption(args, "launches", kLaunchesUsage, io);
    if (!format)
        return kExitUsage;
    if (args.flag("--summary") && args.flag("--hta"))
        return usageError("launches", kLaunchesUsage, "use either --summary or --hta", io);
    const auto trace = loadOrReport(args.positional()[0], io);
    if (!trace)
        return kExitBadInput;
    if (args.flag("--hta")) {
        try {
            const HtaTrace hta = htaTrace(*trace);
            const auto pairs = htaLaunchPairs(*trace, hta);
            writeRows(io.out, htaLaunchRows(pairs), *format); // one row per launch: streamed
        } catch (const std::length_error &e) {
            io.err << "launches: " << e.what() << "\n";
            return kExitBadInput;
        }
        return kExitOk;
    }
    const auto records = launchRecords(*trace);
    if (args.flag("--summary"))
        writeTable(io.out, launchSummaryTable(summarizeLaunches(records)), *format);
    else // one row per launch: streamed, not held
        writeRows(io.out, launchRows(*trace, records), *format);
    return kExitOk;
}

} // namespace

extern const Command kLaunchesCommand{
    "launches", kLaunchesUsage,
    "every kernel/memcpy/memset launch: CPU duration, GPU duration, launch delay (--summary: statistics and flags)",
    runLaunches};

} // namespace tracelane::cli
