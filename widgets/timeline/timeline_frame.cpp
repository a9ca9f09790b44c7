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
    double top = row.span.top - scrollY;
    double height = row.span.height;
    if (!row.isGroup && row.track == std::int32_t(ref.track) && model->trace().tracks[ref.track].kind != TrackKind::Counter) {
        top += e.depth * metrics.rowHeight;
        height = metrics.rowHeight - 1;
    }
    return QRectF(x0, top, x1 - x0, height);
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
