// tracelane-cli breakdown: each top-level op's device time split by kernel and stream.
#include "command_support.h"

#include "analysis/operators/op_kernel_breakdown.h"

#include <regex>

namespace tracelane::cli {
namespace {

constexpr const char
    *kBreakdownUsage = "breakdown TRACE [--depth N] [--by-ranges | --ranges REGEX] [--all-threads] [--keep-wrappers] "
                             "[--top N] [--format table|csv|json]";

int runBreakdown(const std::vector<std::string> &argv, CommandIo &io)
{
    const CliArgs args(argv, {"--format", "--depth", "--ranges", "--top"}, {"--by-ranges", "--all-threads", "--keep-wrappers"});
    if (!args.error().empty())
        return usageError("breakdown", kBreakdownUsage, args.error(), io);
    if (args.positional().size() != 1)
        return usageError("breakdown", kBreakdownUsage, "expected one TRACE", io);
    BreakdownOptions options;
    const auto depth = parseCount(args.value("--depth", "0"));
    if (!depth)
        return usageError("breakdown", kBreakdownUsage, "--depth takes a number from 0", io);
    options.depth = *depth;
    const auto top = parseCount(args.value("--top", "0"));
    if (!top)
        return usageError("breakdown", kBreakdownUsage, "--top takes a number (0 = all)", io);
    options.rangePattern = args.value("--ranges", "");
    options.ranges = args.flag("--by-ranges");
    options.scope = args.flag("--all-threads") ? LaunchScope::Process : LaunchScope::Thread;
    options.throughWrappers = !args.flag("--keep-wrappers");
    if (options.ranges && !options.rangePattern.empty())
        return usageError("breakdown", kBreakdownUsage, "use either --by-ranges or --ranges", io);
    if (!options.rangePattern.empty() && args.value("--depth"))
        return usageError("breakdown", kBreakdownUsage, "use either --depth or --ranges", io);
    try {
        if (!options.rangePattern.empty())
            std::regex check(options.rangePattern);
    } catch (const std::regex_error &e) {
        return usageError("breakdown", kBreakdownUsage, "bad --ranges: " + std::string(e.what()), io);
    }
    const auto format = formatOption(args, "breakdown", kBreakdownUsage, io);
    if (!format)
        return kExitUsage;
    const auto trace = loadOrReport(args.positional()[0], io);
    if (!trace)
        return kExitBadInput;
    const OpKernelBreakdown breakdown = opKernelBreakdown(*trace, options);
    // The table cannot say it, so the error stream does: which wrappers gave way to what they hold.
    if (!breakdown.lookedThrough.empty()) {
        io.err << "tracelane-cli breakdown: looked through";
        for (const WrapperCount &wrapper : breakdown.lookedThrough)
            io.err << (&wrapper == &breakdown.lookedThrough.front() ? " " : ", ") << wrapper.instances << " x "
                   << wrapper.name;
        io.err << " (--keep-wrappers shows them)\n";
    }
    writeTable(io.out, asTable(*trace, topOps(breakdown, *top)), *format);
    return kExitOk;
}

} // namespace

extern const Command kBreakdownCommand{
    "breakdown", kBreakdownUsage,
    "device time of each CPU op at --depth (or range, with --by-ranges; or range matching --ranges) "
    "split by kernel and stream; --all-threads counts the work any thread of the process launched inside it; "
    "wrappers (Torch-Compiled Region, ProfilerStep#N, autograd evaluate_function) are looked through unless "
    "--keep-wrappers",
    runBreakdown};

} // namespace tracelane::cli
