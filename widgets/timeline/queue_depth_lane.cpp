#include "timeline/queue_depth_lane.h"

#include "timeline/efficiency_lanes.h"
#include "timeline/event_folding.h"

#include <cmath>

namespace tracelane {

void addQueueDepthBand(TimelineGeometry &g, const GeometryRequest &r, std::uint32_t track, int top)
{
    const int height = r.metrics.counterHeight;
    DrawBand band{track, 0, RowSpan{top, height}, std::uint32_t(g.items.size()), 0, LaneKind::QueueDepth};
    const StreamQueue *queue = r.model->efficiency().queue(track);
    if (!queue || queue->max <= 0) {
        g.bands.push_back(band);
        return;
    }
    const auto &times = queue->times;
    const std::uint32_t n = std::uint32_t(times.size());
    const QRgb color = r.palette.queueFill.rgb();
    // A change at time t is drawn in column floor(xOf(t)), as box edges are.
    const auto columnStart = [&](std::uint32_t p) { return std::floor(r.axis.xOf(times[p])); };
    const auto firstInColumnOrAfter = [&](std::uint32_t from, int column) {
        return folding::gallop(from, n, double(column), columnStart);
    };
    const auto addBar = [&](int x0, int x1, std::int32_t depth, std::uint32_t point) {
        if (depth <= 0 || x1 <= x0)
            return;
        const int barHeight = std::max(1, int(std::lround(double(depth) / queue->max * (height - 2))));
        const QRect rect(x0, top + height - barHeight, x1 - x0, barHeight);
        DrawItem *last = g.items.size() > band.firstItem ? &g.items.back() : nullptr;
        if (last && last->rect.right() + 1 == x0 && last->rect.top() == rect.top()) {
            last->rect.setRight(rect.right());
            last->end = r.axis.timeAt(x1);
            return;
        }
        DrawItem item;
        item.rect = rect;
        item.track = track;
        item.event = point;
        item.start = r.axis.timeAt(x0);
        item.end = r.axis.timeAt(x1);
        item.color = color;
        item.lane = LaneKind::QueueDepth;
        g.items.push_back(item);
    };

    const int width = int(std::ceil(r.axis.width));
    std::uint32_t p = firstInColumnOrAfter(0, 0);
    std::int32_t held = p > 0 ? queue->depths[p - 1] : 0; // the depth entering column x
    for (int x = 0; x < width;) {
        const int nextChange = p < n ? int(std::min<double>(columnStart(p), width)) : width;
        if (nextChange > x) { // columns without a change hold the depth
            addBar(x, nextChange, held, p > 0 ? p - 1 : 0);
            x = nextChange;
            continue;
        }
        const std::uint32_t q = firstInColumnOrAfter(p, x + 1);
        addBar(x, x + 1, queue->depths.max(p, q, held), p);
        held = queue->depths[q - 1];
        p = q;
        ++x;
    }
    band.itemCount = std::uint32_t(g.items.size()) - band.firstItem;
    g.bands.push_back(band);
}

} // namespace tracelane
