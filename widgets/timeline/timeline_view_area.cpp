// TimelineView: the area selection. A Shift+drag selects a time range on the
// lanes between the press and the release row (one lane when both are in the
// same row); a drag in the ruler selects a time range over all lanes, as in
// Perfetto. The time lives in the ZoomControl's selection, the lanes here.
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"

#include <QScrollBar>

#include <algorithm>

namespace tracelane {
namespace {

// The row at content height y, or the nearest one above it (a gap between
// tracks belongs to the track above); the first or last row beyond the ends.
int rowNear(const LayoutRows &rows, int y)
{
    if (rows.spans.empty())
        return -1;
    auto it = std::upper_bound(rows.spans.begin(), rows.spans.end(), y,
                               [](int value, const RowSpan &row) { return value < row.top; });
    return it == rows.spans.begin() ? 0 : int(it - rows.spans.begin()) - 1;
}

// Every shown track at or under `node`.
void collectTracks(const TrackLayout &layout, int node, std::vector<std::uint32_t> &out)
{
    const TrackNode &n = layout.node(node);
    if (!n.visible)
        return;
    if (n.track >= 0)
        out.push_back(std::uint32_t(n.track));
    for (int child : layout.childrenOf(node))
        collectTracks(layout, child, out);
}

} // namespace

std::vector<std::uint32_t> TimelineView::tracksBetween(int contentYA, int contentYB)
{
    std::vector<std::uint32_t> tracks;
    if (!m_model)
        return tracks;
    const LayoutRows &r = rows();
    const int a = rowNear(r, std::min(contentYA, contentYB)), b = rowNear(r, std::max(contentYA, contentYB));
    if (a < 0)
        return tracks;
    const TrackLayout &layout = m_model->layout();
    for (int i = a; i <= b; ++i) {
        const LayoutRow &row = r.rows[std::size_t(i)];
        // An expanded group's title stands for nothing: its lanes follow as rows
        // of their own. A collapsed one stands for all the lanes inside it.
        if (!row.isGroup)
            tracks.push_back(std::uint32_t(row.track));
        else if (!layout.node(row.node).expanded || a == b)
            collectTracks(layout, row.node, tracks);
    }
    std::sort(tracks.begin(), tracks.end());
    tracks.erase(std::unique(tracks.begin(), tracks.end()), tracks.end());
    return tracks;
}

void TimelineView::updateAreaDrag(QPoint pos)
{
    m_zoom->setSelection(m_pressTime, timeAtViewportX(pos.x()));
    m_areaTracks = m_areaAllLanes
        ? std::vector<std::uint32_t>{}
        : tracksBetween(m_pressContentY, rows().contentY(pos.y() - kRulerHeight, verticalScrollBar()->value()));
    viewport()->update();
}

void TimelineView::finishAreaSelection()
{
    // Kept inside the trace, so `tracelane-cli window` can be given the same window.
    const TimeNs from = std::max(m_zoom->selectionStart(), m_zoom->traceStart());
    const TimeNs to = std::min(m_zoom->selectionEnd(), m_zoom->traceEnd());
    if (to <= from) {
        m_zoom->clearSelection();
        return;
    }
    selectArea(from, to, m_areaTracks);
}

void TimelineView::selectArea(TimeNs from, TimeNs to, std::vector<std::uint32_t> tracks)
{
    if (!m_model || to <= from)
        return;
    const std::size_t trackCount = m_model->trace().tracks.size();
    std::erase_if(tracks, [trackCount](std::uint32_t t) { return t >= trackCount; });
    m_zoom->setSelection(from, to);
    m_areaTracks = std::move(tracks);
    viewport()->update();
    emit areaSelected(from, to, m_areaTracks);
}

void TimelineView::onTimeSelectionChanged()
{
    if (!m_zoom->hasSelection() && !m_areaTracks.empty()) {
        m_areaTracks.clear();
        viewport()->update();
    }
    if (!m_zoom->hasSelection())
        emit areaCleared();
}

} // namespace tracelane
