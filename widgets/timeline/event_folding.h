#pragma once
// What to draw of one (track, depth) in a time window: every event at least a
// pixel wide on its own, and each run of narrower events merged into one block.
// The same fold serves any sorted, non-overlapping spans (idle gaps: foldSpans).
// A run is found by jumping (binary search) to the first event that ends a
// pixel past the run's end, so the work per frame follows pixels, not events:
// O(pixels * log n) per list (the fold of Tracy's PreprocessZoneLevel).

#include "model/event.h"
#include "timeline/timeline_coordinates.h"

#include <algorithm>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace tracelane {

struct FoldedSpan
{
    std::uint32_t first = 0; // position in the depth list of the first event
    std::uint32_t count = 0; // 1 = a single event, more = merged sub-pixel events
    TimeNs start = 0;
    TimeNs end = 0;
};

namespace folding {

// First i in [lo, hi) with key(i) >= value, for keys sorted ascending (hi if none).
template<typename Key>
std::uint32_t bisect(std::uint32_t lo, std::uint32_t hi, double value, const Key &key)
{
    while (lo < hi) {
        const std::uint32_t mid = lo + (hi - lo) / 2;
        if (double(key(mid)) < value)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

// The same, galloping from `from` before bisecting: a jump costs O(log distance),
// not O(log n), and each probe lands near the last one.
template<typename Key>
std::uint32_t gallop(std::uint32_t from, std::uint32_t count, double value, const Key &key)
{
    std::uint32_t lo = from, hi = from, step = 1;
    while (hi < count && double(key(hi)) < value) {
        lo = hi + 1;
        hi = count - hi > step ? hi + step : count;
        step *= 2;
    }
    return bisect(lo, hi, value, key);
}

} // namespace folding

// The fold over any n spans sorted by start that do not overlap (so their ends
// are sorted too): `startAt(p)` and `endAt(p)` give the span at position p, and
// `firstEndingAtOrAfter(from, time)` the first position in [from, n) whose span
// ends at or after `time` (n if none).
template<typename StartAt, typename EndAt, typename FindEnd, typename Visit>
void foldSpans(std::uint32_t n, const StartAt &startAt, const EndAt &endAt, const FindEnd &firstEndingAtOrAfter,
               const TimeAxis &axis, Visit &&visit)
{
    const double pixelNs = axis.nsPerPixel();
    std::uint32_t p = firstEndingAtOrAfter(0, double(axis.start));
    while (p < n) {
        const TimeNs start = startAt(p);
        if (start > axis.end)
            break;
        if (double(endAt(p) - start) >= pixelNs) {
            visit(FoldedSpan{p, 1, start, endAt(p)});
            ++p;
            continue;
        }
        TimeNs runEnd = endAt(p);
        std::uint32_t q = p + 1;
        for (;;) {
            // Everything ending within a pixel of the run joins it: such spans are
            // themselves narrower than a pixel, since they start after the run ends.
            q = firstEndingAtOrAfter(q, double(runEnd) + pixelNs);
            if (q > p + 1)
                runEnd = std::max(runEnd, endAt(q - 1));
            if (q >= n)
                break;
            const TimeNs nextStart = startAt(q), nextEnd = endAt(q);
            if (double(nextEnd - nextStart) >= pixelNs || double(nextStart - runEnd) > pixelNs || nextStart > axis.end)
                break;
            runEnd = nextEnd;
            ++q;
        }
        visit(FoldedSpan{p, q - p, start, runEnd});
        p = q;
    }
}

// `order` lists indices into `events` of one depth, sorted by start and non-overlapping.
// `blockEnds` is empty or holds the end of every `block`-th event of `order`, as
// DepthIndex::blockEnds() does; searches then gallop through that contiguous
// array and touch the scattered events of only one block.
template<typename Visit>
void foldEvents(const std::vector<Event> &events, std::span<const std::uint32_t> order,
                std::span<const TimeNs> blockEnds, std::uint32_t block, const TimeAxis &axis, Visit &&visit)
{
    const std::uint32_t n = std::uint32_t(order.size());
    auto startAt = [&](std::uint32_t p) { return events[order[p]].start; };
    auto endAt = [&](std::uint32_t p) { return events[order[p]].end(); };
    auto blockEndAt = [&](std::uint32_t b) { return blockEnds[b]; };
    auto firstEndingAtOrAfter = [&](std::uint32_t from, double time) {
        if (blockEnds.empty())
            return folding::gallop(from, n, time, endAt);
        const std::uint32_t b = folding::gallop(from / block, std::uint32_t(blockEnds.size()), time, blockEndAt);
        if (b == blockEnds.size())
            return n;
        return folding::bisect(std::max(from, b * block), std::min(n, (b + 1) * block), time, endAt);
    };
    foldSpans(n, startAt, endAt, firstEndingAtOrAfter, axis, std::forward<Visit>(visit));
}

template<typename Visit>
void foldEvents(const std::vector<Event> &events, std::span<const std::uint32_t> order, const TimeAxis &axis,
                Visit &&visit)
{
    foldEvents(events, order, {}, 1, axis, std::forward<Visit>(visit));
}

} // namespace tracelane
