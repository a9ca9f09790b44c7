#pragma once
// A set of time as sorted, disjoint, non-empty half-open intervals [start, end):
// the union of GPU operations on a stream or a device. Lengths, intersections
// and "which sets cover this instant" buckets are linear walks over the sets.

#include "model/time_units.h"

#include <array>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace tracelane {

struct TimeInterval
{
    TimeNs start = 0;
    TimeNs end = 0; // exclusive

    TimeNs length() const { return end - start; }
    friend bool operator==(const TimeInterval &, const TimeInterval &) = default;
};

class IntervalSet
{
public:
    IntervalSet() = default;

    // The union of `intervals`, in any order; empty and inverted ones cover nothing.
    static IntervalSet unionOf(std::vector<TimeInterval> intervals);

    const std::vector<TimeInterval> &intervals() const { return m_intervals; }
    bool empty() const { return m_intervals.empty(); }
    TimeNs length() const;

    // Length of the time covered by both sets.
    static TimeNs intersectionLength(const IntervalSet &a, const IntervalSet &b);

    // For up to three sets: time covered by exactly the sets of each bit mask
    // (bit i = sets[i]); index 0 is unused (time covered by none is unbounded).
    static std::array<TimeNs, 8> exclusiveCoverage(std::span<const IntervalSet> sets);

private:
    std::vector<TimeInterval> m_intervals;
};

} // namespace tracelane
