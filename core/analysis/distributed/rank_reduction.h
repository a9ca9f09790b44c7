#pragma once
// Many rank traces on one machine: each file is loaded, reduced to its
// per-rank facts (the rank summary row, its collectives and iterations, the
// inputs of HTA's straggler analysis) and released before the next is taken,
// two at a time, so peak memory stays near twice the largest single load
// however many ranks there are. A file that fails is counted and named; the
// others go on.

#include "collective_facts.h"

#include "analysis/hta/hta_straggler.h"
#include "analysis/ranks/rank_summary.h"
#include "import/trace_file_loop.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tracelane {

struct RankReduction
{
    std::string path;
    RankFacts summary;               // rank_summary.h
    RankCollectiveFacts collectives; // collective_facts.h
    std::optional<HtaStragglerFacts> hta; // hta_straggler.h (what `collectives --hta` needs), when asked for
};

// What to work out of each trace. HTA's facts keep a row per event while they
// are made (about 100 bytes each), so they are made only when asked for.
struct RankReductionContent
{
    bool hta = true;
};

using RankFileFailure = TraceFileFailure;

struct RankReductions
{
    std::vector<RankReduction> ranks; // in the order the paths were given
    std::vector<RankFileFailure> failures;
    std::vector<std::string> warnings; // truncated files, one line each
    bool cancelled = false;
};

using RankReductionObserver = TraceFileObserver;

// What one loaded trace reduces to.
RankReduction reduceRankTrace(const Trace &trace, const std::string &path, RankReductionContent content = {});

RankReductions reduceRankFiles(const std::vector<std::string> &paths, const RankReductionObserver &observer = {},
                               std::size_t parallelLoads = 2, RankReductionContent content = {});

} // namespace tracelane
