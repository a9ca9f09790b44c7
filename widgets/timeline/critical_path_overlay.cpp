#include "timeline/critical_path_overlay.h"

#include "timeline/timeline_frame.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace tracelane {

void CriticalPathOverlay::set(const Trace &trace, const CriticalPath &path)
{
    clear();
    EventRef previous;
    for (const PathStep &step : path.steps) {
        if (!step.event.isValid())
            continue;
        const bool hop = step.kind == PathEdgeKind::Launch || step.kind == PathEdgeKind::SyncWait ||
                         step.kind == PathEdgeKind::StreamWait || step.kind == PathEdgeKind::ThreadStart;
        if (hop && previous.isValid() && previous.track != step.event.track) {
            m_hops.push_back({previous, step.event, step.start, step.start + step.onPath});
            m_longestHop = std::max(m_longestHop, step.onPath);
        }
        previous = step.event;
    }
    std::sort(m_hops.begin(), m_hops.end(), [](const Hop &a, const Hop &b) { return a.left < b.left; });
    m_events.set(trace, path.pathEvents());
}

void CriticalPathOverlay::clear()
{
    m_events.clear();
    m_hops.clear();
    m_longestHop = 0;
}

void CriticalPathOverlay::paint(QPainter &painter, const TimelineFrame &frame, bool dark) const
{
    if (m_events.empty())
        return;
    const QRect area = frame.rowsArea();
    const QColor color = dark ? QColor(255, 140, 40) : QColor(230, 80, 0);
    painter.save();
    painter.setClipRect(area);
    painter.translate(area.topLeft());
    painter.setRenderHint(QPainter::Antialiasing, true);
    const QRectF visible(0, 0, area.width(), area.height());
    const TimeNs from = frame.axis.start, to = frame.axis.end;

    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(color, 2.5));
    for (const HighlightSet::Item &item : m_events.candidatesIn(from, to)) {
        if (item.end < from)
            continue;
        const auto rect = frame.eventRect(item.ref);
        if (!rect || !rect->intersects(visible))
            continue;
        if (rect->width() >= 4.0) {
            painter.drawRect(rect->adjusted(-1.5, -1.5, 1.5, 1.5));
        } else {
            // Too narrow to outline: a mark under it, so runs of short events
            // read as a line along the lane instead of a blot.
            painter.fillRect(QRectF(rect->left() - 0.5, rect->bottom() - 1.0, std::max(2.0, rect->width() + 1.0), 3.0),
                             color);
        }
    }

    // Hops that leave before the view's end and arrive after its start.
    auto first = std::lower_bound(m_hops.begin(), m_hops.end(), from - m_longestHop,
                                  [](const Hop &hop, TimeNs time) { return hop.left < time; });
    const double margin = 1e5; // far ends are pulled in before painting, so lines stay finite
    for (auto it = first; it != m_hops.end() && it->left <= to; ++it) {
        if (it->arrive < from)
            continue;
        const auto a = frame.eventRect(it->from);
        const auto b = frame.eventRect(it->to);
        if (!a || !b)
            continue;
        const QPointF start(std::clamp(frame.axis.xOf(it->left), -margin, visible.width() + margin), a->center().y());
        const QPointF end(std::clamp(frame.axis.xOf(it->arrive), -margin, visible.width() + margin),
                          b->center().y());
        painter.setPen(QPen(color, 2.0));
        painter.drawLine(start, end);
        const double angle = std::atan2(end.y() - start.y(), end.x() - start.x());
        constexpr double kHead = 8.0;
        QPolygonF head;
        head << end << end - QPointF(std::cos(angle - 0.45) * kHead, std::sin(angle - 0.45) * kHead)
             << end - QPointF(std::cos(angle + 0.45) * kHead, std::sin(angle + 0.45) * kHead);
        painter.setPen(Qt::NoPen);
        painter.setBrush(color);
        painter.drawPolygon(head);
        painter.setBrush(Qt::NoBrush);
    }
    painter.restore();
}

} // namespace tracelane
