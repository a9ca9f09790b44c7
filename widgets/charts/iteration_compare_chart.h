#pragma once
// Two traces' iterations overlaid (the Compare dock): per iteration number a
// bar for the control trace and one for the test trace beside it, CPU time or
// GPU busy time, from the same iteration analysis as IterationChart. A legend
// names each trace; a note above the plot names the iterations only one trace
// has. Iterations are matched by number; where a trace repeats a number
// (several recordings in one file), by start order instead.

#include "chart_view.h"

#include "analysis/operators/iteration_table.h"

#include <QFutureWatcher>

#include <memory>
#include <optional>
#include <utility>
#include <vector>

class QComboBox;
class QLabel;

namespace tracelane::charts {

class IterationCompareChart : public ChartView
{
    Q_OBJECT

public:
    enum class Metric { CpuTime, GpuBusyTime };
    Q_ENUM(Metric)
    enum Side { Control = 0, Test = 1 };

    explicit IterationCompareChart(QWidget *parent = nullptr);
    ~IterationCompareChart() override;

    // Detects both traces' iterations off the UI thread; emits chartChanged() when drawn.
    void setTraces(std::shared_ptr<const Trace> control, const QString &controlLabel,
                   std::shared_ptr<const Trace> test, const QString &testLabel);
    void setIterations(IterationTable control, const QString &controlLabel, IterationTable test,
                       const QString &testLabel);

    // Between setTraces() and the drawing of its result.
    bool isFinding() const { return m_running != nullptr; }
    Metric metric() const { return m_metric; }
    void setMetric(Metric metric);
    const IterationTable &iterations(Side side) const { return m_tables[side]; }
    QString label(Side side) const { return m_labels[side]; }

    // The bars' keys: iteration numbers, or 1, 2, … when matched by start order.
    bool matchedByNumber() const { return m_byNumber; }
    // Per key, the iteration of each trace there (index into iterations(side).iterations).
    struct Pair
    {
        double key = 0;
        std::optional<std::size_t> control;
        std::optional<std::size_t> test;
    };
    const std::vector<Pair> &pairs() const { return m_pairs; }
    // What the note says: the iterations one trace lacks; empty when they match.
    QString note() const;
    QString toolTipAt(const QPoint &plotPos) const;

private:
    void rebuild();
    void pairIterations();
    TimeNs measure(const Iteration &it) const;
    const Pair *pairAt(const QPoint &plotPos) const;

    IterationTable m_tables[2];
    QString m_labels[2];
    bool m_waiting = false; // between setTraces() and the worker's result
    Metric m_metric = Metric::CpuTime;
    bool m_byNumber = true;
    std::vector<Pair> m_pairs; // by key
    double m_nsPerUnit = 1.0;
    QComboBox *m_metricBox = nullptr;
    QLabel *m_note = nullptr;
    QFutureWatcher<std::pair<IterationTable, IterationTable>> *m_running = nullptr; // the iterations being found
};

// The colours of the two traces wherever the Compare dock draws them.
QColor controlColor();
QColor testColor();

} // namespace tracelane::charts
