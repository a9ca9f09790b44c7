#pragma once
// View state of a timeline: the trace's span, the visible range inside it and
// an optional time selection. Bad arguments are repaired (swapped, widened to
// the minimum length, moved back inside the trace), never rejected: every
// pan, zoom and jump passes setRange, which keeps the range within the trace
// and a small margin.

#include "model/time_units.h"

#include <QObject>

namespace tracelane {

class ZoomControl : public QObject
{
    Q_OBJECT

public:
    // Below this the ruler runs out of digits and boxes cannot get wider anyway.
    static constexpr TimeNs kMinimumRange = 50;

    explicit ZoomControl(QObject *parent = nullptr);

    void setTraceRange(TimeNs start, TimeNs end); // also shows all of it
    TimeNs traceStart() const { return m_traceStart; }
    TimeNs traceEnd() const { return m_traceEnd; }

    TimeNs rangeStart() const { return m_rangeStart; }
    TimeNs rangeEnd() const { return m_rangeEnd; }
    TimeNs rangeLength() const { return m_rangeEnd - m_rangeStart; }
    void setRange(TimeNs start, TimeNs end);
    // factor < 1 zooms in; `anchor` stays at the same place on screen.
    void zoomAround(TimeNs anchor, double factor);
    void pan(TimeNs delta);
    void fitAll();
    // Shows [start, end] with a margin of `margin` times its length on each side.
    void fit(TimeNs start, TimeNs end, double margin = 0.05);

    bool hasSelection() const { return m_hasSelection; }
    TimeNs selectionStart() const { return m_selectionStart; }
    TimeNs selectionEnd() const { return m_selectionEnd; }
    void setSelection(TimeNs start, TimeNs end);
    void clearSelection();
    bool zoomToSelection(); // false if there is none

signals:
    void rangeChanged(tracelane::TimeNs start, tracelane::TimeNs end);
    void selectionChanged();

private:
    TimeNs maximumRange() const;
    // How far a range of `length` may show past either end of the trace: a
    // fiftieth of the view, and no more than the margin of fitAll.
    TimeNs overhang(TimeNs length) const;

    TimeNs m_traceStart = 0, m_traceEnd = 0;
    TimeNs m_rangeStart = 0, m_rangeEnd = kMinimumRange;
    TimeNs m_selectionStart = 0, m_selectionEnd = 0;
    bool m_hasSelection = false;
};

} // namespace tracelane
