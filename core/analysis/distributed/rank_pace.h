#pragma once
// Pace: how each rank's iterations keep time with the others'. For every
// iteration number (ProfilerStep#N / Iteration N, iteration_table.h) found on
// at least one rank: each rank's start on the common clock, its duration (CPU
// time of the step), the median duration over the ranks that have it and each
// rank's deviation from that median. A rank's iteration is an outlier when its
// deviation is more than `madLimit` median absolute deviations (MAD) from the
// median -- the robust form of "k standard deviations", not pulled by the
// outliers themselves. With a MAD of 0 (most ranks alike), any deviation is one.
// The Nsight Systems pace recipes and HTA's per-rank step times answer the
// same question. Definitions in docs/ANALYSIS_DISTRIBUTED.md.

#include "collective_facts.h"

#include "export/table.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tracelane {

inline constexpr double kDefaultMadLimit = 3.0;

struct PaceEntry
{
    std::size_t rank = 0; // index into PaceTable::ranks
    TimeNs start = 0;     // common clock
    TimeNs duration = 0;
    TimeNs deviation = 0; // duration - median
    bool outlier = false;
};

struct PaceIteration
{
    std::int64_t number = 0;
    double median = 0.0; // of the durations; mean of the middle two for an even count
    double mad = 0.0;    // median of |duration - median|
    std::vector<PaceEntry> entries; // by rank
};

struct PaceTable
{
    std::vector<std::string> ranks; // labels, rank order
    std::vector<PaceIteration> iterations; // by number
    double madLimit = kDefaultMadLimit;
    bool sharedClock = false;
    std::size_t outliers = 0;
};

PaceTable rankPace(std::vector<RankCollectiveFacts> ranks, double madLimit = kDefaultMadLimit);

// Iteration,Rank,Start (ns),Duration (ns),Median (ns),Deviation (ns),Deviation (MAD),Outlier
Table paceTable(const PaceTable &pace);

} // namespace tracelane
