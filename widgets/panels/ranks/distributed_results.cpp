#include "panels/ranks/distributed_results.h"

#include <algorithm>

namespace tracelane {

DistributedResults computeDistributedResults(const Trace &merged)
{
    DistributedResults results;
    if (merged.parts.size() < 2)
        return results;
    std::vector<RankCollectiveFacts> facts = collectiveFactsOfParts(merged);
    results.pace = rankPace(facts);
    results.collectives = matchCollectives(std::move(facts));
    return results;
}

CollectiveSpan collectiveSpan(const MatchedCollective &collective)
{
    CollectiveSpan span;
    bool any = false;
    for (const CollectiveParticipant &p : collective.participants) {
        span.start = any ? std::min(span.start, p.start) : p.start;
        span.end = any ? std::max(span.end, p.start + p.duration) : p.start + p.duration;
        any = true;
    }
    return span;
}

} // namespace tracelane
