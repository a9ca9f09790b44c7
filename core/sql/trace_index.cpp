#include "trace_index.h"

#include <algorithm>

namespace tracelane::sql {

TraceIndex::TraceIndex(std::shared_ptr<const Trace> trace)
    : m_trace(std::move(trace))
{
    m_stats.resize(m_trace->tracks.size());
    m_tracksOfThread.resize(m_trace->threads.size());
    m_tracksOfProcess.resize(m_trace->processes.size());
    for (std::uint32_t t = 0; t < m_trace->tracks.size(); ++t) {
        const Track &track = m_trace->tracks[t];
        TrackStats &s = m_stats[t];
        if (!track.events.empty())
            s.minDuration = s.maxDuration = track.events.front().duration;
        for (const Event &e : track.events) {
            s.kinds |= kindBit(e.kind);
            s.minDuration = std::min(s.minDuration, e.duration);
            s.maxDuration = std::max(s.maxDuration, e.duration);
            s.end = std::max(s.end, e.end());
        }
        m_events += track.events.size();
        if (track.thread >= 0 && std::size_t(track.thread) < m_tracksOfThread.size())
            m_tracksOfThread[std::size_t(track.thread)].push_back(t);
        if (track.process >= 0 && std::size_t(track.process) < m_tracksOfProcess.size())
            m_tracksOfProcess[std::size_t(track.process)].push_back(t);
    }
}

const std::vector<std::uint32_t> &TraceIndex::tracksOfThread(std::int64_t thread) const
{
    static const std::vector<std::uint32_t> none;
    if (thread < 0 || std::uint64_t(thread) >= m_tracksOfThread.size())
        return none;
    return m_tracksOfThread[std::size_t(thread)];
}

const std::vector<std::uint32_t> &TraceIndex::tracksOfProcess(std::int64_t process) const
{
    static const std::vector<std::uint32_t> none;
    if (process < 0 || std::uint64_t(process) >= m_tracksOfProcess.size())
        return none;
    return m_tracksOfProcess[std::size_t(process)];
}

std::optional<EventKind> TraceIndex::kindNamed(std::string_view text)
{
    for (unsigned k = 0; k <= static_cast<unsigned>(EventKind::Async); ++k) {
        if (eventKindName(EventKind(k)) == text)
            return EventKind(k);
    }
    return std::nullopt;
}

std::optional<EventRef> TraceIndex::launchOf(EventRef ref) const
{
    const Trace &t = *m_trace;
    auto it = std::lower_bound(t.flowsByTo.begin(), t.flowsByTo.end(), ref,
                               [&t](std::uint32_t i, const EventRef &r) { return t.flows[i].to < r; });
    for (; it != t.flowsByTo.end() && t.flows[*it].to == ref; ++it) {
        if (t.flows[*it].kind == FlowKind::Launch)
            return t.flows[*it].from;
    }
    return std::nullopt;
}

} // namespace tracelane::sql

namespace tracelane::sql {

const std::vector<std::uint32_t> &TraceIndex::stringRanks() const
{
    std::call_once(m_ranksBuilt, [this] {
        const StringTable &strings = m_trace->strings;
        std::vector<std::uint32_t> byText(strings.size());
        for (std::uint32_t id = 0; id < byText.size(); ++id)
            byText[id] = id;
        std::sort(byText.begin(), byText.end(),
                  [&strings](std::uint32_t a, std::uint32_t b) { return strings.view(a) < strings.view(b); });
        m_stringRanks.resize(byText.size());
        for (std::uint32_t rank = 0; rank < byText.size(); ++rank)
            m_stringRanks[byText[rank]] = rank;
    });
    return m_stringRanks;
}

} // namespace tracelane::sql
