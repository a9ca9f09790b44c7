#pragma once
// Averages, medians, deviations and percentages as `nsys stats` prints them:
// SQLite's round(x, 1), which rounds halves away from zero. printf alone would
// round 17764.25 to the even 17764.2 where nsys shows 17764.3.

#include "export/table.h"

#include <cmath>

namespace tracelane {

inline Cell nsysFixed(double value)
{
    return Cell::fixed(std::round(value * 10.0) / 10.0, 1);
}

} // namespace tracelane
