#include "warm_up_outliers.h"

#include <algorithm>

namespace tracelane {

double medianOf(std::vector<TimeNs> values)
{
    if (values.empty())
        return 0;
    const std::size_t middle = values.size() / 2;
    std::nth_element(values.begin(), values.begin() + std::ptrdiff_t(middle), values.end());
    const double upper = double(values[middle]);
    if (values.size() % 2 == 1)
        return upper;
    const TimeNs lower = *std::max_element(values.begin(), values.begin() + std::ptrdiff_t(middle));
    return (double(lower) + upper) / 2;
}

std::vector<WarmUpOutlier> warmUpOutliers(const std::vector<TimeNs> &values)
{
    std::vector<WarmUpOutlier> outliers;
    if (values.size() < kMinIterations)
        return outliers;
    const double median = medianOf(values);
    if (median <= 0)
        return outliers; // GPU time of iterations that launched nothing: no scale to compare with
    for (std::size_t i = 0; i < std::min(kWarmUpCandidates, values.size()); ++i)
        if (double(values[i]) > kOutlierFactor * median)
            outliers.push_back({i, double(values[i]) / median});
    return outliers;
}

} // namespace tracelane
