// TimelineView: adding markers (M), picking one by its flag in the ruler, and
// bringing one into view.
#include "timeline/marker_painting.h"
#include "timeline/marker_set.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"

namespace tracelane {

int TimelineView::addMarkerHere()
{
    if (!m_model || m_model->trace().isEmpty())
        return -1;
    Marker marker;
    bool onEvent = false;
    // The selected event first, as Perfetto marks the selected area; once it is
    // marked, M marks the time under the mouse, so a second M is not a duplicate.
    if (m_selected.isValid()) {
        const Event &e = m_model->trace().event(m_selected);
        const std::optional<TimeNs> end = e.duration > 0 ? std::optional<TimeNs>(e.end()) : std::nullopt;
        if (m_markers->find(e.start, end) < 0) {
            marker.time = e.start;
            marker.end = end;
            onEvent = true;
            const std::string_view name = m_model->trace().name(m_selected);
            marker.name = QString::fromUtf8(name.data(), qsizetype(name.size()));
        }
    }
    if (!onEvent)
        marker.time = m_cursorX >= 0 ? axis().timeAt(m_cursorX) : m_zoom->rangeStart() + m_zoom->rangeLength() / 2;
    const int index = m_markers->add(std::move(marker));
    m_markers->select(index);
    return index;
}

void TimelineView::showMarker(int index)
{
    if (index < 0 || index >= m_markers->size())
        return;
    const Marker &m = m_markers->at(index);
    const TimeNs end = m.end.value_or(m.time);
    if (end - m.time > m_zoom->rangeLength()) {
        m_zoom->fit(m.time, end, 0.1);
        return;
    }
    const TimeNs centre = m.time + (end - m.time) / 2;
    m_zoom->setRange(centre - m_zoom->rangeLength() / 2, centre - m_zoom->rangeLength() / 2 + m_zoom->rangeLength());
}

bool TimelineView::handleMarkerClick(QPoint pos)
{
    if (!m_model || pos.y() >= kRulerHeight || pos.x() < kGutterWidth)
        return false;
    const int index = markerFlagAt(currentFrame(), pos);
    if (index < 0)
        return false;
    m_markers->select(index);
    return true;
}

} // namespace tracelane
