#include "interval_set.h"

#include <algorithm>
#include <cassert>

namespace tracelane {

IntervalSet IntervalSet::unionOf(std::vector<TimeInterval> intervals)
{
    std::erase_if(intervals, [](const TimeInterval &i) { return i.end <= i.start; });
    auto byStart = [](const TimeInterval &a, const TimeInterval &b) { return a.start < b.start; };
    if (!std::is_sorted(intervals.begin(), intervals.end(), byStart))
        std::sort(intervals.begin(), intervals.end(), byStart);
    // Merge in place: intervals[0..kept) is the union so far.
    std::size_t kept = 0;
    for (const TimeInterval &next : intervals) {
        if (kept > 0 && next.start <= intervals[kept - 1].end)
            intervals[kept - 1].end = std::max(intervals[kept - 1].end, next.end);
        else
            intervals[kept++] = next;
    }
    intervals.resize(kept);
    IntervalSet set;
    set.m_intervals = std::move(intervals);
    return set;
}

TimeNs IntervalSet::length() const
{
    TimeNs total = 0;
    for (const TimeInterval &i : m_intervals)
        total += i.length();
    return total;
}

TimeNs IntervalSet::intersectionLength(const IntervalSet &a, const IntervalSet &b)
{
    TimeNs total = 0;
    auto i = a.m_intervals.begin(), j = b.m_intervals.begin();
    while (i != a.m_intervals.end() && j != b.m_intervals.end()) {
        const TimeNs start = std::max(i->start, j->start);
        const TimeNs end = std::min(i->end, j->end);
        if (end > start)
            total += end - start;
        // Advance whichever ends first; the other may still meet the next one.
        if (i->end < j->end)
            ++i;
        else
            ++j;
    }
    return total;
}

std::array<TimeNs, 8> IntervalSet::exclusiveCoverage(std::span<const IntervalSet> sets)
{
    assert(sets.size() <= 3);
    struct Boundary
    {
        TimeNs time;
        unsigned bit;
        bool opens;
    };
    std::vector<Boundary> boundaries;
    std::size_t count = 0;
    for (const IntervalSet &s : sets)
        count += 2 * s.m_intervals.size();
    boundaries.reserve(count);
    for (unsigned k = 0; k < sets.size(); ++k)
        for (const TimeInterval &i : sets[k].m_intervals) {
            boundaries.push_back({i.start, 1u << k, true});
            boundaries.push_back({i.end, 1u << k, false});
        }
    std::sort(boundaries.begin(), boundaries.end(),
              [](const Boundary &a, const Boundary &b) { return a.time < b.time; });

    std::array<TimeNs, 8> covered{};
    unsigned mask = 0;
    for (std::size_t b = 0; b < boundaries.size();) {
        const TimeNs now = boundaries[b].time;
        // Every change at one instant applies together; the mask then holds until the next instant.
        for (; b < boundaries.size() && boundaries[b].time == now; ++b)
            mask = boundaries[b].opens ? (mask | boundaries[b].bit) : (mask & ~boundaries[b].bit);
        if (mask != 0 && b < boundaries.size())
            covered[mask] += boundaries[b].time - now;
    }
    return covered;
}

} // namespace tracelane
