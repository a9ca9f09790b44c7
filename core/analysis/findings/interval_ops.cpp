#include "interval_ops.h"

#include <algorithm>

namespace tracelane::findings {

IntervalSet intersectionOf(const IntervalSet &a, const IntervalSet &b)
{
    std::vector<TimeInterval> out;
    auto i = a.intervals().begin(), j = b.intervals().begin();
    while (i != a.intervals().end() && j != b.intervals().end()) {
        const TimeNs start = std::max(i->start, j->start), end = std::min(i->end, j->end);
        if (end > start)
            out.push_back({start, end});
        if (i->end < j->end)
            ++i;
        else
            ++j;
    }
    return IntervalSet::unionOf(std::move(out));
}

IntervalSet differenceOf(const IntervalSet &a, const IntervalSet &b)
{
    std::vector<TimeInterval> out;
    auto j = b.intervals().begin();
    for (const TimeInterval &piece : a.intervals()) {
        TimeNs from = piece.start;
        while (j != b.intervals().end() && j->end <= from)
            ++j;
        for (auto k = j; k != b.intervals().end() && k->start < piece.end; ++k) {
            if (k->start > from)
                out.push_back({from, k->start});
            from = std::max(from, k->end);
        }
        if (from < piece.end)
            out.push_back({from, piece.end});
    }
    return IntervalSet::unionOf(std::move(out));
}

TimeNs coveredLength(const IntervalSet &set, TimeNs start, TimeNs end)
{
    const auto &all = set.intervals();
    auto it = std::upper_bound(all.begin(), all.end(), start,
                               [](TimeNs t, const TimeInterval &i) { return t < i.end; });
    TimeNs total = 0;
    for (; it != all.end() && it->start < end; ++it)
        total += std::min(end, it->end) - std::max(start, it->start);
    return total;
}

} // namespace tracelane::findings
