// tracelane-cli ranks: the ranks of a distributed run side by side.
#include "command_support.h"

#include "analysis/ranks/rank_summary.h"
#include "import/load_traces.h"

namespace tracelane::cli {
namespace {

constexpr const char *kRanksUsage = "ranks TRACE|FOLDER... [--per-iteration] [--format table|csv|json]";

int runRanks(const std::vector<std::string> &argv, CommandIo &io)
{
    const CliArgs args(argv, {"--format"}, {"--per-iteration"});
    if (!args.error().empty())
        return usageError("ranks", kRanksUsage, args.error(), io);
    if (args.positional().empty())
        return usageError("ranks", kRanksUsage, "expected at least one TRACE", io);
    const auto format = formatOption(args, "ranks", kRanksUsage, io);
    if (!format)
        return kExitUsage;

    const auto paths = expandTraceFolders(args.positional(), io);
    if (!paths)
        return kExitBadInput;
    const std::vector<ImportResult> loaded = loadTraces(*paths);
    bool failed = false;
    std::vector<RankInput> inputs;
    for (std::size_t i = 0; i < loaded.size(); ++i) {
        const std::string &path = (*paths)[i];
        if (!loaded[i].ok()) { // every bad file is named, not only the first
            io.err << "tracelane-cli: " << loaded[i].error << '\n';
            failed = true;
            continue;
        }
        for (const Diagnostic &d : loaded[i].trace->diagnostics.entries())
            if (d.code == "truncated-file" || d.code == "unterminated-array")
                io.err << "tracelane-cli: warning: '" << path << "': " << d.message << '\n';
        inputs.push_back({path, loaded[i].trace.get()});
    }
    if (failed)
        return kExitBadInput;

    const RankSummary summary = rankSummary(inputs);
    writeTable(io.out, args.flag("--per-iteration") ? collectiveTable(summary) : rankTable(summary), *format);
    return kExitOk;
}

} // namespace

extern const Command kRanksCommand{"ranks", kRanksUsage,
                                   "one row per rank: iteration time, GPU busy and idle, communication, the straggler; "
                                   "--per-iteration: the rank last to enter each iteration's collectives",
                                   runRanks};

} // namespace tracelane::cli
