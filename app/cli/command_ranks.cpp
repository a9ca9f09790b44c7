// tracelane-cli ranks: the ranks of a distributed run side by side.
#include "rank_inputs.h"

#include "analysis/distributed/rank_pace.h"
#include "analysis/ranks/rank_summary.h"

#include <cmath>
#include <cstdlib>

namespace tracelane::cli {
namespace {

constexpr const char *kRanksUsage = "ranks TRACE|FOLDER... [--per-iteration | --pace [--mad K]] [--merge] [--progress] "
                                    "[--format table|csv|json]";

std::optional<double> parseMadLimit(const std::string &text)
{
    char *end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(value) || value < 0)
        return std::nullopt;
    return value;
}

int runRanks(const std::vector<std::string> &argv, CommandIo &io)
{
    const CliArgs args(argv, {"--format", "--mad"}, {"--per-iteration", "--pace", "--merge", "--progress"});
    if (!args.error().empty())
        return usageError("ranks", kRanksUsage, args.error(), io);
    if (args.positional().empty())
        return usageError("ranks", kRanksUsage, "expected at least one TRACE", io);
    if (args.flag("--per-iteration") && args.flag("--pace"))
        return usageError("ranks", kRanksUsage, "--per-iteration and --pace exclude each other", io);
    const auto mad = parseMadLimit(args.value("--mad", "3"));
    if (!mad)
        return usageError("ranks", kRanksUsage, "--mad takes a number of MADs, 0 or more", io);
    if (args.value("--mad") && !args.flag("--pace"))
        return usageError("ranks", kRanksUsage, "--mad goes with --pace", io);
    const auto format = formatOption(args, "ranks", kRanksUsage, io);
    if (!format)
        return kExitUsage;

    RankReductionContent content;
    content.hta = false;
    const auto ranks = readRankInputs(args.positional(), args.flag("--merge"), args.flag("--progress"), io, content);
    if (!ranks)
        return kExitBadInput;
    if (args.flag("--pace")) {
        writeTable(io.out, paceTable(rankPace(collectiveFactsOf(*ranks), *mad)), *format);
        return kExitOk;
    }
    std::vector<RankFacts> facts;
    for (const RankReduction &r : *ranks)
        facts.push_back(r.summary);
    const RankSummary summary = combineRanks(std::move(facts));
    writeTable(io.out, args.flag("--per-iteration") ? collectiveTable(summary) : rankTable(summary), *format);
    return kExitOk;
}

} // namespace

extern const Command kRanksCommand{"ranks", kRanksUsage,
                                   "one row per rank: iteration time, GPU busy and idle, communication, the straggler; "
                                   "--per-iteration: the rank last to enter each iteration's collectives; "
                                   "--pace: each rank's iterations against the median of all ranks",
                                   runRanks};

} // namespace tracelane::cli
