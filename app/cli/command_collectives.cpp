// tracelane-cli collectives: the collectives of a distributed run matched
// across its ranks, with their transfer and wait time, skew and bandwidth.
#include "rank_inputs.h"

#include "analysis/distributed/collective_facts_json.h"
#include "analysis/distributed/collective_tables.h"
#include "import/importer.h"

namespace tracelane::cli {
namespace {

constexpr const char *kCollectivesUsage =
    "collectives TRACE...|FOLDER... [--by-rank | --per-collective | --hta [--metric]] [--progress] "
    "[--format table|csv|json]\n"
    "       tracelane-cli collectives --reduce TRACE\n"
    "       tracelane-cli collectives --merge FACTS.json... [same options]";

// HTA's get_potential_stragglers over the ranks (docs/ANALYSIS_HTA_STRAGGLER.md).
int htaStragglerRun(const std::vector<RankReduction> &ranks, bool metric, TableFormat format, CommandIo &io)
{
    std::vector<HtaStragglerFacts> facts;
    for (const RankReduction &r : ranks) {
        if (!r.hta) {
            io.err << "tracelane-cli: '" << r.path << "': its rank facts were made without HTA's\n";
            return kExitBadInput;
        }
        facts.push_back(*r.hta);
    }
    const HtaStragglerResult result = htaStragglers(facts);
    if (!result.error.empty()) {
        io.err << "tracelane-cli: HolisticTraceAnalysis' straggler analysis fails on these traces: " << result.error
               << '\n';
        return kExitBadInput;
    }
    writeTable(io.out, metric ? htaStragglerMetricTable(result) : htaStragglerTable(result), format);
    if (format == TableFormat::Text)
        io.out << "\nHTA's kernel: " << result.kernel << " (stream " << result.stream << ")\n";
    return kExitOk;
}

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
    const CliArgs args(argv, {"--format"},
                       {"--by-rank", "--per-collective", "--reduce", "--merge", "--progress", "--hta", "--metric"});
    if (!args.error().empty())
        return usageError("collectives", kCollectivesUsage, args.error(), io);
    if (args.positional().empty())
        return usageError("collectives", kCollectivesUsage, "expected at least one TRACE", io);
    if (args.flag("--by-rank") && args.flag("--per-collective"))
        return usageError("collectives", kCollectivesUsage, "--by-rank and --per-collective exclude each other", io);
    if (args.flag("--hta") && (args.flag("--by-rank") || args.flag("--per-collective")))
        return usageError("collectives", kCollectivesUsage, "--hta goes without --by-rank and --per-collective", io);
    if (args.flag("--metric") && !args.flag("--hta"))
        return usageError("collectives", kCollectivesUsage, "--metric goes with --hta", io);
    if (args.flag("--reduce")) {
        if (args.positional().size() != 1 || args.flag("--merge"))
            return usageError("collectives", kCollectivesUsage, "--reduce takes one TRACE", io);
        return reduceOne(args.positional()[0], io);
    }
    const auto format = formatOption(args, "collectives", kCollectivesUsage, io);
    if (!format)
        return kExitUsage;

    RankReductionContent content;
    content.hta = args.flag("--hta");
    const auto ranks = readRankInputs(args.positional(), args.flag("--merge"), args.flag("--progress"), io, content);
    if (!ranks)
        return kExitBadInput;
    if (args.flag("--hta"))
        return htaStragglerRun(*ranks, args.flag("--metric"), *format, io);
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
