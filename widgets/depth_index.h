#pragma once
// Per (track, depth) lists of event indices, built once after load.
//
// A track's events are sorted by start but mix depths. Within one depth they
// never overlap (TraceBuilder places an event at depth d only once every earlier
// event at d has ended; async lanes are built the same way), so each list is
// sorted by start *and* by end, and both can be binary-searched. Costs one
// uint32 per event.

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

    // Indices into trace.tracks[track].events of the events at `depth`, by start.
    std::span<const std::uint32_t> events(std::uint32_t track, int depth) const;
    int depthCount(std::uint32_t track) const;

private:
    struct PerTrack
    {
        std::vector<std::uint32_t> order;   // event indices grouped by depth, by start within a depth
        std::vector<std::uint32_t> offsets; // depth d occupies order[offsets[d], offsets[d + 1])
    };
    std::vector<PerTrack> m_tracks;
};

} // namespace tracelane
