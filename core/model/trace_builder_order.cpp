// TraceBuilder::finish(), part one: put every track in time order and give each
// event its nesting depth.
#include "trace_builder.h"
#include "nesting_rule.h"

#include <algorithm>
#include <functional>
#include <numeric>
#include <queue>
#include <tuple>
#include <utility>
#include <vector>

namespace tracelane {

namespace {

// Moves element order[i] of each array to position i, following the
// permutation's cycles: no second copy of the events. Leaves `order` as the
// identity.
template<typename... Arrays>
void permuteInPlace(std::vector<std::uint32_t> &order, Arrays &...arrays)
{
    for (std::uint32_t i = 0; i < order.size(); ++i) {
        if (order[i] == i)
            continue;
        auto held = std::make_tuple(std::move(arrays[i])...);
        std::uint32_t j = i;
        for (;;) {
            const std::uint32_t k = order[j];
            order[j] = j;
            if (k == i) {
                std::apply([&](auto &...values) { ((arrays[j] = std::move(values)), ...); }, held);
                break;
            }
            ((arrays[j] = std::move(arrays[k])), ...);
            j = k;
        }
    }
}

} // namespace

void TraceBuilder::sortTracks(std::vector<std::vector<std::uint32_t>> &newIndexOf)
{
    // Tracks that explicit flows point into need the permutation afterwards.
    std::vector<bool> referenced(m_trace->tracks.size(), false);
    for (const Flow &f : m_explicitFlows) {
        referenced[f.from.track] = true;
        referenced[f.to.track] = true;
    }
    // Equal starts put zero-duration events first (they end where the others
    // start: siblings, see computeDepths), then the enclosing (longer) event;
    // the rest of the key only makes the order independent of the order events
    // were added in.
    auto before = [](const Event &a, const Event &b) {
        if (a.start != b.start)
            return a.start < b.start;
        if ((a.duration == 0) != (b.duration == 0))
            return a.duration == 0;
        if (a.duration != b.duration)
            return a.duration > b.duration;
        return std::tie(a.kind, a.name, a.correlation, a.args) < std::tie(b.kind, b.name, b.correlation, b.args);
    };
    newIndexOf.resize(m_trace->tracks.size());
    for (std::size_t t = 0; t < m_trace->tracks.size(); ++t) {
        Track &track = m_trace->tracks[t];
        auto &ev = track.events;
        if (track.sourceRecords.size() != ev.size()) // made by hand, not by addEvent(): keep the invariant
            track.sourceRecords.resize(ev.size(), kNoSourceRecord);
        if (std::is_sorted(ev.begin(), ev.end(), before))
            continue; // identity mapping: newIndexOf[t] stays empty
        // Sorted by index, the arrays parallel to the events (counter values,
        // source records) follow; ties keep the order of arrival.
        std::vector<std::uint32_t> order(ev.size());
        std::iota(order.begin(), order.end(), 0u);
        std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
            return before(ev[a], ev[b]) || (!before(ev[b], ev[a]) && a < b);
        });
        if (referenced[t]) {
            std::vector<std::uint32_t> &inverse = newIndexOf[t];
            inverse.resize(ev.size());
            for (std::size_t i = 0; i < order.size(); ++i)
                inverse[order[i]] = static_cast<std::uint32_t>(i);
        }
        if (track.counterValues.size() == ev.size())
            permuteInPlace(order, ev, track.sourceRecords, track.counterValues);
        else
            permuteInPlace(order, ev, track.sourceRecords);
    }
}

// Async slices need not nest: greedy lanes, each slice in the lowest lane free
// at its start. Busy lanes wait in a heap by end, free ones in a heap by number,
// so a slice costs O(log lanes) however many overlap (a scan over every lane
// made a trace of n overlapping slices quadratic).
void TraceBuilder::assignAsyncLanes(Track &track)
{
    using Lane = std::pair<TimeNs, std::size_t>; // (end, lane)
    std::priority_queue<Lane, std::vector<Lane>, std::greater<>> busy;
    std::priority_queue<std::size_t, std::vector<std::size_t>, std::greater<>> free;
    std::size_t lanes = 0;
    for (Event &e : track.events) {
        for (; !busy.empty() && busy.top().first <= e.start; busy.pop())
            free.push(busy.top().second);
        if (e.duration == 0) {
            // Instants take no lane of their own but sit in the lowest lane free
            // at their moment: at lane 0 inside a slice they broke the order by
            // end that every lane keeps (the window query and the renderer's
            // searches lost the slice).
            e.depth = static_cast<std::uint8_t>(std::min<std::size_t>(free.empty() ? lanes : free.top(), 255));
            track.maxDepth = std::max(track.maxDepth, e.depth);
            continue;
        }
        std::size_t lane = lanes;
        if (free.empty()) {
            ++lanes;
        } else {
            lane = free.top();
            free.pop();
        }
        busy.push({e.end(), lane});
        e.depth = static_cast<std::uint8_t>(std::min<std::size_t>(lane, 255));
        track.maxDepth = std::max(track.maxDepth, e.depth);
    }
}

void TraceBuilder::computeDepths(Track &track)
{
    auto &events = track.events;
    if (track.kind == TrackKind::Counter) {
        for (std::size_t i = 0; i + 1 < events.size(); ++i)
            events[i].duration = events[i + 1].start - events[i].start;
        return;
    }
    if (track.kind == TrackKind::Async) {
        assignAsyncLanes(track);
        return;
    }
    // Nesting as Perfetto's slice tracker (nesting_rule.h).
    struct Open
    {
        TimeNs end;
        bool zero;
    };
    std::vector<Open> stack;
    std::uint64_t crossing = 0;
    for (Event &e : events) {
        while (!stack.empty() && closedBefore(stack.back().end, stack.back().zero, e))
            stack.pop_back();
        if (!stack.empty() && e.end() > stack.back().end)
            ++crossing; // overlaps its parent's end: drawn one level deeper anyway
        if (stack.size() > 255)
            diagnostics().add("depth-limit", "events nested deeper than 255 levels are drawn at level 255");
        e.depth = static_cast<std::uint8_t>(std::min<std::size_t>(stack.size(), 255));
        track.maxDepth = std::max(track.maxDepth, e.depth);
        stack.push_back({e.end(), e.duration == 0});
    }
    if (crossing)
        diagnostics().add("improper-nesting", "slices on one thread overlap without nesting", {}, crossing);
}

} // namespace tracelane
