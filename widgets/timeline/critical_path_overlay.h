#pragma once
// The critical path drawn over the timeline (View > Show Critical Path): its
// events outlined, and an arrow wherever the path changes lane (a launch, a
// sync wait, a wait between streams, another thread's start), from the moment
// the dependency left to the moment it arrived. Painting costs what is
// visible: the outlines come from a HighlightSet, the hops are sorted by time.

#include "timeline/highlight_set.h"

#include "analysis/critical/critical_path.h"

#include <vector>

class QPainter;

namespace tracelane {

struct TimelineFrame;

class CriticalPathOverlay
{
public:
    void set(const Trace &trace, const CriticalPath &path);
    void clear();
    bool empty() const { return m_events.empty(); }
    std::size_t hopCount() const { return m_hops.size(); }
    const HighlightSet &events() const { return m_events; }

    void paint(QPainter &painter, const TimelineFrame &frame, bool dark) const;

private:
    struct Hop
    {
        EventRef from, to;    // the path's event before the hop and after it
        TimeNs left = 0, arrive = 0; // when the dependency left and arrived
    };
    HighlightSet m_events;
    std::vector<Hop> m_hops; // by `left`
    TimeNs m_longestHop = 0;
};

} // namespace tracelane
