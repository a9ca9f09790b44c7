#include "timeline/timeline_export.h"

#include "timeline/marker_set.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"
#include "timeline/zoom_control.h"

#include <QFileInfo>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

#include <algorithm>

namespace tracelane {
namespace {

QString suffixOf(const QString &path)
{
    return QFileInfo(path).suffix().toLower();
}

bool writeSvg(const TimelineModel &model, const RenderOptions &options, const QString &path)
{
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(options.size);
    // The size is written in mm; at 90 dpi, what SVG readers assume, it reads back as these pixels.
    svg.setResolution(90);
    svg.setViewBox(QRect(QPoint(0, 0), options.size));
    svg.setTitle(TimelineExport::tr("Timeline"));
    svg.setDescription(TimelineExport::tr("Exported from Tracelane"));
    QPainter painter;
    if (!painter.begin(&svg))
        return false;
    paintRenderedTimeline(painter, model, options);
    return painter.end();
}

// One page the size of the drawing, at 96 dpi so one unit is one screen pixel.
bool writePdf(const TimelineModel &model, const RenderOptions &options, const QString &path)
{
    constexpr int kDpi = 96;
    QPdfWriter pdf(path);
    pdf.setCreator(QStringLiteral("Tracelane"));
    pdf.setTitle(TimelineExport::tr("Timeline"));
    pdf.setResolution(kDpi);
    pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
    const QSizeF points = QSizeF(options.size) * 72.0 / kDpi;
    pdf.setPageSize(QPageSize(points, QPageSize::Point, QString(), QPageSize::ExactMatch));
    QPainter painter;
    if (!painter.begin(&pdf))
        return false;
    paintRenderedTimeline(painter, model, options);
    return painter.end();
}

} // namespace

RenderOptions TimelineExport::optionsFor(TimelineView &view, int width, qreal scale)
{
    RenderOptions options;
    const TimelineModel *model = view.model();
    const int lanesHeight = model ? model->layout().rows(RowMetrics{}, model->trace().tracks.size()).totalHeight : 0;
    options.size = QSize(std::clamp(width, kMinWidth, kMaxSide),
                         std::clamp(TimelineView::kRulerHeight + lanesHeight, 100, kMaxSide));
    options.devicePixelRatio = scale == 2.0 ? 2.0 : 1.0;
    options.dark = view.isDarkPalette();
    options.from = view.zoomControl()->rangeStart();
    options.to = view.zoomControl()->rangeEnd();
    options.showAllFlows = view.showAllFlows();
    options.idleGaps = view.showIdleGaps();
    options.queueDepth = view.showQueueDepth();
    options.markers = view.markers()->markers();
    return options;
}

bool TimelineExport::isSupported(const QString &path)
{
    const QString suffix = suffixOf(path);
    return suffix == QLatin1String("png") || suffix == QLatin1String("svg") || suffix == QLatin1String("pdf");
}

bool TimelineExport::write(const TimelineModel &model, const RenderOptions &options, const QString &path,
                           QString *error)
{
    const QString suffix = suffixOf(path);
    bool ok = false;
    if (suffix == QLatin1String("png"))
        ok = renderTimeline(model, options).save(path, "PNG");
    else if (suffix == QLatin1String("svg"))
        ok = writeSvg(model, options, path);
    else if (suffix == QLatin1String("pdf"))
        ok = writePdf(model, options, path);
    else {
        if (error)
            *error = tr("Cannot export to '%1': use a .png, .svg or .pdf file name.").arg(path);
        return false;
    }
    if (!ok && error)
        *error = tr("Could not write '%1'.").arg(path);
    return ok;
}

} // namespace tracelane
