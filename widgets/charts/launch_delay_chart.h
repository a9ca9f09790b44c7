#pragma once
// How long launched work waited before the GPU started it: a histogram of the
// launch delays of every launch call (launchRecords), in bins that widen in
// 1-2-5 steps, with the "delayed launch" threshold (100 µs) marked and the
// bins past it in the colour of waiting.

#include "category_ticks.h"
#include "chart_view.h"
#include "launch_delay_histogram.h"

class QCPBars;

namespace tracelane::charts {

class LaunchDelayChart : public ChartView
{
    Q_OBJECT

public:
    explicit LaunchDelayChart(QWidget *parent = nullptr);

    void setRecords(const std::vector<LaunchRecord> &records);
    // The same from a histogram and summary counted elsewhere (a worker thread).
    void setDistribution(const LaunchDelayHistogram &histogram, const LaunchSummary &summary);
    const LaunchDelayHistogram &histogram() const { return m_histogram; }
    const LaunchSummary &summary() const { return m_summary; }
    // Bars of the bins within the threshold and past it (bin i at key i + 1).
    QCPBars *withinBars() const { return m_within; }
    QCPBars *delayedBars() const { return m_delayed; }
    // Bin under a position of plot(), or -1; the whole column counts.
    int binAt(const QPoint &plotPos) const;
    QString toolTipAt(const QPoint &plotPos) const;
    static QString boundLabel(TimeNs ns); // "0", "500 ns", "2 µs", "10 ms"

private:
    void fitTicks();

    LaunchDelayHistogram m_histogram;
    LaunchSummary m_summary;
    CategoryTicks m_ticks;
    QCPBars *m_within = nullptr;
    QCPBars *m_delayed = nullptr;
};

} // namespace tracelane::charts
