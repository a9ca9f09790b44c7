#pragma once
// The rank traces a multi-rank command reads: files and folders reduced one
// file at a time (rank_reduction.h), or with --merge the rank facts that
// `collectives --reduce` wrote, one JSON file per rank. Failed files are named
// on stderr and counted; the others go on.

#include "command_support.h"

#include "analysis/distributed/rank_reduction.h"

#include <optional>
#include <string>
#include <vector>

namespace tracelane::cli {

// nullopt (after saying why on io.err) when nothing could be read; `progress`
// writes a line per finished file to io.err.
std::optional<std::vector<RankReduction>> readRankInputs(const std::vector<std::string> &paths, bool merge,
                                                         bool progress, CommandIo &io,
                                                         RankReductionContent content = {});

std::vector<RankCollectiveFacts> collectiveFactsOf(const std::vector<RankReduction> &ranks);

// Before reading many files: each thread that loads a trace gets a malloc arena
// of its own, and every arena keeps a freed trace's worth of memory; two arenas
// keep the peak of a folder of ranks near two loads (docs/PERFORMANCE.md).
void limitAllocatorArenas();

} // namespace tracelane::cli
