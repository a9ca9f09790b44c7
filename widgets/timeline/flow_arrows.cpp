// Flow arrows: launch (API call -> GPU work) and forward -> backward. Always
// for the selected event; for every flow touching an event in view when "Show
// all flows" is on (capped, so a zoomed-out view stays cheap). Ends far off
// screen are clipped before painting, so arrows stay correct and finite.
#include "timeline/timeline_painter.h"

#include <QPainter>
#include <QPainterPath>

#include <cmath>
#include <set>

namespace tracelane {
namespace {

constexpr std::size_t kMaxArrows = 3000;

void paintArrow(QPainter &p, const TimelineFrame &f, const Flow &flow, const QRect &clip, bool faint)
{
    const auto from = f.eventRect(flow.from);
    const auto to = f.eventRect(flow.to);
    if (!from || !to)
        return;
    const PointF a{from->left(), from->center().y()};
    const PointF b{to->left(), to->center().y()};
    const auto clipped = clipSegment(a, b, clip.left(), clip.top(), clip.right(), clip.bottom());
    if (!clipped)
        return;
    QColor color = flow.kind == FlowKind::ForwardBackward ? f.palette.forwardBackwardArrow : f.palette.launchArrow;
    if (faint) // arrows of "Show all flows" stay behind those of the selection
        color.setAlpha(110);
    p.setPen(QPen(color, 1.4));
    const QPointF start(clipped->first.x, clipped->first.y), end(clipped->second.x, clipped->second.y);
    p.drawLine(start, end);
    p.setPen(Qt::NoPen);
    p.setBrush(color);
    const bool endVisible = std::abs(end.x() - b.x) < 0.5 && std::abs(end.y() - b.y) < 0.5;
    if (!endVisible || (end - start).manhattanLength() < 4)
        return;
    // Arrow head at the target.
    const double angle = std::atan2(end.y() - start.y(), end.x() - start.x());
    const double size = 7.0;
    QPolygonF head;
    head << end << end - QPointF(std::cos(angle - 0.45) * size, std::sin(angle - 0.45) * size)
         << end - QPointF(std::cos(angle + 0.45) * size, std::sin(angle + 0.45) * size);
    p.drawPolygon(head);
}

bool inView(const TimelineFrame &f, EventRef ref)
{
    const Event &e = f.model->trace().event(ref);
    if (e.end() < f.axis.start || e.start > f.axis.end)
        return false;
    const auto rect = f.eventRect(ref);
    return rect && rect->bottom() >= 0 && rect->top() <= f.rowsArea().height();
}

} // namespace

void paintFlows(QPainter &p, const TimelineFrame &f)
{
    const Trace &trace = f.model->trace();
    const QRect clip = QRect(QPoint(0, 0), f.rowsArea().size()).adjusted(-20, -20, 20, 20);
    std::vector<Flow> flows;
    if (f.selected.isValid()) {
        for (const Flow &flow : trace.flowsFrom(f.selected))
            flows.push_back(flow);
        for (const Flow *flow : trace.flowsTo(f.selected))
            flows.push_back(*flow);
    }
    const std::size_t selectedCount = flows.size();
    if (f.showAllFlows && !trace.flows.empty()) {
        // Every event in view, merged runs included: flows from it, and flows into
        // it whose source is not in view (those are not found from their source).
        for (const DrawBand &band : f.geometry->bands) {
            const auto order = f.model->depthsFor(band.track, f.rows->pythonHidden).events(band.track, band.depth);
            const auto first = f.geometry->items.begin() + band.firstItem;
            for (auto it = first; it != first + band.itemCount && flows.size() < kMaxArrows; ++it) {
                if (band.isChart())
                    break;
                // The item knows its first event's start: find its place in the depth list.
                auto pos = std::lower_bound(order.begin(), order.end(), it->start, [&](std::uint32_t i, TimeNs t) {
                    return trace.tracks[band.track].events[i].start < t;
                });
                for (std::uint32_t n = 0; n < it->count && pos != order.end(); ++n, ++pos) {
                    const EventRef ref{band.track, *pos};
                    for (const Flow &flow : trace.flowsFrom(ref))
                        flows.push_back(flow);
                    for (const Flow *flow : trace.flowsTo(ref))
                        if (!inView(f, flow->from))
                            flows.push_back(*flow);
                }
            }
        }
    }
    if (flows.empty())
        return;
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    std::set<std::pair<EventRef, EventRef>> drawn;
    // The selection's own arrows come first in `flows` and are drawn last, on top.
    const std::size_t own = selectedCount;
    for (std::size_t i = flows.size(); i-- > 0;)
        if (drawn.insert({flows[i].from, flows[i].to}).second || i < own)
            paintArrow(p, f, flows[i], clip, i >= own);
    p.restore();
}

} // namespace tracelane
