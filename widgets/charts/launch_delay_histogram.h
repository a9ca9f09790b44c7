#pragma once
// Launch delays (launch call end -> GPU start) counted into bins that widen in
// 1-2-5 steps (1, 2, 5, 10, 20, 50, 100 µs, ...): even steps on a logarithmic
// scale, with bounds people can read. The "delayed" threshold is always a bound.

#include "analysis/efficiency/launch_stats.h"

#include <cstdint>
#include <vector>

namespace tracelane::charts {

struct LaunchDelayHistogram
{
    // Bin i holds the delays d with upper[i-1] < d <= upper[i]; bin 0 starts at 0.
    std::vector<TimeNs> upper;
    std::vector<std::int64_t> counts; // parallel to upper
    TimeNs threshold = 0;             // delays above it are delayed launches

    std::int64_t total() const;
    // The first bin of delayed launches: every bin from here on holds only them.
    std::size_t firstDelayedBin() const;
};

// Bounds from 1 µs up to the largest delay, and at least to twice the
// threshold so that it always shows.
LaunchDelayHistogram launchDelayHistogram(const std::vector<LaunchRecord> &records,
                                          TimeNs threshold = LaunchThresholds{}.delayedLaunch);

} // namespace tracelane::charts
