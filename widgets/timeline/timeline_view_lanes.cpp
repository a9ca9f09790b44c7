// TimelineView: deep lanes (expand handle), pinning to the top and hiding
// Python frames, from the gutter's context menu, the handle or the API.
#include "timeline/timeline_model.h"
#include "timeline/track_grouping.h"
#include "timeline/timeline_view.h"

#include <QContextMenuEvent>
#include <QMenu>
#include <QScrollBar>

namespace tracelane {

int TimelineView::rowIndexAt(QPoint pos)
{
    if (!m_model || pos.y() < kRulerHeight)
        return -1;
    const LayoutRows &r = rows();
    return rowAt(r.spans, r.contentY(pos.y() - kRulerHeight, verticalScrollBar()->value()));
}

// The scrolled row under the mouse, else the first one under the pinned band:
// the row an arrangement change should leave where it is on screen.
TimelineView::ScrollAnchor TimelineView::scrollAnchor()
{
    const LayoutRows &r = rows();
    const int scroll = verticalScrollBar()->value();
    const QPoint mouse = viewport()->mapFromGlobal(QCursor::pos());
    int index = viewport()->rect().contains(mouse) ? rowIndexAt(mouse) : -1;
    if (index < 0 || r.rows[std::size_t(index)].pinned)
        index = rowAt(r.spans, r.pinnedHeight + scroll);
    if (index < 0)
        return {};
    const LayoutRow &row = r.rows[std::size_t(index)];
    return ScrollAnchor{row.node, r.screenY(row.span.top, scroll)};
}

void TimelineView::applyLayoutChange(ScrollAnchor anchor)
{
    arrangementChanged();
    emit arrangementEdited();
    if (anchor.node < 0)
        return;
    const LayoutRows &r = rows();
    for (const LayoutRow &row : r.rows) {
        if (row.node == anchor.node && !row.pinned) {
            verticalScrollBar()->setValue(row.span.top - anchor.screenTop);
            break;
        }
    }
}

void TimelineView::pinStreamsBelowFirstScreen()
{
    // A view squeezed while the window is laid out is no first screen.
    constexpr int kSmallestRowsArea = 120;
    const int rowsArea = viewport()->height() - kRulerHeight;
    if (!m_model || m_firstScreenChecked || !isVisible() || rowsArea < kSmallestRowsArea)
        return;
    m_firstScreenChecked = true;
    if (TrackGrouping::pinGpuStreamsBelow(m_model->layout(), m_model->trace(), rowsArea))
        applyLayoutChange({});
}

void TimelineView::setTrackPinned(std::uint32_t track, bool pinned)
{
    const int node = m_model ? m_model->layout().nodeOfTrack(std::int32_t(track)) : -1;
    if (node < 0 || m_model->layout().node(node).pinned == pinned)
        return;
    const ScrollAnchor anchor = scrollAnchor();
    m_model->layout().setPinned(node, pinned);
    applyLayoutChange(anchor.node == node ? ScrollAnchor{} : anchor);
}

bool TimelineView::isTrackPinned(std::uint32_t track) const
{
    const int node = m_model ? m_model->layout().nodeOfTrack(std::int32_t(track)) : -1;
    return node >= 0 && m_model->layout().node(node).pinned;
}

void TimelineView::setLaneExpanded(std::uint32_t track, bool all)
{
    const int node = m_model ? m_model->layout().nodeOfTrack(std::int32_t(track)) : -1;
    if (node < 0 || m_model->layout().node(node).allRows == all)
        return;
    const ScrollAnchor anchor = scrollAnchor();
    m_model->layout().setAllRows(node, all);
    applyLayoutChange(anchor);
}

bool TimelineView::isLaneExpanded(std::uint32_t track) const
{
    const int node = m_model ? m_model->layout().nodeOfTrack(std::int32_t(track)) : -1;
    return node >= 0 && m_model->layout().node(node).allRows;
}

void TimelineView::setPythonFramesHidden(bool hidden)
{
    if (!m_model || m_model->layout().pythonFramesHidden() == hidden)
        return;
    const ScrollAnchor anchor = scrollAnchor();
    m_model->layout().setPythonFramesHidden(hidden);
    if (hidden && m_selected.isValid() && m_model->shownDepth(m_selected, true) < 0)
        selectEvent({}); // a hidden frame cannot stay selected
    applyLayoutChange(anchor);
    emit pythonFramesHiddenChanged(hidden);
}

bool TimelineView::pythonFramesHidden() const
{
    return m_model && m_model->layout().pythonFramesHidden();
}

std::optional<QRect> TimelineView::expandHandleInViewport(std::uint32_t track)
{
    const LayoutRows &r = rows();
    if (track >= r.rowOfTrack.size() || r.rowOfTrack[track] < 0)
        return std::nullopt;
    const LayoutRow &row = r.rows[std::size_t(r.rowOfTrack[track])];
    if (row.track != std::int32_t(track))
        return std::nullopt; // inside a collapsed group
    const TimelineFrame f = currentFrame();
    const auto handle = f.expandHandle(row);
    if (!handle)
        return std::nullopt;
    const QRect rect = handle->translated(0, kRulerHeight);
    const int clipTop = kRulerHeight + (row.pinned ? 0 : r.pinnedHeight);
    if (rect.top() < clipTop || rect.bottom() >= viewport()->height())
        return std::nullopt;
    return rect;
}

void TimelineView::contextMenuEvent(QContextMenuEvent *event)
{
    const QPoint pos = event->pos(); // QAbstractScrollArea hands on the viewport's event
    const int index = pos.x() < kGutterWidth ? rowIndexAt(pos) : -1;
    if (!m_model || index < 0) {
        QAbstractScrollArea::contextMenuEvent(event);
        return;
    }
    const LayoutRow row = m_rows.rows[std::size_t(index)];
    QMenu menu(this);
    if (!row.isGroup && row.lane == LaneKind::Events && row.track >= 0) {
        const auto track = std::uint32_t(row.track);
        menu.addAction(row.pinned ? tr("Unpin") : tr("Pin to Top"), this,
                       [this, track, pinned = row.pinned] { setTrackPinned(track, !pinned); });
        if (row.isDeep()) {
            const bool all = row.levels == row.allLevels;
            menu.addAction(all ? tr("Show First %1 Rows").arg(kLaneRowLimit) : tr("Show All %1 Rows").arg(row.allLevels),
                           this, [this, track, all] { setLaneExpanded(track, !all); });
        }
    }
    if (m_model->operatorDepths().anyPythonFrames()) {
        QAction *hide = menu.addAction(tr("Hide Python Frames"));
        hide->setCheckable(true);
        hide->setChecked(pythonFramesHidden());
        connect(hide, &QAction::toggled, this, &TimelineView::setPythonFramesHidden);
    }
    if (!menu.isEmpty())
        menu.exec(event->globalPos());
}

} // namespace tracelane
