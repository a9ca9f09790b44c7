// tracelane-cli diff: per op and kernel name, the counts and times of two
// traces side by side, their differences and what changed (HTA's TraceDiff).
#include "command_support.h"

#include "analysis/compare/trace_diff.h"
#include "analysis/compare/trace_diff_hta.h"

#include <stdexcept>

namespace tracelane::cli {
namespace {

constexpr const char *kDiffUsage = "diff CONTROL TEST [--iteration N | --all-iterations] [--device cpu|gpu|all] "
                                   "[--short-names] [--hta] [--format table|csv|json]";

std::optional<DiffDevice> parseDevice(const std::string &text)
{
    if (text == "cpu")
        return DiffDevice::Cpu;
    if (text == "gpu")
        return DiffDevice::Gpu;
    if (text == "all")
        return DiffDevice::All;
    return std::nullopt;
}

const char *scopeText(const TraceDiff &diff)
{
    switch (diff.options.scope) {
    case DiffScope::PerIteration: return "per iteration";
    case DiffScope::Iteration: return "iteration";
    case DiffScope::Whole: return "whole traces";
    }
    return "";
}

// With --hta the default is HTA's: the first iteration of each trace.
std::string htaScopeText(const TraceDiff &diff)
{
    switch (diff.options.scope) {
    case DiffScope::PerIteration: return "the first iteration of each trace";
    case DiffScope::Iteration: return "iteration " + std::to_string(diff.options.iteration);
    case DiffScope::Whole: return "every iteration";
    }
    return "";
}

int runDiff(const std::vector<std::string> &argv, CommandIo &io)
{
    const CliArgs args(argv, {"--format", "--iteration", "--device"}, {"--all-iterations", "--short-names", "--hta"});
    if (!args.error().empty())
        return usageError("diff", kDiffUsage, args.error(), io);
    if (args.positional().size() != 2)
        return usageError("diff", kDiffUsage, "expected two traces, CONTROL and TEST", io);
    TraceDiffOptions options;
    if (const auto text = args.value("--iteration")) {
        if (args.flag("--all-iterations"))
            return usageError("diff", kDiffUsage, "--iteration and --all-iterations exclude each other", io);
        const auto number = parseCount(*text);
        if (!number)
            return usageError("diff", kDiffUsage, "--iteration takes an iteration number (see `iterations`)", io);
        options.scope = DiffScope::Iteration;
        options.iteration = *number;
    } else if (args.flag("--all-iterations")) {
        options.scope = DiffScope::Whole;
    }
    const auto device = parseDevice(args.value("--device", "all"));
    if (!device)
        return usageError("diff", kDiffUsage,
                          "unknown device '" + args.value("--device", "") + "' (use cpu, gpu or all)", io);
    options.device = *device;
    options.shortNames = args.flag("--short-names");
    const auto format = formatOption(args, "diff", kDiffUsage, io);
    if (!format)
        return kExitUsage;

    const auto traces = loadAllOrReport(args.positional(), io);
    if (traces.empty())
        return kExitBadInput;
    const bool hta = args.flag("--hta");
    TraceDiff diff;
    try {
        diff = hta ? diffTracesHta(*traces[0], *traces[1], options) : diffTraces(*traces[0], *traces[1], options);
    } catch (const std::invalid_argument &e) {
        return usageError("diff", kDiffUsage, std::string(hta ? "--hta: " : "--iteration: ") + e.what(), io);
    }
    writeTable(io.out, asTable(diff), *format);
    if (*format == TableFormat::Text) {
        io.out << "\nControl: " << args.positional()[0] << "\nTest:    " << args.positional()[1]
               << "\nCompared: " << (hta ? htaScopeText(diff) : scopeText(diff));
        if (hta)
            io.out << " (HTA's TraceDiff conventions)";
        else if (diff.options.scope == DiffScope::Iteration)
            io.out << ' ' << diff.options.iteration;
        else if (diff.options.scope == DiffScope::PerIteration)
            io.out << " (control " << diff.controlDivisor << ", test " << diff.testDivisor << " iterations)";
        io.out << '\n';
    }
    return kExitOk;
}

} // namespace

extern const Command kDiffCommand{"diff", kDiffUsage,
                                  "per op and kernel name, counts and times of two traces and what changed", runDiff};

} // namespace tracelane::cli
