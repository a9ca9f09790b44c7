#include "timeline/timeline_geometry.h"

#include "timeline/counter_lane.h"
#include "timeline/event_folding.h"
#include "timeline/fill_batches.h"
#include "timeline/idle_shading.h"
#include "timeline/queue_depth_lane.h"

#include <algorithm>
#include <cmath>

namespace tracelane {

QRect spanRect(const TimeAxis &axis, TimeNs start, TimeNs end, int top, int height)
{
    const double x0 = std::max(-1.0, std::floor(axis.xOf(start)));
    const double x1 = std::min(axis.width + 1.0, std::floor(axis.xOf(end)));
    const int left = int(x0);
    const int width = std::max(1, int(x1) - left);
    return QRect(left, top, width, height);
}

namespace {

void addEventBand(TimelineGeometry &g, const GeometryRequest &r, std::uint32_t track, int depth, int top)
{
    const Trace &trace = r.model->trace();
    const auto &events = trace.tracks[track].events;
    const DepthIndex &index = r.model->depthsFor(track, r.rows->pythonHidden);
    const auto order = index.events(track, depth);
    const auto blockEnds = index.blockEnds(track, depth);
    DrawBand band{track, depth, RowSpan{top, r.metrics.rowHeight}, std::uint32_t(g.items.size()), 0, LaneKind::Events};
    const int boxHeight = r.metrics.rowHeight - 1;
    foldEvents(events, order, blockEnds, DepthIndex::kEndBlock, r.axis, [&](const FoldedSpan &span) {
        const Event &first = events[order[span.first]];
        DrawItem item;
        item.rect = spanRect(r.axis, span.start, span.end, top, boxHeight);
        item.track = track;
        item.event = order[span.first];
        item.count = span.count;
        item.start = span.start;
        item.end = span.end;
        item.color = span.count > 1 ? r.model->runColor(first.name, r.palette.dark)
                                    : r.model->nameColor(first.name, r.palette.dark);
        g.items.push_back(item);
    });
    band.itemCount = std::uint32_t(g.items.size()) - band.firstItem;
    g.bands.push_back(band);
}

} // namespace

namespace {

// Cuts what a scrolled row added above clipTop, where the pinned band lies over it.
void clipFrom(std::vector<DrawBand> &bands, std::vector<DrawItem> &items, std::size_t firstBand,
              std::size_t firstItem, int clipTop)
{
    for (std::size_t b = firstBand; b < bands.size(); ++b) {
        RowSpan &span = bands[b].span;
        const int bottom = span.bottom();
        span.top = std::max(span.top, clipTop);
        span.height = std::max(0, bottom - span.top);
    }
    for (std::size_t i = firstItem; i < items.size(); ++i) {
        QRect &rect = items[i].rect;
        if (rect.top() < clipTop)
            rect.setTop(std::min(clipTop, rect.bottom() + 1)); // empty when wholly under the band
    }
}

void addRow(TimelineGeometry &g, const GeometryRequest &r, const LayoutRow &row, int top, int clipTop)
{
    const std::uint32_t track = std::uint32_t(row.track);
    if (row.lane == LaneKind::QueueDepth) {
        addQueueDepthBand(g, r, track, top);
        return;
    }
    if (r.model->trace().tracks[track].kind == TrackKind::Counter) {
        addCounterBand(g, r, track, top);
        return;
    }
    if (r.idleGaps)
        addIdleShades(g, r, track, top, row.levels * r.metrics.rowHeight - 1);
    // Rows below row.levels (a folded deep lane) are not drawn at all.
    for (int depth = 0; depth < row.levels; ++depth) {
        const int bandTop = top + depth * r.metrics.rowHeight;
        if (bandTop + r.metrics.rowHeight <= clipTop || bandTop > r.height)
            continue;
        addEventBand(g, r, track, depth, bandTop);
    }
}

} // namespace

TimelineGeometry buildGeometry(const GeometryRequest &r)
{
    TimelineGeometry g;
    if (!r.model || !r.rows)
        return g;
    forEachRowInView(*r.rows, r.scrollY, r.height, [&](const LayoutRow &row, int top, int clipTop) {
        if (row.isGroup || row.track < 0)
            return;
        const std::size_t bands = g.bands.size(), items = g.items.size();
        const std::size_t shadeBands = g.shadeBands.size(), shadeItems = g.shadeItems.size();
        addRow(g, r, row, top, clipTop);
        if (top < clipTop) {
            clipFrom(g.bands, g.items, bands, items, clipTop);
            clipFrom(g.shadeBands, g.shadeItems, shadeBands, shadeItems, clipTop);
        }
    });
    batchFills(g.bands, g.items, g.fills, g.fillRects);
    batchFills(g.shadeBands, g.shadeItems, g.shadeFills, g.shadeRects);
    return g;
}

namespace {

std::optional<DrawItem> itemIn(const std::vector<DrawBand> &bands, const std::vector<DrawItem> &items, QPoint point,
                               double tolerance)
{
    for (const DrawBand &band : bands) {
        if (point.y() < band.span.top || point.y() >= band.span.bottom())
            continue;
        const auto first = items.begin() + band.firstItem;
        const auto last = first + band.itemCount;
        // Items of a band are ordered by x: look at the nearest ones around the point.
        auto it = std::lower_bound(first, last, point.x(),
                                   [](const DrawItem &item, int x) { return item.rect.right() < x; });
        std::optional<DrawItem> best;
        double bestDistance = tolerance + 1.0;
        for (auto c = it == first ? it : it - 1; c != last && c->rect.left() <= point.x() + tolerance; ++c) {
            const double distance = point.x() < c->rect.left() ? c->rect.left() - point.x()
                                    : point.x() > c->rect.right() ? point.x() - c->rect.right()
                                                                  : 0.0;
            if (distance <= tolerance && distance < bestDistance) {
                best = *c;
                bestDistance = distance;
            }
        }
        return best;
    }
    return std::nullopt;
}

} // namespace

std::optional<DrawItem> TimelineGeometry::itemAt(QPoint point, double tolerance) const
{
    return itemIn(bands, items, point, tolerance);
}

std::optional<DrawItem> TimelineGeometry::shadeAt(QPoint point) const
{
    return itemIn(shadeBands, shadeItems, point, 0.0);
}

} // namespace tracelane
