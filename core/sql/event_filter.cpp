#include "event_filter.h"

#include "model/time_math.h"

#include <algorithm>

namespace tracelane::sql {

bool EventFilter::matches(const Trace &trace, EventRef ref) const
{
    const Track &track = trace.tracks[ref.track];
    const Event &e = track.events[ref.index];
    if (!(kinds & kindBit(e.kind)) || (name && e.name != *name))
        return false;
    if (e.start < tsMin || e.start > tsMax || e.end() < endMin || e.end() > endMax)
        return false;
    if ((thread && track.thread != *thread) || (process && track.process != *process))
        return false;
    if (tracks && !std::binary_search(tracks->begin(), tracks->end(), ref.track))
        return false;
    if (ids && !std::binary_search(ids->begin(), ids->end(), ref))
        return false;
    return true;
}

EventScan::EventScan(const TraceIndex &index, EventFilter filter)
    : m_index(index)
    , m_filter(std::move(filter))
{
    const Trace &trace = index.trace();
    if (m_filter.none || m_filter.kinds == 0 || m_filter.tsMin > m_filter.tsMax || m_filter.endMin > m_filter.endMax) {
        m_atEnd = true;
        return;
    }
    if (m_filter.launchedBy) { // matches() checks ids, if given too
        m_listMode = true;
        for (const Flow &flow : trace.flowsFrom(*m_filter.launchedBy)) {
            if (flow.kind == FlowKind::Launch)
                m_list.push_back(flow.to);
        }
        std::sort(m_list.begin(), m_list.end());
        m_list.erase(std::unique(m_list.begin(), m_list.end()), m_list.end());
    } else if (m_filter.ids) {
        m_listMode = true;
        m_list = *m_filter.ids;
    } else {
        if (m_filter.tracks)
            m_tracks = *m_filter.tracks;
        else if (m_filter.thread)
            m_tracks = index.tracksOfThread(*m_filter.thread);
        else if (m_filter.process)
            m_tracks = index.tracksOfProcess(*m_filter.process);
        else {
            m_tracks.resize(trace.tracks.size());
            for (std::uint32_t t = 0; t < m_tracks.size(); ++t)
                m_tracks[t] = t;
        }
        std::erase_if(m_tracks, [&](std::uint32_t t) { return !(index.stats(t).kinds & m_filter.kinds); });
    }
    settle();
}

void EventScan::next()
{
    if (!m_atEnd)
        settle();
}

void EventScan::settle()
{
    const Trace &trace = m_index.trace();
    while (nextCandidate()) {
        if (m_filter.matches(trace, m_current))
            return;
    }
    m_atEnd = true;
}

bool EventScan::nextCandidate()
{
    if (m_listMode) {
        if (m_listPos >= m_list.size())
            return false;
        m_current = m_list[m_listPos++];
        return true;
    }
    const Trace &trace = m_index.trace();
    while (m_next >= m_limit) {
        if (m_trackPos >= m_tracks.size())
            return false;
        const std::uint32_t t = m_tracks[m_trackPos++];
        const auto &events = trace.tracks[t].events;
        const TrackStats &stats = m_index.stats(t);
        // Starts are sorted; ends bound starts through the track's extreme durations.
        const TimeNs startMin = std::max(m_filter.tsMin, saturatingSub(m_filter.endMin, stats.maxDuration));
        const TimeNs startMax = std::min(m_filter.tsMax, saturatingSub(m_filter.endMax, stats.minDuration));
        auto byStart = [](const Event &e, TimeNs t) { return e.start < t; };
        auto first = std::lower_bound(events.begin(), events.end(), startMin, byStart);
        auto last = std::upper_bound(first, events.end(), startMax, [](TimeNs t, const Event &e) { return t < e.start; });
        m_next = static_cast<std::uint32_t>(first - events.begin());
        m_limit = static_cast<std::uint32_t>(last - events.begin());
        m_current.track = t;
    }
    m_current.index = m_next++;
    return true;
}

} // namespace tracelane::sql
