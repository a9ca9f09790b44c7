#pragma once
// The kernels that took the most GPU time: horizontal bars of total time per
// kernel name (as `nsys stats -r cuda_gpu_kern_sum`), labelled with short names.

#include "chart_view.h"

#include "analysis/summaries/name_summary.h"

#include <QFutureWatcher>

#include <memory>

namespace tracelane::charts {

class KernelSummaryChart : public ChartView
{
    Q_OBJECT

public:
    explicit KernelSummaryChart(QWidget *parent = nullptr);
    ~KernelSummaryChart() override;

    void setTrace(std::shared_ptr<const Trace> trace);
    void setSummary(NameSummary summary);
    void setTopCount(int kernels);
    int topCount() const { return m_top; }

    QStringList barLabels() const { return m_barLabels; }
    QString toolTipAt(const QPoint &plotPos) const;

private:
    void rebuild();

    NameSummary m_summary;
    int m_top = 15;
    QStringList m_barLabels;
    double m_nsPerUnit = 1.0;
    QFutureWatcher<NameSummary> *m_watcher = nullptr;
};

} // namespace tracelane::charts
