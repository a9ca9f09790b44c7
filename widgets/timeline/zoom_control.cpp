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

TimeNs ZoomControl::overhang(TimeNs length) const
{
    return std::min(length / 50, (m_traceEnd - m_traceStart) / 100);
}

// Zooming out stops at the whole trace with its margins (what fitAll shows).
TimeNs ZoomControl::maximumRange() const
{
    const TimeNs span = m_traceEnd - m_traceStart;
    return std::max<TimeNs>(kMinimumRange, span + 2 * (span / 100));
}

void ZoomControl::setRange(TimeNs start, TimeNs end)
{
    if (start > end)
        std::swap(start, end);
    const TimeNs length = std::clamp(end - start, kMinimumRange, maximumRange());
    // Pans stop at the trace's ends: past them only the margin shows, less than
    // a tick step, so the ruler never counts back before the trace start.
    const TimeNs margin = overhang(length);
    const TimeNs lowest = m_traceStart - margin, highest = m_traceEnd + margin - length;
    start = lowest <= highest ? std::clamp(start, lowest, highest)
                              : m_traceStart + (m_traceEnd - m_traceStart - length) / 2; // a trace shorter than the minimum range
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
