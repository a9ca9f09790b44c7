#include "timeline/zoom_control.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace tracelane {

ZoomControl::ZoomControl(QObject *parent)
    : QObject(parent)
{
}

void ZoomControl::setTraceRange(TimeNs start, TimeNs end)
{
    if (start > end)
        std::swap(start, end);
    m_traceStart = start;
    m_traceEnd = end;
    clearSelection();
    fitAll();
}

// Zooming out stops a little beyond the whole trace, so its ends stay visible.
TimeNs ZoomControl::maximumRange() const
{
    const TimeNs span = m_traceEnd - m_traceStart;
    return std::max<TimeNs>(kMinimumRange, span + span / 5);
}

void ZoomControl::setRange(TimeNs start, TimeNs end)
{
    if (start > end)
        std::swap(start, end);
    const TimeNs length = std::clamp(end - start, kMinimumRange, maximumRange());
    // Keep the trace in view: the centre may leave it by a tenth of its span at most.
    const TimeNs slack = (m_traceEnd - m_traceStart) / 10;
    const TimeNs centre = std::clamp(start + (end - start) / 2, m_traceStart - slack, m_traceEnd + slack);
    start = centre - length / 2;
    end = start + length;
    if (start == m_rangeStart && end == m_rangeEnd)
        return;
    m_rangeStart = start;
    m_rangeEnd = end;
    emit rangeChanged(m_rangeStart, m_rangeEnd);
}

void ZoomControl::zoomAround(TimeNs anchor, double factor)
{
    if (!(factor > 0.0))
        return;
    const double length = double(rangeLength());
    const double newLength = std::clamp(length * factor, double(kMinimumRange), double(maximumRange()));
    // The anchor keeps its fraction of the window.
    const double fraction = length > 0 ? double(anchor - m_rangeStart) / length : 0.5;
    const TimeNs start = anchor - TimeNs(std::llround(fraction * newLength));
    setRange(start, start + TimeNs(std::llround(newLength)));
}

void ZoomControl::pan(TimeNs delta)
{
    setRange(m_rangeStart + delta, m_rangeEnd + delta);
}

void ZoomControl::fitAll()
{
    const TimeNs span = m_traceEnd - m_traceStart;
    const TimeNs margin = span / 100;
    setRange(m_traceStart - margin, m_traceEnd + margin);
}

void ZoomControl::fit(TimeNs start, TimeNs end, double margin)
{
    if (start > end)
        std::swap(start, end);
    const TimeNs pad = TimeNs(double(end - start) * margin);
    setRange(start - pad, end + pad);
}

void ZoomControl::setSelection(TimeNs start, TimeNs end)
{
    if (start > end)
        std::swap(start, end);
    if (m_hasSelection && start == m_selectionStart && end == m_selectionEnd)
        return;
    m_selectionStart = start;
    m_selectionEnd = end;
    m_hasSelection = true;
    emit selectionChanged();
}

void ZoomControl::clearSelection()
{
    if (!m_hasSelection)
        return;
    m_hasSelection = false;
    emit selectionChanged();
}

bool ZoomControl::zoomToSelection()
{
    if (!m_hasSelection)
        return false;
    setRange(m_selectionStart, m_selectionEnd);
    return true;
}

} // namespace tracelane
