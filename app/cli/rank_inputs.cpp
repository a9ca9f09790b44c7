#include "rank_inputs.h"

#include "analysis/distributed/collective_facts_json.h"

#include <fstream>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <mutex>
#include <sstream>

namespace tracelane::cli {
namespace {

std::optional<std::vector<RankReduction>> readFactFiles(const std::vector<std::string> &paths, CommandIo &io)
{
    std::vector<RankReduction> ranks;
    std::size_t failed = 0;
    for (const std::string &path : paths) {
        std::ifstream file(path, std::ios::binary);
        std::stringstream text;
        text << file.rdbuf();
        if (!file) {
            io.err << "tracelane-cli: '" << path << "': cannot be read\n";
            ++failed;
            continue;
        }
        try {
            ranks.push_back(rankFactsFromJson(text.str()));
        } catch (const std::exception &e) {
            io.err << "tracelane-cli: '" << path << "': " << e.what() << '\n';
            ++failed;
        }
    }
    if (failed > 0)
        io.err << "tracelane-cli: " << failed << " of " << paths.size() << " files could not be read\n";
    if (ranks.empty())
        return std::nullopt;
    return ranks;
}

} // namespace

std::optional<std::vector<RankReduction>> readRankInputs(const std::vector<std::string> &paths, bool merge,
                                                         bool progress, CommandIo &io, RankReductionContent content)
{
    if (merge)
        return readFactFiles(paths, io);
    const auto files = expandTraceFolders(paths, io);
    if (!files)
        return std::nullopt;
    limitAllocatorArenas();
    std::mutex lock;
    std::size_t finished = 0;
    RankReductionObserver observer;
    if (progress)
        observer.progress = [&](std::size_t file, std::uint64_t done, std::uint64_t total) {
            if (done != total || total == 0)
                return;
            const std::lock_guard<std::mutex> guard(lock);
            io.err << "tracelane-cli: [" << ++finished << '/' << files->size() << "] " << (*files)[file] << '\n';
        };
    RankReductions reduced = reduceRankFiles(*files, observer, 2, content);
    for (const std::string &warning : reduced.warnings)
        io.err << "tracelane-cli: warning: " << warning << '\n';
    for (const RankFileFailure &failure : reduced.failures) // every bad file is named, not only the first
        io.err << "tracelane-cli: " << failure.error << '\n';
    if (!reduced.failures.empty())
        io.err << "tracelane-cli: " << reduced.failures.size() << " of " << files->size()
               << " files could not be read; the table is of the others\n";
    if (reduced.ranks.empty())
        return std::nullopt;
    return std::move(reduced.ranks);
}

void limitAllocatorArenas()
{
#ifdef __GLIBC__
    mallopt(M_ARENA_MAX, 2);
#endif
}

std::vector<RankCollectiveFacts> collectiveFactsOf(const std::vector<RankReduction> &ranks)
{
    std::vector<RankCollectiveFacts> facts;
    facts.reserve(ranks.size());
    for (const RankReduction &r : ranks)
        facts.push_back(r.collectives);
    return facts;
}

} // namespace tracelane::cli
