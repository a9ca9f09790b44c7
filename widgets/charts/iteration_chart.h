#pragma once
// Time per training iteration, one bar per iteration stacked by phase
// ("FWD pass", "BWD pass", ...), showing CPU time or GPU busy time. Hovering a
// segment shows its values; clicking a bar emits the iteration's time range.
// The iterations are found on a worker thread (setTrace) or handed in (setIterations).

#include "chart_view.h"

#include "analysis/operators/iteration_table.h"

#include <QFutureWatcher>

#include <memory>

class QComboBox;
class QLabel;

namespace tracelane::charts {

class IterationChart : public ChartView
{
    Q_OBJECT

public:
    enum class Metric { CpuTime, GpuBusyTime };
    Q_ENUM(Metric)

    explicit IterationChart(QWidget *parent = nullptr);
    ~IterationChart() override;

    // Detects iterations off the UI thread; emits chartChanged() when drawn.
    void setTrace(std::shared_ptr<const Trace> trace, const IterationOptions &options = {});
    void setIterations(std::shared_ptr<const Trace> trace, IterationTable table);

    Metric metric() const { return m_metric; }
    void setMetric(Metric metric);
    // The iterations drawn: in a window of several traces, the chosen rank's.
    const IterationTable &iterations() const { return m_shown; }
    const IterationTable &allIterations() const { return m_table; } // of every rank
    // Several traces: show the part's iterations (an index into Trace::parts;
    // parts.size() for every rank's).
    void setShownPart(int part);

    // Index into iterations().iterations of the bar column at a position of plot(), or -1.
    int iterationAt(const QPoint &plotPos) const;
    // Hover text for a position of plot(); empty off the bars.
    QString toolTipAt(const QPoint &plotPos) const;

signals:
    void iterationClicked(qint64 startNs, qint64 endNs);

private:
    void rebuild();
    void fillRankBox();
    void selectShown(); // m_shown: the chosen rank's iterations of m_table
    // series < m_shownPhases.size(): that phase; otherwise the rest of the iteration.
    TimeNs value(const Iteration &it, int series) const;
    TimeNs measure(TimeNs cpu, const GpuWorkTotals &gpu) const;
    double keyOf(int iteration) const;
    // Labels every k-th iteration, k the smallest of 1, 2, 5, 10, 20, 50, … that
    // leaves each label its width and a gap along the axis: labels never touch.
    void fitTicks();

    std::shared_ptr<const Trace> m_trace;
    IterationTable m_table;
    IterationTable m_shown;
    Metric m_metric = Metric::CpuTime;
    QComboBox *m_metricBox = nullptr;
    QComboBox *m_rankBox = nullptr;
    QLabel *m_rankLabel = nullptr;
    QFutureWatcher<IterationTable> *m_watcher = nullptr;
    std::vector<std::size_t> m_shownPhases; // the phases with a series of their own
    double m_nsPerUnit = 1.0;
    bool m_keysAreNumbers = true;
    double m_tickStep = 0; // 0: not fitted yet
};

} // namespace tracelane::charts
