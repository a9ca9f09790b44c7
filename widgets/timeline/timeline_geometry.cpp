#include "timeline/timeline_geometry.h"

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
    const auto order = r.model->depths().events(track, depth);
    const auto blockEnds = r.model->depths().blockEnds(track, depth);
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

// One bar per run of pixel columns showing the same sample: cost follows width.
void addCounterBand(TimelineGeometry &g, const GeometryRequest &r, std::uint32_t track, int top)
{
    const Track &t = r.model->trace().tracks[track];
    const auto &events = t.events;
    const double maximum = r.model->counterMaximum(track);
    const int height = r.metrics.counterHeight;
    DrawBand band{track, 0, RowSpan{top, height}, std::uint32_t(g.items.size()), 0, LaneKind::Counter};
    const QRgb color = r.palette.counterFill.rgb();
    const int width = int(std::ceil(r.axis.width));
    for (int x = 0; x < width;) {
        const TimeNs time = r.axis.timeAt(x + 0.5);
        auto it = std::upper_bound(events.begin(), events.end(), time,
                                   [](TimeNs value, const Event &e) { return value < e.start; });
        if (it == events.begin()) {
            x = std::max(x + 1, int(std::ceil(r.axis.xOf(events.front().start))));
            continue;
        }
        const std::size_t index = std::size_t(it - events.begin()) - 1;
        // A sample holds until the next one; the last one until the trace ends.
        const TimeNs until = it == events.end() ? std::max(events[index].end(), r.model->trace().endNs) : it->start;
        if (time > until)
            break;
        const int next = std::clamp(int(std::ceil(r.axis.xOf(until))), x + 1, width);
        const double value = t.counterValues[index];
        const int barHeight = maximum > 0 ? int(std::lround(value / maximum * (height - 2))) : 0;
        DrawItem item;
        item.rect = QRect(x, top + height - barHeight, next - x, barHeight);
        item.track = track;
        item.event = std::uint32_t(index);
        item.start = events[index].start;
        item.end = until;
        item.color = color;
        item.lane = LaneKind::Counter;
        g.items.push_back(item);
        x = next;
    }
    band.itemCount = std::uint32_t(g.items.size()) - band.firstItem;
    g.bands.push_back(band);
}

} // namespace

TimelineGeometry buildGeometry(const GeometryRequest &r)
{
    TimelineGeometry g;
    if (!r.model || !r.rows)
        return g;
    const auto &rows = r.rows->rows;
    // First row that reaches into view; rows are sorted by top.
    auto it = std::upper_bound(rows.begin(), rows.end(), r.scrollY,
                               [](int y, const LayoutRow &row) { return y < row.span.bottom(); });
    for (; it != rows.end() && it->span.top < r.scrollY + r.height; ++it) {
        if (it->isGroup || it->track < 0)
            continue;
        const std::uint32_t track = std::uint32_t(it->track);
        const int top = it->span.top - r.scrollY;
        if (it->lane == LaneKind::QueueDepth) {
            addQueueDepthBand(g, r, track, top);
            continue;
        }
        if (r.model->trace().tracks[track].kind == TrackKind::Counter) {
            addCounterBand(g, r, track, top);
            continue;
        }
        if (r.idleGaps)
            addIdleShades(g, r, track, top, it->levels * r.metrics.rowHeight - 1);
        for (int depth = 0; depth < it->levels; ++depth) {
            const int bandTop = top + depth * r.metrics.rowHeight;
            if (bandTop + r.metrics.rowHeight < 0 || bandTop > r.height)
                continue;
            addEventBand(g, r, track, depth, bandTop);
        }
    }
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
