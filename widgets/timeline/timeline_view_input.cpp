// TimelineView: mouse, wheel and keys (the bindings listed in Help > Keyboard
// Shortcuts), hover tooltips, and selecting / revealing events.
#include "timeline/counter_lane_text.h"
#include "timeline/efficiency_lane_text.h"
#include "time_format.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"
#include "timeline/track_grouping.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>

#include <cmath>

namespace tracelane {
namespace {

constexpr double kZoomStep = 0.7;   // W / S and one wheel notch (0.8)
constexpr double kPanFraction = 0.15; // A / D
constexpr double kWheelPanFraction = 0.1; // one notch of Shift+wheel or a sideways wheel
constexpr int kDragThreshold = 3;

QString nameOf(const Trace &trace, EventRef ref)
{
    const std::string_view v = trace.name(ref);
    return QString::fromUtf8(v.data(), qsizetype(v.size()));
}

} // namespace

bool TimelineView::inTimeArea(QPoint pos) const
{
    return pos.x() >= kGutterWidth && pos.y() >= 0;
}

TimeNs TimelineView::timeAtViewportX(int x) const
{
    return axis().timeAt(x - kGutterWidth);
}

// W / S zoom around the mouse when it is over the timeline, else the centre.
TimeNs TimelineView::zoomAnchor() const
{
    if (m_cursorX >= 0)
        return axis().timeAt(m_cursorX);
    return m_zoom->rangeStart() + m_zoom->rangeLength() / 2;
}

void TimelineView::selectEvent(EventRef ref, bool revealIt)
{
    if (ref.isValid() && (!m_model || ref.track >= m_model->trace().tracks.size()
                          || ref.index >= m_model->trace().tracks[ref.track].events.size()))
        ref = {};
    m_selected = ref;
    m_partners.clear();
    if (ref.isValid()) {
        for (const Flow &flow : m_model->trace().flowsFrom(ref))
            m_partners.push_back(flow.to);
        for (const Flow *flow : m_model->trace().flowsTo(ref))
            m_partners.push_back(flow->from);
        if (revealIt)
            reveal(ref);
    }
    viewport()->update();
    emit eventSelected(ref);
}

void TimelineView::clearSelection()
{
    m_zoom->clearSelection();
    if (m_selected.isValid())
        selectEvent({});
}

void TimelineView::reveal(EventRef ref)
{
    TrackLayout &layout = m_model->layout();
    bool edited = false;
    for (int node = layout.nodeOfTrack(std::int32_t(ref.track)); node >= 0; node = layout.node(node).parent) {
        if (!layout.node(node).visible || (layout.node(node).isGroup && !layout.node(node).expanded)) {
            layout.setVisible(node, true);
            layout.setExpanded(node, true);
            edited = true;
        }
    }
    const int trackNode = layout.nodeOfTrack(std::int32_t(ref.track));
    if (layout.pythonFramesHidden() && m_model->shownDepth(ref, true) < 0) {
        layout.setPythonFramesHidden(false); // the event is a hidden Python frame
        emit pythonFramesHiddenChanged(false);
        edited = true;
    }
    if (trackNode >= 0 && m_model->shownDepth(ref, layout.pythonFramesHidden()) >= kLaneRowLimit) {
        layout.setAllRows(trackNode, true); // below a folded deep lane's last row
        edited = true;
    }
    if (edited) {
        arrangementChanged();
        emit arrangementEdited();
    }
    const Event &e = m_model->trace().event(ref);
    if (e.duration > m_zoom->rangeLength())
        m_zoom->fit(e.start, e.end());
    else if (e.start < m_zoom->rangeStart() || e.end() > m_zoom->rangeEnd()) {
        const TimeNs centre = e.start + e.duration / 2;
        m_zoom->setRange(centre - m_zoom->rangeLength() / 2, centre + m_zoom->rangeLength() / 2);
    }
    const int rowIndex = rows().rowOfTrack[ref.track];
    if (rowIndex >= 0 && !m_rows.rows[std::size_t(rowIndex)].pinned) {
        const LayoutRow &row = m_rows.rows[std::size_t(rowIndex)];
        const int depth = row.isGroup ? 0 : std::max(0, m_model->shownDepth(ref, m_rows.pythonHidden));
        const int y = row.span.top + depth * RowMetrics{}.rowHeight;
        const int visible = viewport()->height() - kRulerHeight;
        const int scroll = verticalScrollBar()->value();
        if (y < scroll + m_rows.pinnedHeight || y + RowMetrics{}.rowHeight > scroll + visible)
            verticalScrollBar()->setValue(y - m_rows.pinnedHeight - (visible - m_rows.pinnedHeight) / 3);
    }
}

bool TimelineView::handleGutterClick(QPoint pos)
{
    if (!m_model || pos.x() >= kGutterWidth || pos.y() < kRulerHeight)
        return false;
    const int index = rowIndexAt(pos);
    if (index < 0)
        return false;
    const LayoutRow &row = m_rows.rows[std::size_t(index)];
    if (!row.isGroup) {
        // A deep lane's handle on its last shown row: show every row, or fold back.
        const auto handle = row.track >= 0 ? expandHandleInViewport(std::uint32_t(row.track)) : std::nullopt;
        if (!handle || !handle->contains(pos))
            return false;
        setLaneExpanded(std::uint32_t(row.track), row.levels < row.allLevels);
        return true;
    }
    const int node = row.node;
    m_model->layout().setExpanded(node, !m_model->layout().node(node).expanded);
    arrangementChanged();
    emit arrangementEdited();
    return true;
}

void TimelineView::mousePressEvent(QMouseEvent *event)
{
    const QPoint pos = event->position().toPoint();
    if (event->button() != Qt::LeftButton || handleGutterClick(pos) || handleMarkerClick(pos))
        return;
    m_pressPos = pos;
    m_pressTime = timeAtViewportX(pos.x());
    m_pressRangeStart = m_zoom->rangeStart();
    m_pressScroll = verticalScrollBar()->value();
    m_pressContentY = rows().contentY(pos.y() - kRulerHeight, m_pressScroll);
    // A drag in the ruler selects time over all lanes; Shift+drag an area.
    m_areaAllLanes = pos.y() < kRulerHeight && inTimeArea(pos);
    m_drag = (event->modifiers() & Qt::ShiftModifier) || m_areaAllLanes ? Drag::Select : Drag::Pending;
    if (m_drag == Drag::Select)
        updateAreaDrag(pos);
}

void TimelineView::mouseMoveEvent(QMouseEvent *event)
{
    const QPoint pos = event->position().toPoint();
    const bool inside = inTimeArea(pos);
    m_mouseOver = true;
    m_cursorX = inside ? pos.x() - kGutterWidth : -1;
    emit cursorMoved(timeAtViewportX(pos.x()), inside);
    if (m_drag == Drag::Pending && (pos - m_pressPos).manhattanLength() > kDragThreshold)
        m_drag = Drag::Pan;
    if (m_drag == Drag::Pan) {
        const TimeNs delta = TimeNs(std::llround((pos.x() - m_pressPos.x()) * axis().nsPerPixel()));
        m_zoom->setRange(m_pressRangeStart - delta, m_pressRangeStart - delta + m_zoom->rangeLength());
        verticalScrollBar()->setValue(m_pressScroll - (pos.y() - m_pressPos.y()));
    } else if (m_drag == Drag::Select) {
        updateAreaDrag(pos);
    }
    viewport()->update();
}

void TimelineView::mouseReleaseEvent(QMouseEvent *event)
{
    const QPoint pos = event->position().toPoint();
    if (m_drag == Drag::Pending && inTimeArea(pos) && pos.y() >= kRulerHeight) {
        const QPoint at = pos - QPoint(kGutterWidth, kRulerHeight);
        auto item = geometry().itemAt(at);
        if (item && item->lane == LaneKind::QueueDepth)
            item.reset(); // a queue bar is no event
        const bool isEvent = item.has_value();
        if (!isEvent)
            item = geometry().shadeAt(at);
        if (item && item->count > 1) // a merged run: zoom into it around the click, until its parts come apart
            zoomIntoRun(*item, pos.x() - kGutterWidth);
        else if (isEvent)
            selectEvent(EventRef{item->track, item->event});
        else
            selectEvent({});
    } else if (m_drag == Drag::Select && m_zoom->selectionStart() == m_zoom->selectionEnd()) {
        m_zoom->clearSelection();
    } else if (m_drag == Drag::Select) {
        finishAreaSelection();
    }
    m_drag = Drag::None;
}

// A run of touching sub-pixel events can span the whole view, so fitting the
// run would not help: show the part of it within kRunZoomPixels of the click.
void TimelineView::zoomIntoRun(const DrawItem &item, int x)
{
    constexpr double kRunZoomPixels = 20.0;
    const TimeAxis a = axis();
    const TimeNs from = std::max(item.start, a.timeAt(x - kRunZoomPixels));
    const TimeNs to = std::min(item.end, a.timeAt(x + kRunZoomPixels));
    m_zoom->fit(from, to, 0.1);
}

void TimelineView::mouseDoubleClickEvent(QMouseEvent *event)
{
    const QPoint pos = event->position().toPoint();
    if (!inTimeArea(pos) || m_zoom->zoomToSelection())
        return;
    const auto item = geometry().itemAt(pos - QPoint(kGutterWidth, kRulerHeight));
    if (item)
        m_zoom->fit(item->start, item->end, 0.1);
}

// The wheel zooms around the mouse. Shift+wheel and a sideways wheel (touchpads)
// pan in time, as in Perfetto and Nsight; over the gutter, or with Alt, the
// wheel scrolls the tracks.
void TimelineView::wheelEvent(QWheelEvent *event)
{
    const QPoint pos = event->position().toPoint();
    const QPoint angle = event->angleDelta();
    event->accept();
    if (!inTimeArea(pos) || (event->modifiers() & Qt::AltModifier)) {
        const int delta = angle.y() ? angle.y() : angle.x();
        verticalScrollBar()->setValue(verticalScrollBar()->value() - delta / 2);
        return;
    }
    const bool sideways = std::abs(angle.x()) > std::abs(angle.y());
    if ((event->modifiers() & Qt::ShiftModifier) || sideways) {
        // Some platforms turn Shift+wheel into a sideways wheel already.
        const double notches = (sideways ? angle.x() : angle.y()) / 120.0;
        m_zoom->pan(TimeNs(std::llround(-notches * kWheelPanFraction * double(m_zoom->rangeLength()))));
        return;
    }
    const double notches = angle.y() / 120.0;
    if (notches != 0.0)
        m_zoom->zoomAround(timeAtViewportX(pos.x()), std::pow(0.8, notches));
}

void TimelineView::keyPressEvent(QKeyEvent *event)
{
    if (handleViewKey(event->key()))
        event->accept();
    else
        QAbstractScrollArea::keyPressEvent(event);
}

bool TimelineView::handleViewKey(int key)
{
    const TimeNs length = m_zoom->rangeLength();
    const TimeNs panStep = std::max<TimeNs>(1, TimeNs(double(length) * kPanFraction));
    switch (key) {
    case Qt::Key_W:
    case Qt::Key_Plus:
    case Qt::Key_Equal: m_zoom->zoomAround(zoomAnchor(), kZoomStep); break;
    case Qt::Key_S:
    case Qt::Key_Minus: m_zoom->zoomAround(zoomAnchor(), 1.0 / kZoomStep); break;
    case Qt::Key_A: m_zoom->pan(-panStep); break;
    case Qt::Key_D: m_zoom->pan(panStep); break;
    case Qt::Key_Z: m_zoom->zoomToSelection(); break;
    case Qt::Key_F:
        if (m_selected.isValid()) {
            const Event &e = m_model->trace().event(m_selected);
            m_zoom->fit(e.start, e.end(), 0.1);
        } else {
            m_zoom->zoomToSelection();
        }
        break;
    case Qt::Key_Home: m_zoom->fitAll(); break;
    case Qt::Key_End: {
        // The same zoom, moved so that the trace's end sits just inside the view.
        const TimeNs end = m_zoom->traceEnd() + length / 50;
        m_zoom->setRange(end - length, end);
        break;
    }
    case Qt::Key_M: addMarkerHere(); break;
    case Qt::Key_Escape: clearSelection(); break;
    case Qt::Key_Up: verticalScrollBar()->triggerAction(QAbstractSlider::SliderSingleStepSub); break;
    case Qt::Key_Down: verticalScrollBar()->triggerAction(QAbstractSlider::SliderSingleStepAdd); break;
    default: return false;
    }
    return true;
}

void TimelineView::leaveEvent(QEvent *event)
{
    m_cursorX = -1;
    m_mouseOver = false;
    emit cursorMoved(0, false);
    viewport()->update();
    QAbstractScrollArea::leaveEvent(event);
}

// With shading on, a GPU stream's title explains the colours.
QString TimelineView::gutterToolTip(QPoint pos)
{
    if (!m_showIdleGaps)
        return {};
    const LayoutRows &r = rows();
    const int index = rowIndexAt(pos);
    if (index < 0)
        return {};
    const LayoutRow &row = r.rows[std::size_t(index)];
    if (row.isGroup || row.lane != LaneKind::Events || !m_model->efficiency().gaps(std::uint32_t(row.track)))
        return {};
    return EfficiencyLaneText::shadingLegend();
}

QString TimelineView::toolTipAt(QPoint pos)
{
    if (!m_model || pos.y() < kRulerHeight)
        return {};
    if (!inTimeArea(pos))
        return gutterToolTip(pos);
    const QPoint at = pos - QPoint(kGutterWidth, kRulerHeight);
    const Trace &trace = m_model->trace();
    // A queue lane answers anywhere, bar or not: the depth at the pointer's time.
    const LayoutRows &r = rows();
    const int index = rowIndexAt(pos);
    if (index >= 0 && r.rows[std::size_t(index)].lane == LaneKind::QueueDepth) {
        const auto track = std::uint32_t(r.rows[std::size_t(index)].track);
        const StreamQueue *queue = m_model->efficiency().queue(track);
        const TimeAxis a = axis();
        return queue ? EfficiencyLaneText::queueToolTip(trace, *queue, track, a.timeAt(at.x()), a.timeAt(at.x() + 1))
                     : QString();
    }
    // So does a counter lane: its value at the pointer's time.
    if (index >= 0 && r.rows[std::size_t(index)].lane == LaneKind::Counter && r.rows[std::size_t(index)].track >= 0) {
        const auto track = std::uint32_t(r.rows[std::size_t(index)].track);
        const TimeAxis a = axis();
        return CounterLaneText::toolTip(trace, m_model->counterSamples(track), track, a.timeAt(at.x()),
                                        a.timeAt(at.x() + 1));
    }
    const auto item = geometry().itemAt(at);
    // A gap under the pointer wins over an event that is merely near it.
    const auto shade = geometry().shadeAt(at);
    if (shade && (!item || at.x() < item->rect.left() || at.x() > item->rect.right())) {
        const StreamGaps *gaps = m_model->efficiency().gaps(shade->track);
        return gaps ? EfficiencyLaneText::gapToolTip(trace, *gaps, *shade) : QString();
    }
    if (!item)
        return {};
    if (item->count > 1)
        return tr("%1 events too small to show\n%2 – %3\nClick to zoom in")
            .arg(item->count)
            .arg(TimeFormat::offset(item->start - trace.startNs, 1), TimeFormat::offset(item->end - trace.startNs, 1));
    const EventRef ref{item->track, item->event};
    const Event &e = trace.event(ref);
    return tr("%1\n%2 at %3\n%4")
        .arg(nameOf(trace, ref), TimeFormat::duration(e.duration), TimeFormat::offset(e.start - trace.startNs, 1),
             TrackGrouping::trackPath(trace, ref.track));
}

bool TimelineView::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::Enter)
        m_mouseOver = true;
    else if (event->type() == QEvent::Leave)
        m_mouseOver = false;
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, viewport());
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

} // namespace tracelane
