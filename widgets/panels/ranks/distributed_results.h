#pragma once
// What the Ranks dock's Collectives and Pace tabs show, computed once per
// merged trace on a worker thread: the collectives matched across its parts
// (collective_matching.h) and each rank's pace (rank_pace.h). The events of
// the participants refer to the merged trace, so the timeline can draw them.

#include "analysis/distributed/collective_matching.h"
#include "analysis/distributed/rank_pace.h"

namespace tracelane {

struct DistributedResults
{
    CollectiveAnalysis collectives;
    PaceTable pace;
};

// Empty results for a trace of fewer than two parts.
DistributedResults computeDistributedResults(const Trace &merged);

// The time a matched collective spans on the timeline: from the first rank's
// start to the end of the last kernel (the last arrival's, give or take the
// ranks' finishing jitter).
struct CollectiveSpan
{
    TimeNs start = 0;
    TimeNs end = 0;
};
CollectiveSpan collectiveSpan(const MatchedCollective &collective);

} // namespace tracelane
