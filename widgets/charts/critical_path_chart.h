#pragma once
// The critical path of each step as one horizontal stacked bar: its length
// split by cause (CPU, data loading, launch overhead, launch delay, GPU
// compute, communication, memory, kernel gaps, synchronisation). The numbers
// are criticalPath()'s (docs/ANALYSIS_CRITICAL_PATH.md).

#include "chart_style.h"
#include "stacked_rows_chart.h"

#include "analysis/critical/critical_path.h"

namespace tracelane::charts {

class CriticalPathChart : public StackedRowsChart
{
    Q_OBJECT

public:
    struct Step
    {
        QString label; // "ProfilerStep#5"
        std::array<TimeNs, kPathCategoryCount> byCategory{};
        TimeNs length = 0;
    };

    explicit CriticalPathChart(QWidget *parent = nullptr);

    // `ofSteps`: how many steps the trace has, when only the first are drawn.
    void setSteps(std::vector<Step> steps, std::size_t ofSteps = 0);
    const std::vector<Step> &steps() const { return m_steps; }
    TimeScale timeScale() const { return m_scale; }
    QString toolTipAt(const QPoint &plotPos) const override;

    // One colour per category, the same in the path list.
    static QColor categoryColor(PathCategory category);
    static QString categoryName(PathCategory category);

signals:
    void stepClicked(int index); // a bar was clicked: the row, top first

private:
    std::vector<Step> m_steps;
    TimeScale m_scale;
};

} // namespace tracelane::charts
