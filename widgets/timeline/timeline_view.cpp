#include "timeline/timeline_view.h"

#include "timeline/marker_set.h"
#include "timeline/timeline_key_router.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_painter.h"

#include <QElapsedTimer>
#include <QEvent>
#include <QLoggingCategory>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>

#include <algorithm>

Q_LOGGING_CATEGORY(frameTimeLog, "tracelane.timeline.frametime", QtWarningMsg)

namespace tracelane {

TimelineView::TimelineView(QWidget *parent)
    : QAbstractScrollArea(parent)
    , m_zoom(new ZoomControl(this))
    , m_markers(new MarkerSet(this))
{
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    viewport()->setMouseTracking(true);
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent);
    setMinimumSize(kGutterWidth + 240, 200); // lanes stay usable in a small window
    m_palette = palette().color(QPalette::Window).lightness() < 128 ? TimelinePalette::darkPalette()
                                                                   : TimelinePalette::light();
    connect(m_zoom, &ZoomControl::rangeChanged, this, [this] {
        QToolTip::hideText(); // it described what was under the mouse before the zoom or pan
        m_geometryValid = false;
        syncHorizontalScrollBar();
        viewport()->update();
    });
    connect(m_zoom, &ZoomControl::selectionChanged, viewport(), qOverload<>(&QWidget::update));
    connect(m_markers, &MarkerSet::changed, viewport(), qOverload<>(&QWidget::update));
    connect(m_markers, &MarkerSet::selectedChanged, viewport(), qOverload<>(&QWidget::update));
    connect(m_zoom, &ZoomControl::selectionChanged, this, &TimelineView::onTimeSelectionChanged);
    connect(horizontalScrollBar(), &QScrollBar::valueChanged, this, [this](int value) {
        if (m_syncingScrollBar)
            return;
        const TimeNs start = m_zoom->traceStart() + TimeNs(value) * m_scrollUnit;
        m_zoom->setRange(start, start + m_zoom->rangeLength());
    });
    horizontalScrollBar()->setRange(0, 0);
    new TimelineKeyRouter(this);
}

TimelineView::~TimelineView() = default;

void TimelineView::setModel(std::shared_ptr<TimelineModel> model)
{
    m_model = std::move(model);
    // A new trace may reuse the old one's address, which setSource() cannot tell apart.
    m_labels.clear();
    m_selected = {};
    m_partners.clear();
    m_highlights.clear();
    m_pathOverlay.clear();
    m_collectiveWaits.clear();
    m_markers->clear();
    m_rowsVersion = ~0ull;
    m_rows = {};
    m_firstScreenChecked = false;
    if (m_model) {
        m_model->layout().setQueueDepthShown(m_showQueueDepth);
        m_zoom->setTraceRange(m_model->trace().startNs, m_model->trace().endNs);
    } else {
        m_zoom->setTraceRange(0, 0);
    }
    verticalScrollBar()->setValue(0);
    invalidate();
    updateScrollBars();
    pinStreamsBelowFirstScreen();
    emit eventSelected({});
}

void TimelineView::invalidate()
{
    m_geometryValid = false;
    viewport()->update();
}

void TimelineView::arrangementChanged()
{
    m_firstScreenChecked = true; // an arrangement edited by the user is kept as it is
    m_rowsVersion = ~0ull;
    updateScrollBars();
    invalidate();
}

void TimelineView::setShowAllFlows(bool on)
{
    m_showAllFlows = on;
    viewport()->update();
}

void TimelineView::setShowIdleGaps(bool on)
{
    if (m_showIdleGaps == on)
        return;
    m_showIdleGaps = on;
    invalidate();
}

void TimelineView::setShowQueueDepth(bool on)
{
    if (m_showQueueDepth == on)
        return;
    m_showQueueDepth = on;
    if (!m_model)
        return;
    m_model->layout().setQueueDepthShown(on);
    arrangementChanged();
    emit arrangementEdited();
}

void TimelineView::setDarkPalette(bool dark)
{
    m_paletteForced = true;
    m_palette = dark ? TimelinePalette::darkPalette() : TimelinePalette::light();
    invalidate();
}

void TimelineView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange && !m_paletteForced) {
        m_palette = palette().color(QPalette::Window).lightness() < 128 ? TimelinePalette::darkPalette()
                                                                       : TimelinePalette::light();
        invalidate();
    }
    QAbstractScrollArea::changeEvent(event);
}

const LayoutRows &TimelineView::rows()
{
    if (m_model && m_rowsVersion != m_model->layout().version()) {
        m_rows = m_model->layout().rows(RowMetrics{}, m_model->trace().tracks.size());
        m_rowsVersion = m_model->layout().version();
        m_geometryValid = false;
    }
    return m_rows;
}

TimeAxis TimelineView::axis() const
{
    return TimeAxis{m_zoom->rangeStart(), m_zoom->rangeEnd(), double(viewport()->width() - kGutterWidth)};
}

TimelineFrame TimelineView::currentFrame()
{
    TimelineFrame f;
    f.model = m_model.get();
    f.rows = m_model ? &rows() : nullptr;
    f.palette = m_palette;
    f.font = font();
    f.font.setPixelSize(11);
    f.size = viewport()->size();
    f.gutterWidth = kGutterWidth;
    f.rulerHeight = kRulerHeight;
    f.scrollY = verticalScrollBar()->value();
    f.axis = axis();
    f.selected = m_selected;
    f.partners = m_partners;
    f.hasRangeSelection = m_zoom->hasSelection();
    f.selectionStart = m_zoom->selectionStart();
    f.selectionEnd = m_zoom->selectionEnd();
    f.areaTracks = m_areaTracks;
    f.cursorX = m_cursorX;
    f.showAllFlows = m_showAllFlows;
    f.idleGaps = m_showIdleGaps;
    f.markers = &m_markers->markers();
    f.selectedMarker = m_markers->selected();
    return f;
}

const TimelineGeometry &TimelineView::geometry()
{
    if (!m_geometryValid) {
        const TimelineFrame f = currentFrame();
        m_geometry = m_model ? buildGeometry(geometryRequest(f)) : TimelineGeometry{};
        m_geometryValid = true;
        m_flowArrowsValid = false;
    }
    return m_geometry;
}

void TimelineView::paintEvent(QPaintEvent *)
{
    pinStreamsBelowFirstScreen(); // a view shown after its model came, or resized before it was shown
    QElapsedTimer timer;
    timer.start();
    const TimelineGeometry &g = geometry();
    TimelineFrame f = currentFrame();
    f.geometry = m_model ? &g : nullptr;
    f.labels = &m_labels;
    if (m_showAllFlows && m_model) {
        if (!m_flowArrowsValid) {
            m_flowArrows = collectFlowArrows(f);
            m_flowArrowsValid = true;
        }
        f.allFlows = &m_flowArrows;
    }
    QPainter painter(viewport());
    paintTimeline(painter, f);
    if (m_showCollectiveWait)
        m_collectiveWaits.paint(painter, f, m_palette.dark);
    paintHighlights(painter, f);
    m_pathOverlay.paint(painter, f, m_palette.dark);
    if (!m_placeholder.isEmpty()) {
        painter.setPen(f.palette.text);
        painter.drawText(f.rowsArea(), Qt::AlignCenter | Qt::TextWordWrap, m_placeholder);
    }
    const qint64 elapsed = timer.nsecsElapsed();
    qCDebug(frameTimeLog) << "frame painted in" << elapsed / 1000 << "us";
    emit painted(elapsed);
}

void TimelineView::setPlaceholderText(const QString &text)
{
    m_placeholder = text;
    viewport()->update();
}

void TimelineView::setHighlighted(std::vector<EventRef> events)
{
    if (m_model)
        m_highlights.set(m_model->trace(), std::move(events));
    else
        m_highlights.clear();
    viewport()->update();
}

void TimelineView::setCriticalPath(const CriticalPath *path)
{
    if (m_model && path)
        m_pathOverlay.set(m_model->trace(), *path);
    else
        m_pathOverlay.clear();
    viewport()->update();
}

void TimelineView::setCollectiveWaits(const CollectiveAnalysis *analysis)
{
    if (m_model && analysis)
        m_collectiveWaits.set(m_model->trace(), *analysis);
    else
        m_collectiveWaits.clear();
    viewport()->update();
}

void TimelineView::setShowCollectiveWait(bool on)
{
    m_showCollectiveWait = on;
    viewport()->update();
}

// An overlay like the selection: it never touches the cached draw list.
void TimelineView::paintHighlights(QPainter &painter, const TimelineFrame &frame) const
{
    if (m_highlights.empty() || !m_model)
        return;
    const QRect area = frame.rowsArea();
    painter.save();
    painter.setClipRect(area);
    painter.translate(area.topLeft());
    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(m_palette.dark ? QColor(255, 214, 10) : QColor(214, 40, 160), 2));
    const QRectF visible(0, 0, area.width(), area.height());
    for (const HighlightSet::Item &item : m_highlights.candidatesIn(m_zoom->rangeStart(), m_zoom->rangeEnd())) {
        if (item.end < m_zoom->rangeStart())
            continue;
        const auto rect = frame.eventRect(item.ref);
        if (rect && rect->intersects(visible))
            painter.drawRect(rect->adjusted(-1, -1, 1, 1));
    }
    painter.restore();
}

void TimelineView::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    updateScrollBars();
    invalidate();
    pinStreamsBelowFirstScreen();
}

void TimelineView::scrollContentsBy(int, int)
{
    QToolTip::hideText(); // it described the row under the mouse before the scroll
    invalidate();
}

void TimelineView::updateScrollBars()
{
    const int visible = viewport()->height() - kRulerHeight;
    const int total = m_model ? rows().totalHeight : 0;
    verticalScrollBar()->setRange(0, std::max(0, total - visible));
    verticalScrollBar()->setPageStep(std::max(1, visible));
    verticalScrollBar()->setSingleStep(20);
    syncHorizontalScrollBar();
}

// The horizontal bar shows where the visible range sits in the trace, in units
// coarse enough for an int.
void TimelineView::syncHorizontalScrollBar()
{
    const TimeNs span = m_zoom->traceEnd() - m_zoom->traceStart();
    m_scrollUnit = std::max<TimeNs>(1, span / 1'000'000);
    const TimeNs hidden = std::max<TimeNs>(0, span - m_zoom->rangeLength());
    m_syncingScrollBar = true;
    horizontalScrollBar()->setRange(0, int(hidden / m_scrollUnit));
    horizontalScrollBar()->setPageStep(int(std::max<TimeNs>(1, m_zoom->rangeLength() / m_scrollUnit)));
    horizontalScrollBar()->setSingleStep(std::max(1, horizontalScrollBar()->pageStep() / 10));
    horizontalScrollBar()->setValue(int((m_zoom->rangeStart() - m_zoom->traceStart()) / m_scrollUnit));
    m_syncingScrollBar = false;
}

std::optional<QRect> TimelineView::eventRectInViewport(EventRef ref)
{
    TimelineFrame f = currentFrame();
    const auto rect = f.eventRect(ref);
    if (!rect)
        return std::nullopt;
    const QRect r = rect->toAlignedRect().translated(kGutterWidth, kRulerHeight);
    const QRect visible = f.rowsArea();
    if (!visible.intersects(r))
        return std::nullopt;
    return r.intersected(visible);
}

} // namespace tracelane
