#pragma once
// Pure maths of the timeline: time <-> x, row hit tests and line clipping.
// No Qt and no clamping: values outside [0, width] are valid, callers clip.

#include "model/time_units.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <span>

namespace tracelane {

// Maps [start, end] onto [0, width] pixels. Arithmetic is relative to `start`
// so epoch-based timestamps (beyond 2^53 ns) keep nanosecond precision.
struct TimeAxis
{
    TimeNs start = 0;
    TimeNs end = 1;
    double width = 1.0;

    TimeNs span() const { return std::max<TimeNs>(1, end - start); }
    double pixels() const { return width > 0.0 ? width : 1.0; }
    double nsPerPixel() const { return double(span()) / pixels(); }
    double xOf(TimeNs t) const { return double(t - start) * pixels() / double(span()); }
    TimeNs timeAt(double x) const { return start + TimeNs(std::llround(x * double(span()) / pixels())); }
};

// One horizontal band of the timeline, in pixels from the top of the rows area.
struct RowSpan
{
    int top = 0;
    int height = 0;
    int bottom() const { return top + height; }
};

// Index of the row containing y, or -1. Rows are sorted by top and may leave gaps.
inline int rowAt(std::span<const RowSpan> rows, double y)
{
    auto it = std::upper_bound(rows.begin(), rows.end(), y,
                               [](double value, const RowSpan &row) { return value < row.top; });
    if (it == rows.begin())
        return -1;
    --it;
    return y < it->bottom() ? int(it - rows.begin()) : -1;
}

// Does a click at x hit [x0, x1]? Narrow events get `tolerance` pixels on each
// side, so a one-pixel kernel can still be picked (as in Qt Creator's timeline).
inline bool hitsSpan(double x0, double x1, double x, double tolerance = 3.0)
{
    return x >= x0 - tolerance && x <= x1 + tolerance;
}

struct PointF
{
    double x = 0.0;
    double y = 0.0;
};

// Clips the segment a-b to the rectangle [left, right] x [top, bottom]
// (Liang-Barsky). Flow arrows whose ends lie far off screen become segments
// painters can handle; nullopt when nothing of it is inside.
inline std::optional<std::pair<PointF, PointF>> clipSegment(PointF a, PointF b, double left, double top,
                                                           double right, double bottom)
{
    const double dx = b.x - a.x, dy = b.y - a.y;
    double t0 = 0.0, t1 = 1.0;
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4] = {a.x - left, right - a.x, a.y - top, bottom - a.y};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0.0) {
            if (q[i] < 0.0)
                return std::nullopt;
            continue;
        }
        const double r = q[i] / p[i];
        if (p[i] < 0.0)
            t0 = std::max(t0, r);
        else
            t1 = std::min(t1, r);
        if (t0 > t1)
            return std::nullopt;
    }
    return std::make_pair(PointF{a.x + t0 * dx, a.y + t0 * dy}, PointF{a.x + t1 * dx, a.y + t1 * dy});
}

} // namespace tracelane
