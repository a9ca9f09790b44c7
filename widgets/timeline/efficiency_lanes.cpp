#include "timeline/efficiency_lanes.h"

#include "analysis/efficiency/queue_depth.h"

#include <algorithm>

namespace tracelane {
namespace {

// The gaps of one stream: a run of `idleGaps()`'s list, which is in stream order.
StreamGaps streamGaps(std::vector<IdleGap>::const_iterator first, std::vector<IdleGap>::const_iterator last)
{
    StreamGaps g;
    const std::size_t n = std::size_t(last - first);
    g.starts.reserve(n);
    g.ends.reserve(n);
    g.causes.reserve(n);
    g.idleBeforeBlock.reserve(n / StreamGaps::kBlock + 1);
    StreamGaps::Split idle{0, 0, 0};
    for (auto gap = first; gap != last; ++gap) {
        if (g.starts.size() % StreamGaps::kBlock == 0)
            g.idleBeforeBlock.push_back(idle);
        g.starts.push_back(gap->start);
        g.ends.push_back(gap->end);
        g.causes.push_back(gap->cause);
        idle[std::size_t(gap->cause)] += gap->length();
    }
    return g;
}

StreamQueue streamQueue(const StreamQueueDepth &depth)
{
    StreamQueue q;
    std::vector<std::int32_t> depths;
    q.times.reserve(depth.series.size());
    depths.reserve(depth.series.size());
    for (const QueueDepthPoint &point : depth.series) {
        q.times.push_back(point.time);
        depths.push_back(point.depth);
    }
    q.depths = RangeMax(std::move(depths));
    q.max = depth.max;
    return q;
}

} // namespace

StreamGaps::Split StreamGaps::idleBefore(std::uint32_t gap) const
{
    if (gap == 0)
        return Split{0, 0, 0};
    // Gap `gap` may be one past the last: start from the block of the gap before it.
    const std::uint32_t block = (gap - 1) / kBlock;
    Split idle = idleBeforeBlock[block];
    for (std::uint32_t k = block * kBlock; k < gap; ++k)
        idle[std::size_t(causes[k])] += ends[k] - starts[k];
    return idle;
}

StreamGaps::Split StreamGaps::idleIn(std::uint32_t first, std::uint32_t count) const
{
    const Split before = idleBefore(first), upTo = idleBefore(first + count);
    return Split{upTo[0] - before[0], upTo[1] - before[1], upTo[2] - before[2]};
}

IdleCause StreamGaps::dominantCause(std::uint32_t first, std::uint32_t count) const
{
    const Split idle = idleIn(first, count);
    std::size_t best = 0;
    for (std::size_t cause = 1; cause < idle.size(); ++cause)
        if (idle[cause] > idle[best])
            best = cause;
    return IdleCause(best);
}

std::int32_t StreamQueue::depthAt(TimeNs time) const
{
    const auto after = std::upper_bound(times.begin(), times.end(), time);
    return after == times.begin() ? 0 : depths[std::size_t(after - times.begin()) - 1];
}

std::int32_t StreamQueue::maxIn(TimeNs from, TimeNs to) const
{
    const auto first = std::upper_bound(times.begin(), times.end(), from);
    const auto last = std::lower_bound(first, times.end(), to);
    return depths.max(std::size_t(first - times.begin()), std::size_t(last - times.begin()), depthAt(from));
}

EfficiencyLanes::EfficiencyLanes(const Trace &trace)
{
    const std::vector<StreamOps> streams = gpuStreamOps(trace);
    const std::vector<IdleGap> gaps = idleGaps(trace, streams);
    const std::vector<StreamQueueDepth> queues = queueDepth(trace, streams);
    m_slotOfTrack.assign(trace.tracks.size(), -1);
    m_gaps.reserve(streams.size());
    m_queues.reserve(streams.size());
    auto gap = gaps.begin();
    for (std::size_t s = 0; s < streams.size(); ++s) {
        const std::uint32_t track = streams[s].track;
        m_slotOfTrack[track] = std::int32_t(s);
        const auto first = gap;
        while (gap != gaps.end() && gap->track == track)
            ++gap;
        m_gaps.push_back(streamGaps(first, gap));
        m_queues.push_back(streamQueue(queues[s]));
        if (!m_queues.back().times.empty())
            m_queueTracks.push_back(track);
    }
}

const StreamGaps *EfficiencyLanes::gaps(std::uint32_t track) const
{
    return track < m_slotOfTrack.size() && m_slotOfTrack[track] >= 0 ? &m_gaps[std::size_t(m_slotOfTrack[track])]
                                                                      : nullptr;
}

const StreamQueue *EfficiencyLanes::queue(std::uint32_t track) const
{
    if (track >= m_slotOfTrack.size() || m_slotOfTrack[track] < 0)
        return nullptr;
    const StreamQueue &q = m_queues[std::size_t(m_slotOfTrack[track])];
    return q.times.empty() ? nullptr : &q;
}

} // namespace tracelane
