#pragma once
// The innermost "container" event around each event of a thread's tracks: an
// enclosing range (EventKind::Range on the thread's ThreadRanges tracks) or an
// nn.Module Python frame (on its CpuThread tracks). A container contains an
// event when it starts at or before it and ends at or after it, and is not the
// event itself, as SQL's enclosing_range view says; the innermost is the one
// starting last, then ending first, then deepest.
//
// One sweep per (event track, container track) pair of a thread: containers
// are pushed in start order onto a stack of nested intervals whose ends only
// shrink towards the top, so the innermost one around an event is a binary
// search on the stack. O(n log depth) per thread.

#include "model/trace.h"

#include <cstdint>
#include <vector>

namespace tracelane {

enum class PivotContainerKind : unsigned char { Range, Module };

constexpr StringId kPivotNoContainer = 0xFFFFFFFFu;

class PivotContainers
{
public:
    PivotContainers(const Trace &trace, PivotContainerKind kind);

    // The name of the innermost container around events[index] of `track`
    // (kPivotNoContainer when none, or when the track has no thread).
    // Computes the whole track on first use.
    StringId containerName(std::uint32_t track, std::uint32_t index);

    // "nn.Module: Foo_0" -> "Foo_0"; the name unchanged when it has no prefix.
    static std::string_view moduleName(std::string_view frameName);

private:
    bool isContainer(const Event &e) const;
    void computeTrack(std::uint32_t track);

    const Trace &m_trace;
    PivotContainerKind m_kind;
    std::vector<std::vector<std::uint32_t>> m_threadTracks;     // per thread: its container tracks
    std::vector<std::vector<std::uint32_t>> m_containersOf;     // per track: indices of its containers (lazy)
    std::vector<bool> m_containersDone;
    std::vector<std::vector<StringId>> m_names;                 // per track: per event (lazy)
    std::vector<bool> m_done;
};

} // namespace tracelane
