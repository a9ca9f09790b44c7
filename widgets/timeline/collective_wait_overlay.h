#pragma once
// Collective wait on the timeline (View > Collective Wait): a collective
// kernel starts on each rank as soon as that rank launches it, then waits for
// the other ranks before it moves data. Its first `wait` nanoseconds
// (collective_matching.h) are washed out and hatched over the kernel's box on
// every participant, so the transfer stays in the kernel's colour. Painting
// costs what is visible: intervals are sorted by start.

#include "analysis/distributed/collective_matching.h"

#include <span>
#include <vector>

class QPainter;

namespace tracelane {

struct TimelineFrame;

class CollectiveWaitOverlay
{
public:
    struct Interval
    {
        TimeNs start = 0;   // the kernel's start
        TimeNs waitEnd = 0; // start + wait: the transfer begins
        TimeNs end = 0;     // the kernel's end
        EventRef event;
    };

    // Every participant of every matched collective; events must refer to `trace`.
    void set(const Trace &trace, const CollectiveAnalysis &analysis);
    void clear();
    bool empty() const { return m_intervals.empty(); }
    const std::vector<Interval> &intervals() const { return m_intervals; } // by start

    void paint(QPainter &painter, const TimelineFrame &frame, bool dark) const;

private:
    std::span<const Interval> candidatesIn(TimeNs from, TimeNs to) const;

    std::vector<Interval> m_intervals;
    TimeNs m_longest = 0;
};

} // namespace tracelane
