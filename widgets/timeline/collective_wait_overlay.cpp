#include "timeline/collective_wait_overlay.h"

#include "timeline/timeline_frame.h"

#include <QPainter>

#include <algorithm>

namespace tracelane {

void CollectiveWaitOverlay::set(const Trace &trace, const CollectiveAnalysis &analysis)
{
    clear();
    for (const MatchedCollective &c : analysis.collectives)
        for (const CollectiveParticipant &p : c.participants) {
            if (!p.event.isValid() || p.event.track >= trace.tracks.size()
                || p.event.index >= trace.tracks[p.event.track].events.size())
                continue;
            const Event &e = trace.tracks[p.event.track].events[p.event.index];
            const TimeNs wait = std::clamp<TimeNs>(p.wait, 0, e.duration);
            m_intervals.push_back({e.start, e.start + wait, e.end(), p.event});
            m_longest = std::max(m_longest, e.duration);
        }
    std::sort(m_intervals.begin(), m_intervals.end(),
              [](const Interval &a, const Interval &b) { return a.start < b.start; });
}

void CollectiveWaitOverlay::clear()
{
    m_intervals.clear();
    m_longest = 0;
}

// Those starting in [from - longest, to]: every one that may reach into the view.
std::span<const CollectiveWaitOverlay::Interval> CollectiveWaitOverlay::candidatesIn(TimeNs from, TimeNs to) const
{
    const auto first = std::lower_bound(m_intervals.begin(), m_intervals.end(), from - m_longest,
                                        [](const Interval &i, TimeNs t) { return i.start < t; });
    const auto last = std::upper_bound(first, m_intervals.end(), to,
                                       [](TimeNs t, const Interval &i) { return t < i.start; });
    return {first, last};
}

void CollectiveWaitOverlay::paint(QPainter &painter, const TimelineFrame &frame, bool dark) const
{
    if (m_intervals.empty())
        return;
    const QRect area = frame.rowsArea();
    painter.save();
    painter.setClipRect(area);
    painter.translate(area.topLeft());
    painter.setPen(Qt::NoPen);
    const QRectF visible(0, 0, area.width(), area.height());
    // Washed towards the lane's background, then hatched in the text colour:
    // waiting reads as "empty" in both themes, and not by colour alone.
    const QColor wash = dark ? QColor(20, 20, 24, 120) : QColor(255, 255, 255, 125);
    const QColor hatch = dark ? QColor(230, 230, 235, 110) : QColor(40, 40, 48, 100);
    const QColor edge = dark ? QColor(240, 240, 245) : QColor(20, 20, 28);
    for (const Interval &i : candidatesIn(frame.axis.start, frame.axis.end)) {
        if (i.waitEnd <= i.start || i.waitEnd < frame.axis.start)
            continue;
        const auto rect = frame.eventRect(i.event);
        if (!rect || !rect->intersects(visible))
            continue;
        const double right = std::min(rect->right(), frame.axis.xOf(i.waitEnd));
        const QRectF waitRect(rect->left(), rect->top(), right - rect->left(), rect->height());
        if (waitRect.width() < 1.0)
            continue;
        painter.fillRect(waitRect, wash);
        painter.fillRect(waitRect, QBrush(hatch, Qt::BDiagPattern));
        if (right < rect->right() - 1.0) // where the transfer begins
            painter.fillRect(QRectF(right - 0.5, rect->top(), 1.5, rect->height()), edge);
    }
    painter.restore();
}

} // namespace tracelane
