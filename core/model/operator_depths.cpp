#include "operator_depths.h"

#include "parent_walk.h"

#include <algorithm>

namespace tracelane {

namespace {

bool isPython(const Event &e)
{
    return e.kind == EventKind::PythonFunction;
}

} // namespace

OperatorDepths::OperatorDepths(const Trace &trace)
{
    m_tracks.resize(trace.tracks.size());
    for (std::size_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &track = trace.tracks[t];
        if (std::none_of(track.events.begin(), track.events.end(), isPython))
            continue;
        PerTrack &per = m_tracks[t];
        // ancestors[i]: non-Python events enclosing events[i]; a parent is
        // always visited before its children, so one pass fills it.
        std::vector<std::uint8_t> ancestors(track.events.size(), 0);
        per.depth.assign(track.events.size(), 0);
        ParentWalk walk(track);
        int deepest = 0;
        for (std::uint32_t i = 0; i < track.events.size(); ++i) {
            const std::uint32_t parent = walk.next(i);
            if (parent != kNoParent) {
                const int above = ancestors[parent] + (isPython(track.events[parent]) ? 0 : 1);
                ancestors[i] = std::uint8_t(std::min(above, 254));
            }
            if (isPython(track.events[i])) {
                per.depth[i] = kPythonFrame;
            } else {
                per.depth[i] = ancestors[i];
                deepest = std::max(deepest, int(ancestors[i]));
            }
        }
        per.levels = deepest + 1;
        m_any = true;
    }
}

std::uint8_t OperatorDepths::depth(const Trace &trace, EventRef ref) const
{
    if (ref.track < m_tracks.size() && !m_tracks[ref.track].depth.empty())
        return m_tracks[ref.track].depth[ref.index];
    return trace.event(ref).depth;
}

int OperatorDepths::levels(const Trace &trace, std::uint32_t track) const
{
    if (track < m_tracks.size() && !m_tracks[track].depth.empty())
        return m_tracks[track].levels;
    return track < trace.tracks.size() ? int(trace.tracks[track].maxDepth) + 1 : 1;
}

} // namespace tracelane
