#include "model/depth_index.h"

#include <algorithm>

namespace tracelane {

DepthIndex::DepthIndex(const Trace &trace)
{
    m_tracks.resize(trace.tracks.size());
    for (std::size_t t = 0; t < trace.tracks.size(); ++t)
        indexTrack(trace, t, int(trace.tracks[t].maxDepth) + 1, [](const Event &e, std::uint32_t) { return int(e.depth); });
}

DepthIndex::DepthIndex(const Trace &trace, const OperatorDepths &operatorDepths)
{
    m_tracks.resize(trace.tracks.size());
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        if (!operatorDepths.hasPythonFrames(t))
            continue;
        indexTrack(trace, t, operatorDepths.levels(trace, t), [&](const Event &, std::uint32_t i) {
            const std::uint8_t d = operatorDepths.depth(trace, EventRef{t, i});
            return d == OperatorDepths::kPythonFrame ? -1 : int(d);
        });
    }
}

// depthOf(event, index) < 0 leaves the event out.
template <typename DepthOf>
void DepthIndex::indexTrack(const Trace &trace, std::size_t t, int depthCount, DepthOf depthOf)
{
    const auto &events = trace.tracks[t].events;
    PerTrack &per = m_tracks[t];
    // Counting sort by depth keeps start order inside each depth.
    per.offsets.assign(std::size_t(depthCount) + 1, 0);
    for (std::uint32_t i = 0; i < events.size(); ++i)
        if (const int d = depthOf(events[i], i); d >= 0)
            ++per.offsets[std::size_t(d) + 1];
    for (std::size_t d = 1; d < per.offsets.size(); ++d)
        per.offsets[d] += per.offsets[d - 1];
    std::vector<std::uint32_t> next(per.offsets.begin(), per.offsets.end() - 1);
    per.order.resize(per.offsets.back());
    for (std::uint32_t i = 0; i < events.size(); ++i)
        if (const int d = depthOf(events[i], i); d >= 0)
            per.order[next[std::size_t(d)]++] = i;

    per.blockOffsets.assign(per.offsets.size(), 0);
    for (std::size_t d = 0; d + 1 < per.offsets.size(); ++d) {
        const std::uint32_t first = per.offsets[d], last = per.offsets[d + 1];
        for (std::uint32_t b = first; b < last; b += kEndBlock)
            per.blockEnds.push_back(events[per.order[std::min(b + kEndBlock, last) - 1]].end());
        per.blockOffsets[d + 1] = std::uint32_t(per.blockEnds.size());
    }
    per.blockEnds.shrink_to_fit();
}

std::span<const TimeNs> DepthIndex::blockEnds(std::uint32_t track, int depth) const
{
    if (track >= m_tracks.size())
        return {};
    const PerTrack &per = m_tracks[track];
    if (depth < 0 || std::size_t(depth) + 1 >= per.blockOffsets.size())
        return {};
    return std::span<const TimeNs>(per.blockEnds)
        .subspan(per.blockOffsets[depth], per.blockOffsets[depth + 1] - per.blockOffsets[depth]);
}

std::span<const std::uint32_t> DepthIndex::events(std::uint32_t track, int depth) const
{
    if (track >= m_tracks.size())
        return {};
    const PerTrack &per = m_tracks[track];
    if (depth < 0 || std::size_t(depth) + 1 >= per.offsets.size())
        return {};
    return std::span<const std::uint32_t>(per.order).subspan(per.offsets[depth],
                                                             per.offsets[depth + 1] - per.offsets[depth]);
}

int DepthIndex::depthCount(std::uint32_t track) const
{
    return track < m_tracks.size() ? int(m_tracks[track].offsets.size()) - 1 : 0;
}

} // namespace tracelane
