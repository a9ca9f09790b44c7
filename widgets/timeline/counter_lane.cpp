#include "timeline/counter_lane.h"


#include <algorithm>
#include <cmath>

namespace tracelane {

std::int64_t counterSampleAt(const Track &track, TimeNs time)
{
    const auto &events = track.events;
    const auto it = std::upper_bound(events.begin(), events.end(), time,
                                     [](TimeNs value, const Event &e) { return value < e.start; });
    return std::int64_t(it - events.begin()) - 1;
}

void addCounterBand(TimelineGeometry &g, const GeometryRequest &r, std::uint32_t track, int top)
{
    const Track &t = r.model->trace().tracks[track];
    const auto &events = t.events;
    const CounterRangeMax &samples = r.model->counterSamples(track);
    const std::vector<TimeNs> &times = r.model->counterTimes(track);
    const double maximum = r.model->counterMaximum(track);
    const int height = r.metrics.counterHeight;
    DrawBand band{track, 0, RowSpan{top, height}, std::uint32_t(g.items.size()), 0, LaneKind::Counter};
    const std::uint32_t n = std::uint32_t(std::min({events.size(), samples.size(), times.size()}));
    if (n == 0) {
        g.bands.push_back(band);
        return;
    }
    const QRgb color = r.palette.counterFill.rgb();
    const int width = int(std::ceil(r.axis.width));
    // A change at time t is drawn in column floor(xOf(t)), as box edges are.
    const auto columnStart = [&](std::uint32_t p) { return std::floor(r.axis.xOf(times[p])); };
    // The first sample at or after `from` drawn in `column` or later: a search on
    // the times themselves (integer compares), against the column's first time.
    const auto firstInColumnOrAfter = [&](std::uint32_t from, int column) {
        TimeNs first = r.axis.timeAt(column);
        while (std::floor(r.axis.xOf(first)) < column) // timeAt rounds: settle on the exact edge
            ++first;
        while (std::floor(r.axis.xOf(first - 1)) >= column)
            --first;
        return std::uint32_t(std::lower_bound(times.begin() + from, times.begin() + n, first) - times.begin());
    };
    const TimeNs lastUntil = std::max(events[n - 1].end(), r.model->trace().endNs);
    const int endColumn = int(std::clamp(std::ceil(r.axis.xOf(lastUntil)), -1.0, double(width)));
    const auto addBar = [&](int x0, int x1, double value, std::uint32_t sample) {
        if (x1 <= x0)
            return;
        const int barHeight = maximum > 0 ? int(std::lround(std::max(0.0, value) / maximum * (height - 2))) : 0;
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
        item.event = sample;
        item.start = r.axis.timeAt(x0);
        item.end = r.axis.timeAt(x1);
        item.color = color;
        item.lane = LaneKind::Counter;
        g.items.push_back(item);
    };

    std::uint32_t p = firstInColumnOrAfter(0, 0);
    // Before the first sample there is nothing to draw; a sample left of the view holds into it.
    int x = p == 0 ? int(std::min<double>(columnStart(0), width)) : 0;
    while (x < std::min(width, endColumn)) {
        const int nextChange = p < n ? int(std::min<double>(columnStart(p), endColumn)) : endColumn;
        if (nextChange > x) { // columns without a change hold the last sample
            if (p > 0)
                addBar(x, std::min(nextChange, width), samples[p - 1], p - 1);
            x = nextChange;
            continue;
        }
        const std::uint32_t q = firstInColumnOrAfter(p, x + 1);
        addBar(x, x + 1, samples.max(p, q, p > 0 ? samples[p - 1] : samples[p]), q - 1);
        p = q;
        ++x;
    }
    band.itemCount = std::uint32_t(g.items.size()) - band.firstItem;
    g.bands.push_back(band);
}

} // namespace tracelane
