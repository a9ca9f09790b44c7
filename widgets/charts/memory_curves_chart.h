#pragma once
// What each device's allocator held over the trace: "Allocated" as a solid
// step line and "Reserved" dashed in the same colour, one colour per device,
// each allocated curve's peak marked. Drawn from the memory counter tracks
// (analysis/memory/memory_counters.h), so it shows what the timeline's memory
// lanes show, and exports to PNG, PDF or SVG like every chart.

#include "chart_view.h"

#include "model/trace.h"

#include <memory>

class QCPGraph;

namespace tracelane::charts {

class MemoryCurvesChart : public ChartView
{
    Q_OBJECT

public:
    explicit MemoryCurvesChart(QWidget *parent = nullptr);

    void setTrace(std::shared_ptr<const Trace> trace); // null clears

    struct Curve
    {
        std::uint32_t track = 0; // the counter track drawn
        QCPGraph *graph = nullptr;
        bool reserved = false;
        double peak = 0;    // its largest value, bytes
        TimeNs peakAt = 0;  // when it was first reached, on the trace's clock
    };
    const std::vector<Curve> &curves() const { return m_curves; }
    QString toolTipAt(const QPoint &plotPos) const;

private:
    std::shared_ptr<const Trace> m_trace;
    std::vector<Curve> m_curves;
    double m_nsPerUnit = 1.0;
    bool m_byEvent = false; // an untimed snapshot: the x axis counts allocator events
};

} // namespace tracelane::charts
