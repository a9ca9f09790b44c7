// TraceBuilder::finish(), part one: put every track in time order and give each
// event its nesting depth.
#include "trace_builder.h"

#include <algorithm>
#include <numeric>

namespace tracelane {

void TraceBuilder::sortTracks(std::vector<std::vector<std::uint32_t>> &newIndexOf)
{
    // Tracks that explicit flows point into, or with parallel counter values,
    // need the permutation; all others sort in place (no second copy of the events).
    std::vector<bool> referenced(m_trace->tracks.size(), false);
    for (const Flow &f : m_explicitFlows) {
        referenced[f.from.track] = true;
        referenced[f.to.track] = true;
    }
    // Equal starts put the enclosing (longer) event first; the rest of the key
    // only makes the order independent of the order events were added in.
    auto before = [](const Event &a, const Event &b) {
        if (a.start != b.start)
            return a.start < b.start;
        if (a.duration != b.duration)
            return a.duration > b.duration;
        return std::tie(a.kind, a.name, a.correlation, a.args) < std::tie(b.kind, b.name, b.correlation, b.args);
    };
    newIndexOf.resize(m_trace->tracks.size());
    for (std::size_t t = 0; t < m_trace->tracks.size(); ++t) {
        Track &track = m_trace->tracks[t];
        auto &ev = track.events;
        if (std::is_sorted(ev.begin(), ev.end(), before))
            continue; // identity mapping: newIndexOf[t] stays empty
        if (!referenced[t] && track.counterValues.empty()) {
            std::sort(ev.begin(), ev.end(), before);
            continue;
        }
        std::vector<std::uint32_t> order(ev.size());
        std::iota(order.begin(), order.end(), 0u);
        std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
            return before(ev[a], ev[b]) || (!before(ev[b], ev[a]) && a < b);
        });
        std::vector<Event> events(ev.size());
        std::vector<double> values(track.counterValues.size());
        std::vector<std::uint32_t> &inverse = newIndexOf[t];
        inverse.resize(ev.size());
        for (std::size_t i = 0; i < order.size(); ++i) {
            events[i] = ev[order[i]];
            if (!values.empty())
                values[i] = track.counterValues[order[i]];
            inverse[order[i]] = static_cast<std::uint32_t>(i);
        }
        track.events.swap(events);
        track.counterValues.swap(values);
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
        // Async slices need not nest: greedy lanes, each event in the first free lane.
        std::vector<TimeNs> laneEnd;
        for (Event &e : events) {
            if (e.duration == 0) // instants mark a moment; they take no lane of their own
                continue;
            std::size_t lane = 0;
            while (lane < laneEnd.size() && laneEnd[lane] > e.start)
                ++lane;
            if (lane == laneEnd.size())
                laneEnd.push_back(e.end());
            else
                laneEnd[lane] = e.end();
            e.depth = static_cast<std::uint8_t>(std::min<std::size_t>(lane, 255));
            track.maxDepth = std::max(track.maxDepth, e.depth);
        }
        return;
    }
    std::vector<TimeNs> stackEnds;
    std::uint64_t crossing = 0;
    for (Event &e : events) {
        while (!stackEnds.empty() && stackEnds.back() <= e.start && !(e.duration == 0 && stackEnds.back() == e.start))
            stackEnds.pop_back();
        if (!stackEnds.empty() && e.end() > stackEnds.back())
            ++crossing; // overlaps its parent's end: drawn one level deeper anyway
        if (stackEnds.size() > 255)
            diagnostics().add("depth-limit", "events nested deeper than 255 levels are drawn at level 255");
        e.depth = static_cast<std::uint8_t>(std::min<std::size_t>(stackEnds.size(), 255));
        track.maxDepth = std::max(track.maxDepth, e.depth);
        stackEnds.push_back(e.end());
    }
    if (crossing)
        diagnostics().add("improper-nesting", "slices on one thread overlap without nesting", {}, crossing);
}

} // namespace tracelane
