#include "launch_delay_histogram.h"

#include <algorithm>
#include <numeric>

namespace tracelane::charts {

std::int64_t LaunchDelayHistogram::total() const
{
    return std::accumulate(counts.begin(), counts.end(), std::int64_t{0});
}

std::size_t LaunchDelayHistogram::firstDelayedBin() const
{
    return static_cast<std::size_t>(std::upper_bound(upper.begin(), upper.end(), threshold) - upper.begin());
}

LaunchDelayHistogram launchDelayHistogram(const std::vector<LaunchRecord> &records, TimeNs threshold)
{
    LaunchDelayHistogram h;
    h.threshold = std::max<TimeNs>(threshold, 1);
    TimeNs largest = 0;
    for (const LaunchRecord &r : records)
        largest = std::max(largest, r.launchDelay);
    const TimeNs reach = std::max(largest, 2 * h.threshold);
    TimeNs decade = 1000; // 1 µs: below it, launch delays are clock noise
    for (bool done = false; !done; decade *= 10) {
        for (const TimeNs step : {1, 2, 5}) {
            h.upper.push_back(decade * step);
            if (decade * step >= reach) {
                done = true;
                break;
            }
        }
    }
    if (!std::binary_search(h.upper.begin(), h.upper.end(), h.threshold))
        h.upper.insert(std::lower_bound(h.upper.begin(), h.upper.end(), h.threshold), h.threshold);
    h.counts.assign(h.upper.size(), 0);
    for (const LaunchRecord &r : records)
        ++h.counts[std::size_t(std::lower_bound(h.upper.begin(), h.upper.end(), r.launchDelay) - h.upper.begin())];
    return h;
}

} // namespace tracelane::charts
