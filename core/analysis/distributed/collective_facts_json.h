#pragma once
// A rank's facts as JSON, so the per-rank reduction can run as independent
// jobs (one `tracelane-cli collectives --reduce RANKFILE` per file, on any
// machine) and `tracelane-cli collectives --merge` can combine their outputs
// into the same tables as one run over all the files. Integers stay integers:
// the round trip is exact. Event references are not kept (they only mean
// something in the loaded trace).

#include "rank_reduction.h"

#include <string>

namespace tracelane {

inline constexpr int kRankFactsVersion = 1;

std::string rankFactsJson(const RankReduction &reduction);
// Throws std::runtime_error naming what is wrong when `text` is not such a document.
RankReduction rankFactsFromJson(const std::string &text);

} // namespace tracelane
