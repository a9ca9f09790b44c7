#pragma once
// Depth of each event counted without Python frames: how many enclosing
// events of its track are not python_function frames. A trace recorded with
// with_stack=True puts the operators of a step under a dozen or more frames;
// with the frames folded away the operators rise to the rows they would have
// without stacks. Parents follow ParentWalk (nesting_rule.h), so this agrees
// with Event::depth on traces without Python frames. O(n) per track, one
// uint8 per event, and only for tracks that hold Python frames.

#include "trace.h"

#include <cstdint>
#include <vector>

namespace tracelane {

class OperatorDepths
{
public:
    static constexpr std::uint8_t kPythonFrame = 0xFF; // the event is itself a Python frame

    OperatorDepths() = default;
    explicit OperatorDepths(const Trace &trace);

    bool anyPythonFrames() const { return m_any; }
    bool hasPythonFrames(std::uint32_t track) const { return track < m_tracks.size() && !m_tracks[track].depth.empty(); }
    // The depth of events[index] without Python frames above it (kPythonFrame
    // for a frame); Event::depth on tracks without frames.
    std::uint8_t depth(const Trace &trace, EventRef ref) const;
    // Levels of the track with frames folded away (at least 1).
    int levels(const Trace &trace, std::uint32_t track) const;

private:
    struct PerTrack
    {
        std::vector<std::uint8_t> depth; // empty: no Python frames on this track
        int levels = 1;
    };
    std::vector<PerTrack> m_tracks;
    bool m_any = false;
};

} // namespace tracelane
