#pragma once
// Set operations on IntervalSet that the step-based rules need: the part of
// one set inside or outside another, and how much of one interval a set covers.

#include "analysis/gpu/interval_set.h"

namespace tracelane::findings {

IntervalSet intersectionOf(const IntervalSet &a, const IntervalSet &b);
IntervalSet differenceOf(const IntervalSet &a, const IntervalSet &b); // a without b
// Length of [start, end) that `set` covers: O(log n + k) for k intervals met.
TimeNs coveredLength(const IntervalSet &set, TimeNs start, TimeNs end);

} // namespace tracelane::findings
