#pragma once
// Where GPU time goes: one bar per GPU (all its streams) and per stream, split
// into compute, non-compute (only communication or memory operations running)
// and idle time, as shares of the span from its first operation's start to
// its last one's end (given in each label). The numbers are gpuTimeBreakdown's
// (docs/ANALYSIS_EFFICIENCY.md); hovering shows them to the nanosecond.

#include "stacked_rows_chart.h"

#include "analysis/efficiency/gpu_time.h"

namespace tracelane::charts {

class GpuTimeChart : public StackedRowsChart
{
    Q_OBJECT

public:
    // Series, left to right.
    enum Part { Compute, NonCompute, Idle };

    explicit GpuTimeChart(QWidget *parent = nullptr);

    void setBreakdown(const GpuTimeBreakdown &breakdown);
    // The rows drawn, top to bottom: each GPU, then its streams.
    const std::vector<GpuTimeRow> &rows() const { return m_rows; }
    static TimeNs partTime(const GpuTimeRow &row, Part part);
    QString toolTipAt(const QPoint &plotPos) const override;

private:
    std::vector<GpuTimeRow> m_rows;
};

} // namespace tracelane::charts
