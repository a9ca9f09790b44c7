// Hundreds of rank traces on one machine: every file of a folder read two at a
// time, reduced to its per-rank facts and released (rank_reduction.h), then the
// collectives matched, the pace and the rank table made. Prints one JSON line:
// seconds for the reduction and for the analyses, the peak resident size net
// of the process before it began, the facts' size and the files that failed.
//   bench_rank_folder FOLDER|TRACE... [--loads N] [--hta]
// bench/rank_folder.sh compares the peak with twice the largest single load.
#include "analysis/distributed/collective_facts_json.h"
#include "analysis/distributed/collective_tables.h"
#include "analysis/distributed/rank_pace.h"
#include "analysis/ranks/trace_group.h"
#include "bench_measure.h"

#include <cstdio>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

using namespace tracelane;
using namespace tracelane::bench;

int main(int argc, char **argv)
{
    std::vector<std::string> paths;
    std::size_t loads = 2;
    RankReductionContent content;
    content.hta = false;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--hta") {
            content.hta = true;
        } else if (arg == "--loads" && i + 1 < argc) {
            loads = std::size_t(std::atoi(argv[++i]));
        } else if (std::filesystem::is_directory(arg)) {
            const auto inFolder = traceFilesInFolder(arg);
            paths.insert(paths.end(), inFolder.begin(), inFolder.end());
        } else {
            paths.push_back(arg);
        }
    }
    if (paths.empty()) {
        std::fprintf(stderr, "usage: bench_rank_folder FOLDER|TRACE... [--loads N]\n");
        return 2;
    }
    std::uintmax_t inputBytes = 0;
    for (const std::string &path : paths)
        inputBytes += std::filesystem::file_size(path);

#ifdef __GLIBC__
    mallopt(M_ARENA_MAX, 2); // as tracelane-cli does for a folder of ranks (app/cli/rank_inputs.h)
#endif
    const double before = double(currentRssKb()) / 1024.0;
    const auto started = Clock::now();
    const RankReductions reduced = reduceRankFiles(paths, {}, loads, content);
    const double reduceSeconds = seconds(started);
    const double peak = double(peakRssKb()) / 1024.0 - before;

    std::size_t factsBytes = 0, calls = 0;
    std::vector<RankCollectiveFacts> facts;
    std::vector<RankFacts> summaries;
    for (const RankReduction &r : reduced.ranks) {
        factsBytes += rankFactsJson(r).size();
        calls += r.collectives.calls.size();
        facts.push_back(r.collectives);
        summaries.push_back(r.summary);
    }
    const auto analysed = Clock::now();
    const CollectiveAnalysis analysis = matchCollectives(facts);
    const Table kinds = collectiveKindTable(analysis);
    const Table byRank = collectiveRankTable(analysis);
    const PaceTable pace = rankPace(facts);
    const RankSummary summary = combineRanks(summaries);
    const double analyseSeconds = seconds(analysed);

    std::printf("{\"files\": %zu, \"input_mb\": %.1f, \"loads\": %zu, \"reduce_s\": %.2f, \"cpu_s\": %.1f, "
                "\"peak_mb\": %.1f, \"analyse_s\": %.3f, \"ranks\": %zu, \"failed\": %zu, \"calls\": %zu, "
                "\"collectives\": %zu, \"kinds\": %zu, \"pace_iterations\": %zu, \"facts_kb\": %.1f, "
                "\"stragglers\": %d, \"hta\": %d}\n",
                paths.size(), double(inputBytes) / 1048576.0, loads, reduceSeconds, cpuSeconds(), peak,
                analyseSeconds, reduced.ranks.size(), reduced.failures.size(), calls, analysis.collectives.size(),
                kinds.rows.size(), pace.iterations.size(), double(factsBytes) / 1024.0,
                int(byRank.rows.size() + summary.rows.size() > 0), int(content.hta));
    return reduced.ranks.empty() ? 1 : 0;
}
