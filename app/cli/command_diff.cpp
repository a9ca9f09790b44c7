// tracelane-cli diff: per op and kernel name, the counts and times of two
// traces side by side, their differences and what changed (HTA's TraceDiff).
#include "command_support.h"

#include "analysis/compare/trace_diff.h"
#include "analysis/compare/trace_diff_hta.h"
#include "analysis/distributed/rank_reduction.h"
#include "analysis/ranks/trace_group.h"
#include "rank_inputs.h"

#include <filesystem>
#include <mutex>

#include <stdexcept>

namespace tracelane::cli {
namespace {

constexpr const char *kDiffUsage = "diff CONTROL TEST [--iteration N | --all-iterations] [--device cpu|gpu|all] "
                                   "[--short-names] [--hta] [--format table|csv|json]\n"
                                   "       (CONTROL and TEST may be folders of rank traces; not with --hta)";

bool isFolder(const std::string &path)
{
    std::error_code error;
    return std::filesystem::is_directory(path, error);
}

// A folder of rank traces as one side: each file's totals added as it loads,
// the trace released before the next (rank_reduction.h). Files that fail are
// named and counted; nullopt when none could be read.
std::optional<DiffSideTotals> folderSide(const std::string &folder, const TraceDiffOptions &options,
                                         const char *which, CommandIo &io)
{
    const std::vector<std::string> files = traceFilesInFolder(folder);
    if (files.empty()) {
        io.err << "tracelane-cli: '" << folder << "': a folder without trace files\n";
        return std::nullopt;
    }
    limitAllocatorArenas();
    DiffSideTotals sum;
    sum.divisor = 0;
    std::mutex lock;
    std::vector<RankFileFailure> unusable;
    std::size_t used = 0;
    TraceFileLoop loop = forEachTraceFile(files, [&](std::size_t i, const std::shared_ptr<const Trace> &trace) {
        try {
            const DiffSideTotals side = diffSideTotals(*trace, options, which);
            const std::lock_guard<std::mutex> guard(lock);
            addDiffSide(sum, side);
            ++used;
        } catch (const std::invalid_argument &e) {
            const std::lock_guard<std::mutex> guard(lock);
            unusable.push_back({files[i], e.what()});
        }
    });
    for (const std::string &warning : loop.warnings)
        io.err << "tracelane-cli: warning: " << warning << '\n';
    for (const RankFileFailure &failure : loop.failures)
        io.err << "tracelane-cli: " << failure.error << '\n';
    for (const RankFileFailure &failure : unusable)
        io.err << "tracelane-cli: '" << failure.path << "': " << failure.error << '\n';
    if (used < files.size())
        io.err << "tracelane-cli: " << files.size() - used << " of " << files.size() << " files in '" << folder
               << "' could not be compared; the " << which << " side is the others\n";
    if (used == 0)
        return std::nullopt;
    return sum;
}

int diffFolders(const std::vector<std::string> &paths, const TraceDiffOptions &options, TableFormat format,
                CommandIo &io)
{
    std::optional<DiffSideTotals> sides[2];
    const char *which[2] = {"control", "test"};
    for (int s = 0; s < 2; ++s) {
        if (isFolder(paths[s])) {
            sides[s] = folderSide(paths[s], options, which[s], io);
        } else if (const auto trace = loadOrReport(paths[s], io)) {
            try {
                sides[s] = diffSideTotals(*trace, options, which[s]);
            } catch (const std::invalid_argument &e) {
                io.err << "tracelane-cli: '" << paths[s] << "': " << e.what() << '\n';
            }
        }
        if (!sides[s])
            return kExitBadInput;
    }
    const TraceDiff diff = diffFromSides(*sides[0], *sides[1], options);
    writeTable(io.out, asTable(diff), format);
    if (format == TableFormat::Text)
        io.out << "\nControl: " << paths[0] << "\nTest:    " << paths[1] << "\nCompared: per rank"
               << (options.scope == DiffScope::PerIteration ? " and iteration" : "") << " (control "
               << diff.controlDivisor << ", test " << diff.testDivisor << ")\n";
    return kExitOk;
}

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

    const bool hta = args.flag("--hta");
    if (isFolder(args.positional()[0]) || isFolder(args.positional()[1])) {
        if (hta)
            return usageError("diff", kDiffUsage, "--hta compares two traces, not folders", io);
        return diffFolders(args.positional(), options, *format, io);
    }
    const auto traces = loadAllOrReport(args.positional(), io);
    if (traces.empty())
        return kExitBadInput;
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
