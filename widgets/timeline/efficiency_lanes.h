#pragma once
// What the timeline shows of "why the GPU waits" (docs/ANALYSIS_EFFICIENCY.md),
// per GPU stream track: its idle gaps with their causes, shaded under the
// stream's lane, and its queue depth, drawn as a counter lane under it.
// Computed once per trace with the TimelineModel (on the loading thread), from
// the core analyses idleGaps() and queueDepth(); read-only afterwards.

#include "analysis/efficiency/idle_causes.h"
#include "model/trace.h"
#include "timeline/range_max.h"

#include <array>
#include <cstdint>
#include <vector>

namespace tracelane {

// The idle gaps of one stream, in start order. Gaps of one stream never
// overlap, so `ends` is sorted too: the fold searches it like event ends.
struct StreamGaps
{
    // Prefix sums by cause are kept per block of gaps, not per gap: a split
    // costs at most 2 * kBlock gap reads, and the sums 1.5 bytes per gap.
    static constexpr std::uint32_t kBlock = 16;
    using Split = std::array<TimeNs, 3>; // idle time by IdleCause

    std::vector<TimeNs> starts, ends;
    std::vector<IdleCause> causes;
    std::vector<Split> idleBeforeBlock; // [b]: idle time of gaps [0, b * kBlock), by cause

    std::uint32_t size() const { return std::uint32_t(starts.size()); }
    // Idle time of gaps [first, first + count), by cause.
    Split idleIn(std::uint32_t first, std::uint32_t count) const;
    // The cause with the most idle time there; ties go to the earlier cause
    // (host wait, kernel wait, other).
    IdleCause dominantCause(std::uint32_t first, std::uint32_t count) const;

private:
    Split idleBefore(std::uint32_t gap) const;
};

// The queue depth of one stream as a step series: depth `depths[i]` holds from
// times[i] until times[i + 1]; 0 before the first change.
struct StreamQueue
{
    std::vector<TimeNs> times;
    RangeMax depths;
    std::int32_t max = 0;

    std::int32_t depthAt(TimeNs time) const;
    // The deepest queue at any moment of [from, to).
    std::int32_t maxIn(TimeNs from, TimeNs to) const;
};

class EfficiencyLanes
{
public:
    EfficiencyLanes() = default;
    explicit EfficiencyLanes(const Trace &trace);

    // Null for tracks that are not GPU streams with operations.
    const StreamGaps *gaps(std::uint32_t track) const;
    // Null for tracks that are not GPU streams with launched operations.
    const StreamQueue *queue(std::uint32_t track) const;
    // The GPU stream tracks that have a queue, by device, then stream id.
    const std::vector<std::uint32_t> &queueTracks() const { return m_queueTracks; }

private:
    std::vector<std::int32_t> m_slotOfTrack; // index into m_gaps / m_queues, -1 for other tracks
    std::vector<StreamGaps> m_gaps;
    std::vector<StreamQueue> m_queues;
    std::vector<std::uint32_t> m_queueTracks;
};

} // namespace tracelane
