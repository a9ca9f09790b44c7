#include "pivot_containers.h"

#include <algorithm>

namespace tracelane {
namespace {

constexpr std::string_view kPivotModulePrefix = "nn.Module: ";

struct PivotBest
{
    EventRef ref;
    const Event *event = nullptr;
};

// Whether `a` lies inside `b` more tightly: later start, earlier end, deeper, lower track.
bool pivotInnerThan(const Event &a, std::uint32_t aTrack, const Event &b, std::uint32_t bTrack)
{
    if (a.start != b.start)
        return a.start > b.start;
    if (a.end() != b.end())
        return a.end() < b.end();
    if (a.depth != b.depth)
        return a.depth > b.depth;
    return aTrack < bTrack;
}

} // namespace

PivotContainers::PivotContainers(const Trace &trace, PivotContainerKind kind)
    : m_trace(trace), m_kind(kind), m_threadTracks(trace.threads.size()), m_containersOf(trace.tracks.size()),
      m_containersDone(trace.tracks.size(), false), m_names(trace.tracks.size()), m_done(trace.tracks.size(), false)
{
    const TrackKind holder = kind == PivotContainerKind::Range ? TrackKind::ThreadRanges : TrackKind::CpuThread;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &track = trace.tracks[t];
        if (track.kind == holder && track.thread >= 0 && std::size_t(track.thread) < trace.threads.size())
            m_threadTracks[std::size_t(track.thread)].push_back(t);
    }
}

std::string_view PivotContainers::moduleName(std::string_view frameName)
{
    if (frameName.starts_with(kPivotModulePrefix))
        frameName.remove_prefix(kPivotModulePrefix.size());
    return frameName;
}

bool PivotContainers::isContainer(const Event &e) const
{
    if (m_kind == PivotContainerKind::Range)
        return e.kind == EventKind::Range;
    return e.kind == EventKind::PythonFunction && m_trace.strings.view(e.name).starts_with(kPivotModulePrefix);
}

StringId PivotContainers::containerName(std::uint32_t track, std::uint32_t index)
{
    if (track >= m_trace.tracks.size())
        return kPivotNoContainer;
    if (!m_done[track]) {
        computeTrack(track);
        m_done[track] = true;
    }
    const std::vector<StringId> &names = m_names[track];
    return index < names.size() ? names[index] : kPivotNoContainer;
}

void PivotContainers::computeTrack(std::uint32_t queryTrack)
{
    const Track &track = m_trace.tracks[queryTrack];
    if (track.thread < 0 || std::size_t(track.thread) >= m_threadTracks.size())
        return;
    const std::vector<Event> &events = track.events;
    std::vector<PivotBest> best(events.size());
    std::vector<std::uint32_t> stack; // container indices; ends shrink towards the top
    for (std::uint32_t containerTrack : m_threadTracks[std::size_t(track.thread)]) {
        if (!m_containersDone[containerTrack]) {
            const std::vector<Event> &all = m_trace.tracks[containerTrack].events;
            std::vector<std::uint32_t> &list = m_containersOf[containerTrack];
            for (std::uint32_t i = 0; i < all.size(); ++i)
                if (isContainer(all[i]))
                    list.push_back(i);
            m_containersDone[containerTrack] = true;
        }
        const std::vector<std::uint32_t> &containers = m_containersOf[containerTrack];
        if (containers.empty())
            continue;
        const std::vector<Event> &cEvents = m_trace.tracks[containerTrack].events;
        const bool sameTrack = containerTrack == queryTrack;
        stack.clear();
        std::size_t next = 0;
        for (std::uint32_t i = 0; i < events.size(); ++i) {
            const Event &q = events[i];
            for (; next < containers.size() && cEvents[containers[next]].start <= q.start; ++next) {
                const Event &c = cEvents[containers[next]];
                while (!stack.empty() && cEvents[stack.back()].end() < c.end())
                    stack.pop_back();
                stack.push_back(containers[next]);
            }
            // The last container (innermost) that still reaches q's end.
            auto reach = std::partition_point(stack.begin(), stack.end(),
                                              [&](std::uint32_t c) { return cEvents[c].end() >= q.end(); });
            if (reach == stack.begin())
                continue;
            --reach;
            if (sameTrack && *reach == i) {
                if (reach == stack.begin())
                    continue;
                --reach;
            }
            const Event &found = cEvents[*reach];
            PivotBest &b = best[i];
            if (!b.event || pivotInnerThan(found, containerTrack, *b.event, b.ref.track))
                b = {EventRef{containerTrack, *reach}, &found};
        }
    }
    std::vector<StringId> &names = m_names[queryTrack];
    names.assign(events.size(), kPivotNoContainer);
    for (std::size_t i = 0; i < events.size(); ++i)
        if (best[i].event)
            names[i] = best[i].event->name;
}

} // namespace tracelane
