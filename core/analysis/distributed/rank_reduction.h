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

#include <functional>
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

struct RankFileFailure
{
    std::string path;
    std::string error;
};

struct RankReductions
{
    std::vector<RankReduction> ranks; // in the order the paths were given
    std::vector<RankFileFailure> failures;
    std::vector<std::string> warnings; // truncated files, one line each
    bool cancelled = false;
};

struct RankReductionObserver
{
    // Called from the loading threads when a file starts (done 0), advances
    // and ends (done == total); `file` indexes the paths given.
    std::function<void(std::size_t file, std::uint64_t done, std::uint64_t total)> progress;
    std::function<bool()> cancelled; // may be empty
};

// What one loaded trace reduces to.
RankReduction reduceRankTrace(const Trace &trace, const std::string &path, RankReductionContent content = {});

// The loop under reduceRankFiles, for any per-file reduction: loads each file
// (`parallelLoads` at a time), calls `reduce(index, trace)` on the loading
// thread while the trace is whole, and releases it. Returns the files that
// failed, in path order; `cancelled` is set when the observer cancelled.
struct TraceFileLoop
{
    std::vector<RankFileFailure> failures;
    std::vector<std::string> warnings;
    bool cancelled = false;
};
TraceFileLoop forEachTraceFile(const std::vector<std::string> &paths,
                               const std::function<void(std::size_t, const Trace &)> &reduce,
                               const RankReductionObserver &observer = {}, std::size_t parallelLoads = 2);

RankReductions reduceRankFiles(const std::vector<std::string> &paths, const RankReductionObserver &observer = {},
                               std::size_t parallelLoads = 2, RankReductionContent content = {});

} // namespace tracelane
