// Flow arrows: launch (API call -> GPU work) and forward -> backward. Always
// for the selected event; for every flow in view when "Show all flows" is on,
// merged per pixel (flow_arrow_set.h) and drawn faint, one batch per colour.
// Ends far off screen are clipped before painting, so arrows stay correct and finite.
#include "timeline/flow_arrow_set.h"
#include "timeline/timeline_painter.h"

#include <QPainter>

#include <algorithm>
#include <cmath>
#include <tuple>
#include <vector>

namespace tracelane {
namespace {

constexpr double kArrowWidth = 1.4;
constexpr double kHeadSize = 7.0;
constexpr int kHeadDirections = 36; // heads at one tip closer than 10 degrees look alike

QPolygonF arrowHead(QPointF start, QPointF end)
{
    const double angle = std::atan2(end.y() - start.y(), end.x() - start.x());
    QPolygonF head;
    head << end << end - QPointF(std::cos(angle - 0.45) * kHeadSize, std::sin(angle - 0.45) * kHeadSize)
         << end - QPointF(std::cos(angle + 0.45) * kHeadSize, std::sin(angle + 0.45) * kHeadSize);
    return head;
}

// The selection's own arrows, at their exact ends.
void paintArrow(QPainter &p, const TimelineFrame &f, const Flow &flow, const QRect &clip)
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
    const QColor color = flow.kind == FlowKind::ForwardBackward ? f.palette.forwardBackwardArrow
                                                                : f.palette.launchArrow;
    p.setPen(QPen(color, kArrowWidth));
    const QPointF start(clipped->first.x, clipped->first.y), end(clipped->second.x, clipped->second.y);
    p.drawLine(start, end);
    p.setPen(Qt::NoPen);
    p.setBrush(color);
    const bool endVisible = std::abs(end.x() - b.x) < 0.5 && std::abs(end.y() - b.y) < 0.5;
    if (!endVisible || (end - start).manhattanLength() < 4)
        return;
    p.drawPolygon(arrowHead(start, end));
}

// An arrow head: where its tip is and which way it points.
struct HeadAt
{
    int x, y, direction;
    std::size_t arrow;
    bool sameLook(const HeadAt &o) const { return x == o.x && y == o.y && direction == o.direction; }
    friend bool operator<(const HeadAt &a, const HeadAt &b)
    {
        return std::tie(a.x, a.y, a.direction, a.arrow) < std::tie(b.x, b.y, b.direction, b.arrow);
    }
};

// "Show all flows": faint and thin, so they stay behind the selection's arrows
// (a one-pixel pen also takes Qt's fast line path: a wider one costs ten times
// as much on a zoomed-out view). Heads meeting at one tip from about the same
// direction are drawn once.
void paintMergedArrows(QPainter &p, const TimelineFrame &f, const FlowArrowSet &set)
{
    for (const bool forwardBackward : {false, true}) {
        QColor color = forwardBackward ? f.palette.forwardBackwardArrow : f.palette.launchArrow;
        color.setAlpha(110);
        std::vector<QLineF> lines;
        std::vector<HeadAt> heads;
        for (std::size_t i = 0; i < set.arrows.size(); ++i) {
            const FlowArrow &arrow = set.arrows[i];
            if (arrow.forwardBackward != forwardBackward)
                continue;
            lines.emplace_back(arrow.from, arrow.to);
            if (!arrow.head)
                continue;
            const QPoint d = arrow.to - arrow.from;
            const int direction = int(std::lround((std::atan2(d.y(), d.x()) + M_PI) * kHeadDirections / (2 * M_PI)));
            heads.push_back({arrow.to.x(), arrow.to.y(), direction % kHeadDirections, i});
        }
        if (lines.empty())
            continue;
        p.setPen(QPen(color, 1.0));
        p.drawLines(lines.data(), int(lines.size()));
        std::sort(heads.begin(), heads.end());
        p.setPen(Qt::NoPen);
        p.setBrush(color);
        for (std::size_t h = 0; h < heads.size(); ++h)
            if (h == 0 || !heads[h].sameLook(heads[h - 1]))
                p.drawPolygon(arrowHead(set.arrows[heads[h].arrow].from, set.arrows[heads[h].arrow].to));
    }
}

} // namespace

void paintFlows(QPainter &p, const TimelineFrame &f)
{
    const Trace &trace = f.model->trace();
    if (trace.flows.empty())
        return;
    const bool all = f.showAllFlows;
    if (!all && !f.selected.isValid())
        return;
    const QRect clip = QRect(QPoint(0, 0), f.rowsArea().size()).adjusted(-20, -20, 20, 20);
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    if (all) {
        if (f.allFlows)
            paintMergedArrows(p, f, *f.allFlows);
        else
            paintMergedArrows(p, f, collectFlowArrows(f));
    }
    if (f.selected.isValid()) {
        for (const Flow &flow : trace.flowsFrom(f.selected))
            paintArrow(p, f, flow, clip);
        for (const Flow *flow : trace.flowsTo(f.selected))
            paintArrow(p, f, *flow, clip);
    }
    p.restore();
}

} // namespace tracelane
