#include "duration_stats.h"
#include "model/time_math.h"

#include <algorithm>
#include <cmath>

namespace tracelane {

DurationStats computeDurationStats(std::vector<TimeNs> &durations)
{
    DurationStats stats;
    if (durations.empty())
        return stats;
    std::sort(durations.begin(), durations.end());
    const std::size_t n = durations.size();
    stats.count = static_cast<std::int64_t>(n);
    // Exact in 128 bits; the total column saturates past 2^63 ns (292 years of
    // summed time), the average and deviation use the exact sum.
    TimeSum sum;
    for (TimeNs d : durations)
        sum += d;
    stats.total = sum.saturated();
    stats.min = durations.front();
    stats.max = durations.back();
    const long double mean = sum.asLongDouble() / n;
    stats.average = static_cast<double>(mean);
    // Halving the integer sum keeps the .5 exact, whatever the magnitude.
    stats.median = n % 2 ? static_cast<double>(durations[n / 2])
                         : static_cast<double>((static_cast<long double>(durations[n / 2 - 1]) + durations[n / 2]) / 2);
    if (n > 1) {
        // Two passes around the exact mean: no cancellation from a sum of squares.
        long double squares = 0;
        for (TimeNs d : durations) {
            const long double delta = d - mean;
            squares += delta * delta;
        }
        stats.stddev = static_cast<double>(std::sqrt(squares / (n - 1)));
    }
    return stats;
}

} // namespace tracelane
