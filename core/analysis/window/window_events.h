#pragma once
// The events of a set of tracks that overlap a time window [from, to), found
// without walking the tracks: per (track, depth) the events are sorted by start
// and by end (DepthIndex), so a binary search on end finds the first one that
// reaches into the window (also one that started long before it) and the walk
// stops at the first that starts at or after `to`. Cost O(depths * log n + k)
// for k events found.
//
// An event overlaps when it starts before `to` and ends after `from`; an
// instant (zero duration) when from <= start < to. Counter samples are values,
// not time, and are never reported.

#include "model/depth_index.h"
#include "model/trace.h"

#include <algorithm>
#include <cstdint>
#include <span>

namespace tracelane {

struct TimeWindow
{
    TimeNs from = 0; // absolute ns, inclusive
    TimeNs to = 0;   // absolute ns, exclusive

    TimeNs length() const { return to - from; }
    // The part of `e` inside the window, 0 for an instant.
    TimeNs clip(const Event &e) const { return std::max<TimeNs>(0, std::min(e.end(), to) - std::max(e.start, from)); }
};

inline bool overlapsWindow(const Event &e, TimeWindow window)
{
    return e.start < window.to && (e.end() > window.from || (e.duration == 0 && e.start >= window.from));
}

// Calls visit(EventRef, const Event &) for every event of `track` that overlaps
// `window`, depth by depth.
template<typename Visit>
void forEachEventInWindow(const Trace &trace, const DepthIndex &index, std::uint32_t track, TimeWindow window,
                          Visit &&visit)
{
    if (track >= trace.tracks.size() || trace.tracks[track].kind == TrackKind::Counter || window.to <= window.from)
        return;
    const std::vector<Event> &events = trace.tracks[track].events;
    if (events.empty())
        return;
    // A window over the whole track: walking the events in storage order is
    // cheaper than jumping through the per-depth lists.
    TimeNs trackEnd = events.front().start;
    for (int depth = 0; depth < index.depthCount(track); ++depth)
        if (const auto order = index.events(track, depth); !order.empty())
            trackEnd = std::max(trackEnd, depth < 255 ? events[order.back()].end() : window.to + 1);
    if (window.from <= events.front().start && trackEnd <= window.to) {
        for (std::uint32_t i = 0; i < events.size(); ++i)
            if (overlapsWindow(events[i], window)) // not an instant at `to`
                visit(EventRef{track, i}, events[i]);
        return;
    }
    for (int depth = 0; depth < index.depthCount(track); ++depth) {
        const std::span<const std::uint32_t> order = index.events(track, depth);
        // Below the 255-level cap depths never overlap, so ends are sorted as
        // starts are; the capped level may hold overlapping events: scan it.
        auto first = order.begin();
        if (depth < 255)
            first = std::partition_point(order.begin(), order.end(), [&](std::uint32_t i) {
                const Event &e = events[i];
                return e.end() < window.from || (e.end() == window.from && e.duration > 0);
            });
        for (auto it = first; it != order.end() && events[*it].start < window.to; ++it)
            if (overlapsWindow(events[*it], window))
                visit(EventRef{track, *it}, events[*it]);
    }
}

} // namespace tracelane
