#pragma once
// The median written out plainly, to check the analyses' own.

#include "model/time_units.h"

#include <algorithm>
#include <vector>

namespace tracelane::test {

inline double medianOf(std::vector<TimeNs> values)
{
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? double(values[n / 2]) : (double(values[n / 2 - 1]) + double(values[n / 2])) / 2.0;
}

} // namespace tracelane::test
