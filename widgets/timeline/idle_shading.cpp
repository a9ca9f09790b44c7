#include "timeline/idle_shading.h"

#include "timeline/efficiency_lanes.h"
#include "timeline/event_folding.h"

namespace tracelane {

void addIdleShades(TimelineGeometry &g, const GeometryRequest &r, std::uint32_t track, int top, int height)
{
    const StreamGaps *gaps = r.model->efficiency().gaps(track);
    if (!gaps || gaps->size() == 0)
        return;
    DrawBand band{track, 0, RowSpan{top, height}, std::uint32_t(g.shadeItems.size()), 0, LaneKind::Events};
    const std::uint32_t n = gaps->size();
    const auto startAt = [gaps](std::uint32_t p) { return gaps->starts[p]; };
    const auto endAt = [gaps](std::uint32_t p) { return gaps->ends[p]; };
    // The ends are one contiguous sorted array: gallop through it directly.
    const auto firstEndingAtOrAfter = [&](std::uint32_t from, double time) {
        return folding::gallop(from, n, time, endAt);
    };
    foldSpans(n, startAt, endAt, firstEndingAtOrAfter, r.axis, [&](const FoldedSpan &span) {
        DrawItem item;
        item.rect = spanRect(r.axis, span.start, span.end, top, height);
        item.track = track;
        item.event = span.first;
        item.count = span.count;
        item.start = span.start;
        item.end = span.end;
        item.color = r.palette.idleColor(span.count == 1 ? gaps->causes[span.first]
                                                         : gaps->dominantCause(span.first, span.count));
        g.shadeItems.push_back(item);
    });
    band.itemCount = std::uint32_t(g.shadeItems.size()) - band.firstItem;
    g.shadeBands.push_back(band);
}

} // namespace tracelane
