#pragma once
// Op-to-kernel breakdown: horizontal bars of the top N ops by device time,
// each split into its kernels (the largest kernels overall get a colour of
// their own, the rest share "Other kernels"); the remaining ops form one
// "Other ops" bar. A tree beside the chart lists every shown op and its kernels.

#include "chart_view.h"

#include "analysis/op_kernel_breakdown.h"

#include <QFutureWatcher>

#include <memory>

class QTreeWidget;

namespace tracelane::charts {

class BreakdownChart : public ChartView
{
    Q_OBJECT

public:
    explicit BreakdownChart(QWidget *parent = nullptr);
    ~BreakdownChart() override;

    void setTrace(std::shared_ptr<const Trace> trace, const BreakdownOptions &options = {});
    void setBreakdown(std::shared_ptr<const Trace> trace, OpKernelBreakdown breakdown);
    void setTopCount(int ops);
    int topCount() const { return m_top; }

    // Bars drawn, top to bottom: op names, "Other ops" last if any.
    QStringList barLabels() const { return m_barLabels; }
    QTreeWidget *table() const { return m_tree; }
    QString toolTipAt(const QPoint &plotPos) const;

private:
    struct Bar
    {
        QString label;
        TimeNs deviceTime = 0;
        std::vector<std::pair<int, TimeNs>> segments; // (series, time)
    };
    void rebuild();
    void thinBarLabels();
    bool setBarLabelStep(int step); // true if it changed

    std::shared_ptr<const Trace> m_trace;
    OpKernelBreakdown m_breakdown;
    int m_top = 10;
    int m_labelStep = 1; // every k-th bar is labelled
    QStringList m_barLabels;
    QStringList m_seriesNames;
    std::vector<Bar> m_bars;
    double m_nsPerUnit = 1.0;
    QTreeWidget *m_tree = nullptr;
    QFutureWatcher<OpKernelBreakdown> *m_watcher = nullptr;
};

} // namespace tracelane::charts
