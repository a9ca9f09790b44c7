#pragma once
// Warm-up iterations that would flatten a per-iteration chart: the first
// iterations often include cuDNN autotuning, allocator growth or lazy module
// loading and take ten or a hundred times as long as the rest.
//
// An iteration is a warm-up outlier when it is among the first
// kWarmUpCandidates, and its time is more than kOutlierFactor times the median
// of all iterations. Later spikes (a checkpoint, a slow data batch) are what a
// user looks for, so they are never set aside. Fewer than kMinIterations
// iterations have no meaningful median: nothing is an outlier then.

#include "model/time_units.h"

#include <cstddef>
#include <vector>

namespace tracelane {

struct WarmUpOutlier
{
    std::size_t index = 0; // into the values given
    double timesMedian = 0; // the value over the median
};

inline constexpr double kOutlierFactor = 3.0;
inline constexpr std::size_t kWarmUpCandidates = 2;
inline constexpr std::size_t kMinIterations = 3;

// `values` in iteration order (by start). The median of the others is positive
// whenever an outlier is reported.
std::vector<WarmUpOutlier> warmUpOutliers(const std::vector<TimeNs> &values);

// The median of `values`; 0 for none. The mean of the middle two for an even count.
double medianOf(std::vector<TimeNs> values);

} // namespace tracelane
