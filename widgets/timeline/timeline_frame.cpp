#include "timeline/timeline_frame.h"

namespace tracelane {

std::optional<QRectF> TimelineFrame::eventRect(EventRef ref) const
{
    if (!model || !rows || !ref.isValid() || ref.track >= rows->rowOfTrack.size())
        return std::nullopt;
    const int rowIndex = rows->rowOfTrack[ref.track];
    if (rowIndex < 0)
        return std::nullopt;
    const LayoutRow &row = rows->rows[std::size_t(rowIndex)];
    const Event &e = model->trace().event(ref);
    const double x0 = axis.xOf(e.start);
    const double x1 = std::max(axis.xOf(e.end()), x0 + 1.0);
    double top = rows->screenY(row.span.top, scrollY);
    double height = row.span.height;
    if (!row.isGroup && row.track == std::int32_t(ref.track) && model->trace().tracks[ref.track].kind != TrackKind::Counter) {
        const int depth = model->shownDepth(ref, rows->pythonHidden);
        if (depth < 0 || depth >= row.levels)
            return std::nullopt; // a hidden Python frame, or below a folded deep lane's last row
        top += depth * metrics.rowHeight;
        height = metrics.rowHeight - 1;
    }
    if (!row.pinned && top < rows->pinnedHeight) { // under the pinned band
        const double bottom = top + height;
        if (bottom <= rows->pinnedHeight)
            return std::nullopt;
        top = rows->pinnedHeight;
        height = bottom - top;
    }
    return QRectF(x0, top, x1 - x0, height);
}

std::optional<QRect> TimelineFrame::expandHandle(const LayoutRow &row) const
{
    if (!rows || !row.isDeep())
        return std::nullopt;
    const int top = rows->screenY(row.span.top, scrollY) + (row.levels - 1) * metrics.rowHeight;
    const int left = 16 + row.indent * 14;
    return QRect(left, top, gutterWidth - left - 4, metrics.rowHeight);
}

GeometryRequest geometryRequest(const TimelineFrame &frame)
{
    GeometryRequest r;
    r.model = frame.model;
    r.rows = frame.rows;
    r.metrics = frame.metrics;
    r.axis = frame.axis;
    r.scrollY = frame.scrollY;
    r.height = frame.rowsArea().height();
    r.palette = frame.palette;
    r.idleGaps = frame.idleGaps;
    return r;
}

} // namespace tracelane
