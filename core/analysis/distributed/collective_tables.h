#pragma once
// The collective analysis as tables, for the CLI and the Ranks dock.

#include "collective_matching.h"

#include "export/table.h"

#include <string>
#include <vector>

namespace tracelane {

// One row per collective and process group, the longest (transfer + wait) first:
// Collective,Process Group,Ranks,Count,Size (B),Transfer (ns),Wait (ns),Skew (ns),
// Algorithm BW (GB/s),Bus BW (GB/s). Sizes, times and skews are sums over the
// instances; bandwidths are over the instances with a known size (their bytes
// over their transfer time).
Table collectiveKindTable(const CollectiveAnalysis &analysis);
// One row per matched instance, in the order they ran: the same columns (Count
// 1, Wait summed over its ranks), then Iteration,Index,Found On,Last Rank.
Table collectiveInstanceTable(const CollectiveAnalysis &analysis);
// Rank,Communication (ns),Transfer (ns),Wait (ns),Wait (%), then
// File,Collectives,Last Arrivals,Wait Caused (ns),Straggler.
Table collectiveRankTable(const CollectiveAnalysis &analysis);

// "0-3,8,10-11": a rank list as short text (sorted, duplicates dropped).
std::string rankRangesText(std::vector<std::int64_t> ranks);

} // namespace tracelane
