#include "qcustomplot_include.h" // first: see there

#include "kernel_summary_chart.h"

#include "chart_style.h"
#include "kernel_labels.h"

#include "analysis/summaries/kernel_summary.h"

#include <QtConcurrent/QtConcurrentRun>


namespace tracelane::charts {
namespace {

constexpr int kLabelPixels = 380; // kernel variants differ late in long names

} // namespace

KernelSummaryChart::KernelSummaryChart(QWidget *parent)
    : ChartView(parent)
    , m_watcher(new QFutureWatcher<NameSummary>(this))
{
    connect(m_watcher, &QFutureWatcher<NameSummary>::finished, this, [this] { setSummary(m_watcher->result()); });
    connect(plot(), &QCustomPlot::mouseMove, this,
            [this](QMouseEvent *event) { showToolTip(event->pos(), toolTipAt(event->pos())); });
    rebuild();
}

KernelSummaryChart::~KernelSummaryChart()
{
    m_watcher->waitForFinished();
}

void KernelSummaryChart::setTrace(std::shared_ptr<const Trace> trace)
{
    m_watcher->waitForFinished();
    if (!trace) {
        setSummary({});
        return;
    }
    m_watcher->setFuture(QtConcurrent::run([trace] { return kernelSummary(*trace); }));
}

void KernelSummaryChart::setSummary(NameSummary summary)
{
    m_summary = std::move(summary);
    rebuild();
}

void KernelSummaryChart::setTopCount(int kernels)
{
    m_top = std::max(1, kernels);
    rebuild();
}

void KernelSummaryChart::rebuild()
{
    QCustomPlot *p = plot();
    p->clearPlottables();
    const int n = std::min<int>(m_top, static_cast<int>(m_summary.rows.size()));
    setTitle(tr("Kernels with the most GPU time (top %1)").arg(n));

    TimeNs largest = 0;
    for (int i = 0; i < n; ++i)
        largest = std::max(largest, m_summary.rows[i].stats.total);
    m_barLabels = kernelBarLabels(m_summary, n, kLabelPixels);
    const TimeScale scale = timeScaleFor(largest);
    m_nsPerUnit = scale.nsPerUnit;

    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    QVector<double> keys, values;
    for (int i = 0; i < n; ++i) {
        ticker->addTick(n - i, m_barLabels[i]);
        keys << n - i;
        values << scale(m_summary.rows[i].stats.total);
    }
    std::reverse(keys.begin(), keys.end());
    std::reverse(values.begin(), values.end());
    auto *bars = new QCPBars(p->yAxis, p->xAxis);
    bars->setName(tr("Total time"));
    bars->setBrush(seriesColor(0));
    bars->setPen(QPen(seriesColor(0).darker(130), 0.5));
    bars->setWidth(0.7);
    bars->setData(keys, values, true);

    p->yAxis->setTicker(ticker);
    p->yAxis->setSubTicks(false);
    p->yAxis->setTickLength(0, 4);
    p->yAxis->setRange(0.4, n + 0.6);
    p->xAxis->setLabel(tr("Total GPU time (%1)").arg(scale.unit));
    p->xAxis->setRange(0, std::max(scale(largest) * 1.05, 1e-9));
    p->legend->setVisible(false); // one series: the axis label says what the bars are
    p->replot(QCustomPlot::rpQueuedReplot);
    emit chartChanged();
}

QString KernelSummaryChart::toolTipAt(const QPoint &plotPos) const
{
    const QCustomPlot *p = plot();
    if (!p->axisRect()->rect().contains(plotPos))
        return {};
    const int n = std::min<int>(m_top, static_cast<int>(m_summary.rows.size()));
    const int i = n - static_cast<int>(std::lround(p->yAxis->pixelToCoord(plotPos.y())));
    if (i < 0 || i >= n)
        return {};
    const NameSummaryRow &row = m_summary.rows[i];
    if (p->xAxis->pixelToCoord(plotPos.x()) * m_nsPerUnit > double(row.stats.total))
        return {};
    const TimeScale scale = timeScaleFor(row.stats.total);
    return tr("<b>%1</b><br>%2<br>Total: %3 (%4 % of kernel time)<br>Instances: %5<br>Average: %6")
        .arg(m_barLabels[i].toHtmlEscaped(), elided(QString::fromStdString(row.name), axisFont(), 600).toHtmlEscaped(),
             formatTime(row.stats.total, scale))
        .arg(row.percent, 0, 'f', 1)
        .arg(row.stats.count)
        .arg(formatTime(static_cast<TimeNs>(row.stats.average), scale));
}

} // namespace tracelane::charts
