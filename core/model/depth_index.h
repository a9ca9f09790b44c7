#pragma once
// Per (track, depth) lists of event indices, built once after load.
//
// A track's events are sorted by start but mix depths. Within one depth they
// never overlap (TraceBuilder places an event at depth d only once every earlier
// event at d has ended; async lanes are built the same way), so each list is
// sorted by start *and* by end, and both can be binary-searched. Costs one
// uint32 per event.
//
// Searching by end through `order` touches a scattered event per probe, a
// cache miss on big traces. So each depth also keeps the end of every
// kEndBlock-th event in a contiguous array (half a byte per event): a search
// runs there first and then bisects one block of events.

#include "model/operator_depths.h"
#include "model/trace.h"

#include <cstdint>
#include <span>
#include <vector>

namespace tracelane {

class DepthIndex
{
public:
    DepthIndex() = default;
    explicit DepthIndex(const Trace &trace);
    // The tracks holding Python frames only, by depth without the frames, the
    // frames left out (Hide Python Frames); other tracks are empty here.
    DepthIndex(const Trace &trace, const OperatorDepths &operatorDepths);

    static constexpr std::uint32_t kEndBlock = 16;

    // Indices into trace.tracks[track].events of the events at `depth`, by start.
    std::span<const std::uint32_t> events(std::uint32_t track, int depth) const;
    // blockEnds(t, d)[b]: end of events(t, d)[b * kEndBlock + kEndBlock - 1], or of
    // the last event for the final, shorter block.
    std::span<const TimeNs> blockEnds(std::uint32_t track, int depth) const;
    int depthCount(std::uint32_t track) const;

private:
    template <typename DepthOf>
    void indexTrack(const Trace &trace, std::size_t t, int depthCount, DepthOf depthOf);

    struct PerTrack
    {
        std::vector<std::uint32_t> order;   // event indices grouped by depth, by start within a depth
        std::vector<std::uint32_t> offsets; // depth d occupies order[offsets[d], offsets[d + 1])
        std::vector<TimeNs> blockEnds;      // grouped by depth like `order`
        std::vector<std::uint32_t> blockOffsets;
    };
    std::vector<PerTrack> m_tracks;
};

} // namespace tracelane
