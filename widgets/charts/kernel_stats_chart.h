#pragma once
// How long one instance of each kernel takes and how much that varies: for the
// kernels with the most total GPU time, a bar at the mean duration with a
// whisker of ±1 sample standard deviation. The numbers are the Avg and StdDev
// columns of `nsys stats -r cuda_gpu_kern_sum` (kernelSummary), not recomputed.
// A click on a kernel's row (bar, whisker or label) asks for all its instances
// (instancesRequested), for the timeline to outline and list them.

#include "category_ticks.h"
#include "chart_style.h"
#include "chart_view.h"

#include "analysis/summaries/name_summary.h"

#include <QFutureWatcher>

#include <memory>

namespace tracelane::charts {

class KernelStatsChart : public ChartView
{
    Q_OBJECT

public:
    explicit KernelStatsChart(QWidget *parent = nullptr);
    ~KernelStatsChart() override;

    // Computes the kernel summary on a worker thread; chartChanged() follows.
    void setTrace(std::shared_ptr<const Trace> trace);
    void setSummary(NameSummary summary);
    const NameSummary &summary() const { return m_summary; }
    void setTopCount(int kernels);
    int topCount() const { return m_top; }

    // One bar per summary row, from the top; the labels carry each kernel's instance count.
    int barCount() const { return static_cast<int>(m_barLabels.size()); }
    QStringList barLabels() const { return m_barLabels; }
    // The time axis's unit: plotted values are nanoseconds divided by nsPerUnit.
    TimeScale timeScale() const { return m_scale; }
    QString toolTipAt(const QPoint &plotPos) const;
    // The summary row (bar) whose row holds `plotPos`, its label included, or -1.
    int rowAt(const QPoint &plotPos) const;
    // What a click at `plotPos` does; false when it hits no row (or there is no trace).
    bool requestInstancesAt(const QPoint &plotPos);

signals:
    void instancesRequested(const QString &title, std::vector<tracelane::EventRef> events);

protected:
    void fitToWidth(int width) override;

private:
    void rebuild();
    int shownCount() const; // the top kernels shown: what was asked for, what fits, what there is
    void relabel(); // the tick labels, from m_labelPixels
    // Labels every row while the rows are a line apart, else every k-th, so they never touch.
    void fitRows();
    void updateCaption();

    std::shared_ptr<const Trace> m_trace; // whose kernels the rows name; null after setSummary alone
    NameSummary m_summary;
    int m_top = 15;
    int m_fitRows = 1000; // bars the plot has lines for, at its last layout
    QStringList m_barLabels;
    CategoryTicks m_ticks;
    bool m_clamped = false; // a lower whisker stops at zero
    int m_labelPixels = 0; // how wide a kernel name may be, from the plot's width
    TimeScale m_scale;
    QFutureWatcher<NameSummary> *m_watcher = nullptr;
};

} // namespace tracelane::charts
