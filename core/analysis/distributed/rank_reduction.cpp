#include "rank_reduction.h"


#include <algorithm>
#include <optional>

namespace tracelane {

RankReduction reduceRankTrace(const Trace &trace, const std::string &path, RankReductionContent content)
{
    RankReduction reduction;
    reduction.path = path;
    reduction.summary = rankFacts({path, &trace});
    reduction.collectives = collectiveFacts(trace, path);
    if (content.hta)
        reduction.hta = htaStragglerFacts(trace, std::nullopt);
    return reduction;
}

RankReductions reduceRankFiles(const std::vector<std::string> &paths, const RankReductionObserver &observer,
                               std::size_t parallelLoads, RankReductionContent content)
{
    std::vector<std::optional<RankReduction>> slots(paths.size());
    TraceFileLoop loop = forEachTraceFile(
        paths, [&](std::size_t i, const std::shared_ptr<const Trace> &trace) {
            slots[i] = reduceRankTrace(*trace, paths[i], content);
        }, observer,
        parallelLoads);
    RankReductions out;
    out.cancelled = loop.cancelled;
    out.failures = std::move(loop.failures);
    out.warnings = std::move(loop.warnings);
    for (std::optional<RankReduction> &slot : slots)
        if (slot)
            out.ranks.push_back(std::move(*slot));
    return out;
}

} // namespace tracelane
