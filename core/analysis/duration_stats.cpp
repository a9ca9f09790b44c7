#include "duration_stats.h"

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
    for (TimeNs d : durations)
        stats.total += d;
    stats.min = durations.front();
    stats.max = durations.back();
    stats.average = static_cast<double>(static_cast<long double>(stats.total) / n);
    // Halving the integer sum keeps the .5 exact, whatever the magnitude.
    stats.median = n % 2 ? static_cast<double>(durations[n / 2])
                         : static_cast<double>((static_cast<long double>(durations[n / 2 - 1]) + durations[n / 2]) / 2);
    if (n > 1) {
        // Two passes around the exact mean: no cancellation from a sum of squares.
        const long double mean = static_cast<long double>(stats.total) / n;
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
