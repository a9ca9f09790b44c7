#pragma once
// Pace across ranks: x the rank, y the duration of an iteration on that rank,
// one line of dots per iteration number. Ranks that keep pace draw flat
// lines; a rank that is slow every step shows as a bump in every line, one
// slow step as a lone peak. Outliers (rank_pace.h: more than madLimit median
// absolute deviations from the iteration's median) get a red ring on top.

#include "category_ticks.h"
#include "chart_style.h"
#include "chart_view.h"

#include "analysis/distributed/rank_pace.h"

#include <vector>

class QCPGraph;

namespace tracelane::charts {

class PaceChart : public ChartView
{
    Q_OBJECT

public:
    explicit PaceChart(QWidget *parent = nullptr);

    void setPace(const PaceTable &pace);
    const PaceTable &pace() const { return m_pace; }
    // One graph per iteration, in the pace's order (keys: rank index, values: duration / nsPerUnit).
    int iterationGraphCount() const { return int(m_iterationGraphs.size()); }
    QCPGraph *iterationGraph(int index) const;
    QCPGraph *outlierGraph() const { return m_outliers; } // null without outliers
    TimeScale timeScale() const { return m_scale; }

protected:
    void fitToWidth(int width) override;

private:
    void fitTicks();
    QString toolTipAt(const QPoint &plotPos) const;

    PaceTable m_pace;
    TimeScale m_scale;
    std::vector<QCPGraph *> m_iterationGraphs;
    QCPGraph *m_outliers = nullptr;
    CategoryTicks m_ticks;
};

} // namespace tracelane::charts
