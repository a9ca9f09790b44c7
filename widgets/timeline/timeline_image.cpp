#include "timeline/timeline_image.h"

#include "timeline/timeline_model.h"
#include "timeline/timeline_painter.h"
#include "timeline/timeline_view.h"
#include "timeline/zoom_control.h"

#include <QGuiApplication>
#include <QPainter>

namespace tracelane {

std::pair<TimeNs, TimeNs> renderRange(const TimelineModel &model, const RenderOptions &options)
{
    ZoomControl zoom;
    zoom.setTraceRange(model.trace().startNs, model.trace().endNs);
    if (options.from || options.to)
        zoom.setRange(options.from.value_or(model.trace().startNs), options.to.value_or(model.trace().endNs));
    return {zoom.rangeStart(), zoom.rangeEnd()};
}

void paintRenderedTimeline(QPainter &painter, const TimelineModel &model, const RenderOptions &options)
{
    const LayoutRows rows = model.layout().rows(RowMetrics{}, model.trace().tracks.size(), options.queueDepth);
    const auto [start, end] = renderRange(model, options);
    TimelineFrame f;
    f.model = &model;
    f.rows = &rows;
    f.palette = options.dark ? TimelinePalette::darkPalette() : TimelinePalette::light();
    f.font = QGuiApplication::font();
    f.font.setPixelSize(11);
    f.size = options.size;
    f.gutterWidth = TimelineView::kGutterWidth;
    f.rulerHeight = TimelineView::kRulerHeight;
    f.scrollY = options.scrollY;
    f.axis = TimeAxis{start, end, double(options.size.width() - f.gutterWidth)};
    f.selected = options.selected;
    if (options.selected.isValid()) {
        for (const Flow &flow : model.trace().flowsFrom(options.selected))
            f.partners.push_back(flow.to);
        for (const Flow *flow : model.trace().flowsTo(options.selected))
            f.partners.push_back(flow->from);
    }
    f.showAllFlows = options.showAllFlows;
    f.idleGaps = options.idleGaps;
    f.labels = options.labels;
    if (!options.markers.empty())
        f.markers = &options.markers;
    const TimelineGeometry geometry = buildGeometry(geometryRequest(f));
    f.geometry = &geometry;
    paintTimeline(painter, f);
}

void paintTimelineInto(QImage &image, const TimelineModel &model, const RenderOptions &options)
{
    QPainter painter(&image);
    paintRenderedTimeline(painter, model, options);
}

QImage renderTimeline(const TimelineModel &model, const RenderOptions &options)
{
    QImage image(options.size * options.devicePixelRatio, QImage::Format_RGB32);
    image.setDevicePixelRatio(options.devicePixelRatio);
    paintTimelineInto(image, model, options);
    return image;
}

} // namespace tracelane
