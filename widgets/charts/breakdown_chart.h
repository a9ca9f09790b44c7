#pragma once
// Op-to-kernel breakdown: horizontal bars of the top N ops by device time,
// each split into its kernels (the largest kernels overall get a colour of
// their own, the rest share "Other kernels"); the remaining ops form one
// "Other ops" bar. A tree beside the chart lists every shown op and its kernels.
//
// Linked to the timeline: a click on a segment asks for that op's GPU work of
// that kernel (the colour's kernels), a click on the op's name or the empty
// part of its row for all of the op's GPU work (instancesRequested). In the
// tree, activating an op does the same; activating a kernel asks for its
// instances under that op and then for the longest of them (eventRequested).

#include "chart_view.h"

#include "analysis/operators/op_kernel_breakdown.h"
#include "chart_style.h"

#include <QFutureWatcher>

#include <map>
#include <memory>
#include <string>

class QTreeWidget;
class QTreeWidgetItem;

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
    // The kernels with a colour (short names), "Other kernels" last: series i is plottable i.
    QStringList seriesNames() const { return m_seriesNames; }
    QTreeWidget *table() const { return m_tree; }
    const OpKernelBreakdown &breakdown() const { return m_breakdown; } // the one shown
    QString toolTipAt(const QPoint &plotPos) const;

    // The bar whose row holds `plotPos` (its label included), or -1.
    int barAt(const QPoint &plotPos) const;
    // The series (kernel colour) of the segment under `plotPos`, or -1 off the segments.
    int segmentAt(const QPoint &plotPos) const;
    // The GPU operations behind a bar, or one of its segments (series >= 0), by start.
    std::vector<EventRef> barEvents(int bar, int series = -1) const;
    // What a click at `plotPos` does; false when it hits no bar.
    bool requestInstancesAt(const QPoint &plotPos);
    // What a click on bar `bar` (series -1: its label) does.
    void requestInstances(int bar, int series = -1);

signals:
    void instancesRequested(const QString &title, std::vector<tracelane::EventRef> events);
    void eventRequested(tracelane::EventRef ref);

private:
    struct Bar
    {
        QString label;
        TimeNs deviceTime = 0;
        std::vector<std::pair<int, TimeNs>> segments; // (series, time)
        std::vector<std::size_t> ops;                 // indices into m_breakdown.ops
    };
    void rebuild();
    void fillTree(const std::vector<const OpBreakdown *> &shown, const TimeScale &scale);
    void keepNamesReadable(); // the list's minimum width
    void activateTreeItem(const QTreeWidgetItem *item);
    int seriesOf(StringId kernel) const;
    void fitBarsToPlot();
    bool setBarLabelStep(int step); // true if it changed

    std::shared_ptr<const Trace> m_trace;   // of m_breakdown
    std::shared_ptr<const Trace> m_pending; // being broken down
    OpKernelBreakdown m_breakdown;
    int m_top = 10;
    int m_labelStep = 1; // every k-th bar is labelled
    int m_fitRows = 0;   // bars the plot has lines for; 0 until it is laid out
    int m_wantedBars = 0; // bars without a height limit: the top ops and the leftover
    int m_labelPixels = 300;
    QStringList m_barLabels;
    QStringList m_seriesNames;
    std::map<std::string, int> m_seriesOf; // short kernel name -> series; the rest: m_otherSeries
    int m_otherSeries = 0;
    std::vector<Bar> m_bars;
    double m_nsPerUnit = 1.0;
    QTreeWidget *m_tree = nullptr;
    QFutureWatcher<OpKernelBreakdown> *m_watcher = nullptr;
};

} // namespace tracelane::charts
