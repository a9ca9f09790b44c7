#pragma once
// Time per training iteration, one bar per iteration stacked by phase
// ("FWD pass", "BWD pass", ...), showing CPU time or GPU busy time. Hovering a
// segment shows its values; clicking a bar emits the iteration's time range.
// The iterations are found on a worker thread (setTrace) or handed in (setIterations).
// A warm-up iteration far longer than the rest (warm_up_outliers.h) is cut off
// at the top, so that the others stay readable, and the caption names it;
// "Show outliers" draws it whole. Phases get a colour of their own, the
// largest first, as many as the legend has room for: every colour is named.

#include "chart_view.h"

#include "analysis/operators/iteration_table.h"

#include <QFutureWatcher>

#include <memory>

class QCheckBox;
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

    bool showsOutliers() const { return m_showOutliers; }
    void setShowOutliers(bool show);
    // Indices into iterations().iterations of the bars cut off at the top, by start.
    std::vector<int> cutOffIterations() const { return m_cutOff; }
    // The top of an iteration's whole bar, in the value axis' units (drawn or cut off).
    double barTop(int iteration) const;

    // Index into iterations().iterations of the bar column at a position of plot(), or -1.
    int iterationAt(const QPoint &plotPos) const;
    // Hover text for a position of plot(); empty off the bars.
    QString toolTipAt(const QPoint &plotPos) const;

signals:
    void iterationClicked(qint64 startNs, qint64 endNs);

protected:
    void fitSeriesTo(QSize size) override;

private:
    void rebuild();
    // How many of the largest phases get a series (and a legend entry) of
    // their own in a plot of this size; the rest go to one "other" series.
    int phasesThatFit(QSize size) const;
    // The series of what no phase of its own holds: the whole bar without phases.
    QString restName(bool droppedPhases, bool anyPhase) const;
    void fillRankBox();
    void selectShown(); // m_shown: the chosen rank's iterations of m_table
    // series < m_shownPhases.size(): that phase; otherwise the rest of the iteration.
    TimeNs value(const Iteration &it, int series) const;
    TimeNs measure(TimeNs cpu, const GpuWorkTotals &gpu) const;
    double keyOf(int iteration) const;
    // Sets the warm-up outliers of `heights` (each bar's whole height) apart
    // unless they are shown, notes them in the caption and returns the
    // largest height the value axis must fit.
    TimeNs cutOffOutliers(const std::vector<TimeNs> &heights);
    void labelCutOffBars(const std::vector<TimeNs> &heights);
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
    QCheckBox *m_showOutliersBox = nullptr;
    bool m_showOutliers = false;
    std::vector<int> m_cutOff;
    std::vector<TimeNs> m_heights; // each iteration's whole bar, in ns
    QFutureWatcher<IterationTable> *m_watcher = nullptr;
    std::vector<std::size_t> m_shownPhases; // the phases with a series of their own
    std::vector<std::size_t> m_phasesBySize; // every phase, the largest total first
    QSize m_legendRoom;                      // the plot's size the series were fitted to
    double m_nsPerUnit = 1.0;
    bool m_keysAreNumbers = true;
    double m_tickStep = 0; // 0: not fitted yet
};

} // namespace tracelane::charts
