#pragma once
// Why each GPU stream sat idle: one bar per stream, its idle time split into
// host wait (the launch call came after the stream ran dry), kernel wait (a
// gap under the threshold: launch latency, dependencies) and other. The
// numbers are idleByStream's (docs/ANALYSIS_EFFICIENCY.md).

#include "chart_style.h"
#include "stacked_rows_chart.h"

#include "analysis/efficiency/idle_causes.h"

namespace tracelane::charts {

class IdleCausesChart : public StackedRowsChart
{
    Q_OBJECT

public:
    explicit IdleCausesChart(QWidget *parent = nullptr);

    void setIdle(const std::vector<StreamIdle> &streams);
    // The rows drawn, top to bottom.
    const std::vector<StreamIdle> &rows() const { return m_rows; }
    static TimeNs causeTime(const StreamIdle &row, IdleCause cause);
    // The value axis' unit: plotted values are nanoseconds divided by nsPerUnit.
    TimeScale timeScale() const { return m_scale; }
    QString toolTipAt(const QPoint &plotPos) const override;

private:
    std::vector<StreamIdle> m_rows;
    TimeScale m_scale;
};

} // namespace tracelane::charts
