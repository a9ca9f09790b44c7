// tracelane-cli overheads: launch overheads T1-T5 per operator.
#include "command_support.h"

#include "analysis/efficiency/launch_overheads.h"

namespace tracelane::cli {
namespace {

constexpr const char *kOverheadsUsage = "overheads TRACE [--depth N] [--by-ranges] [--long] [--format table|csv|json]";

int runOverheads(const std::vector<std::string> &argv, CommandIo &io)
{
    return runTableCommand({"overheads",
                            kOverheadsUsage,
                            {"--depth"},
                            {"--by-ranges", "--long"},
                            [](const CliArgs &args) {
                                return parseCount(args.value("--depth", "0"))
                                    ? std::string()
                                    : std::string("--depth takes a number from 0");
                            },
                            [](const Trace &trace, const CliArgs &args) {
                                OverheadOptions options;
                                options.depth = *parseCount(args.value("--depth", "0"));
                                options.ranges = args.flag("--by-ranges");
                                const LaunchOverheads overheads = launchOverheads(trace, options);
                                return args.flag("--long") ? overheadsLongTable(overheads) : overheadsTable(overheads);
                            }},
                           argv, io);
}

} // namespace

extern const Command kOverheadsCommand{
    "overheads", kOverheadsUsage,
    "launch overheads T1-T5 per op at --depth (CPU ops; ranges with --by-ranges or when there are none)", runOverheads};

} // namespace tracelane::cli
