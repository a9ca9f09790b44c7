// tracelane-cli collectives: the collectives of a distributed run matched
// across its ranks, with their transfer and wait time, skew and bandwidth.
#include "rank_inputs.h"

#include "analysis/distributed/collective_facts_json.h"
#include "analysis/distributed/collective_tables.h"
#include "import/importer.h"

namespace tracelane::cli {
namespace {

constexpr const char *kCollectivesUsage =
    "collectives TRACE...|FOLDER... [--by-rank | --per-collective] [--progress] [--format table|csv|json]\n"
    "       tracelane-cli collectives --reduce TRACE\n"
    "       tracelane-cli collectives --merge FACTS.json... [--by-rank | --per-collective] [--format table|csv|json]";

int reduceOne(const std::string &path, CommandIo &io)
{
    const ImportResult loaded = loadTrace(path);
    if (!loaded.ok()) {
        io.err << "tracelane-cli: " << loaded.error << '\n';
        return kExitBadInput;
    }
    io.out << rankFactsJson(reduceRankTrace(*loaded.trace, path)) << '\n';
    return kExitOk;
}

int runCollectives(const std::vector<std::string> &argv, CommandIo &io)
{
    const CliArgs args(argv, {"--format"}, {"--by-rank", "--per-collective", "--reduce", "--merge", "--progress"});
    if (!args.error().empty())
        return usageError("collectives", kCollectivesUsage, args.error(), io);
    if (args.positional().empty())
        return usageError("collectives", kCollectivesUsage, "expected at least one TRACE", io);
    if (args.flag("--by-rank") && args.flag("--per-collective"))
        return usageError("collectives", kCollectivesUsage, "--by-rank and --per-collective exclude each other", io);
    if (args.flag("--reduce")) {
        if (args.positional().size() != 1 || args.flag("--merge"))
            return usageError("collectives", kCollectivesUsage, "--reduce takes one TRACE", io);
        return reduceOne(args.positional()[0], io);
    }
    const auto format = formatOption(args, "collectives", kCollectivesUsage, io);
    if (!format)
        return kExitUsage;

    const auto ranks = readRankInputs(args.positional(), args.flag("--merge"), args.flag("--progress"), io);
    if (!ranks)
        return kExitBadInput;
    const CollectiveAnalysis analysis = matchCollectives(collectiveFactsOf(*ranks));
    for (const std::string &note : analysis.notes)
        io.err << "tracelane-cli: note: " << note << '\n';
    if (args.flag("--by-rank"))
        writeTable(io.out, collectiveRankTable(analysis), *format);
    else if (args.flag("--per-collective"))
        writeTable(io.out, collectiveInstanceTable(analysis), *format);
    else
        writeTable(io.out, collectiveKindTable(analysis), *format);
    return kExitOk;
}

} // namespace

extern const Command kCollectivesCommand{
    "collectives", kCollectivesUsage,
    "collectives matched across ranks: transfer and wait time, skew, algorithm and bus bandwidth; "
    "--by-rank: each rank's communication, transfer and wait; --reduce/--merge: the same in independent jobs",
    runCollectives};

} // namespace tracelane::cli
