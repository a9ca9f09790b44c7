#pragma once
// Count, total, average, median, min, max and sample standard deviation of
// durations: the statistic columns every `nsys stats` summary report shares.

#include "model/time_units.h"

#include <cstdint>
#include <vector>

namespace tracelane {

struct DurationStats
{
    std::int64_t count = 0;
    TimeNs total = 0;   // exact integer sum, saturated at the int64 limits
    double average = 0.0;
    double median = 0.0; // mean of the two middle values for an even count: ends in .0 or .5
    TimeNs min = 0;
    TimeNs max = 0;
    double stddev = 0.0; // sample standard deviation (n - 1); 0 for fewer than two values
};

// Sorts `durations` in place. An empty list gives all zeros.
DurationStats computeDurationStats(std::vector<TimeNs> &durations);

} // namespace tracelane
