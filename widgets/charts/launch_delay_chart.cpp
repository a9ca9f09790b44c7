#include "qcustomplot_include.h" // first: see there

#include "launch_delay_chart.h"

#include "chart_style.h"

#include <cmath>

namespace tracelane::charts {

LaunchDelayChart::LaunchDelayChart(QWidget *parent)
    : ChartView(parent)
{
    setTitle(tr("Launch delay: launch call end to GPU start"));
    connect(plot(), &QCustomPlot::afterLayout, this, &LaunchDelayChart::fitTicks);
    connect(plot(), &QCustomPlot::mouseMove, this,
            [this](QMouseEvent *event) { showToolTip(event->pos(), toolTipAt(event->pos())); });
    setRecords({});
}

QString LaunchDelayChart::boundLabel(TimeNs ns)
{
    if (ns == 0)
        return QStringLiteral("0");
    const auto value = [](double v) { return QString::number(v, 'g', 4); };
    if (ns < 1000)
        return QStringLiteral("%1 ns").arg(ns);
    if (ns < 1'000'000)
        return QStringLiteral("%1 µs").arg(value(double(ns) / 1e3));
    if (ns < 1'000'000'000)
        return QStringLiteral("%1 ms").arg(value(double(ns) / 1e6));
    return QStringLiteral("%1 s").arg(value(double(ns) / 1e9));
}

void LaunchDelayChart::fitTicks()
{
    // Bounds sit between the bars; keep the widest bound label and a gap between
    // them, and always label the threshold (bound i is label i + 1).
    const QFontMetrics metrics(axisFont());
    int widest = 0;
    for (const QString &label : m_ticks.labels())
        widest = std::max(widest, metrics.horizontalAdvance(label));
    const int threshold = static_cast<int>(m_histogram.firstDelayedBin());
    if (m_ticks.fit(plot()->xAxis, plot()->axisRect()->width(), widest + metrics.averageCharWidth() * 2, threshold))
        plot()->replot(QCustomPlot::rpQueuedReplot);
}

void LaunchDelayChart::setRecords(const std::vector<LaunchRecord> &records)
{
    const LaunchSummary summary = summarizeLaunches(records);
    setDistribution(launchDelayHistogram(records, summary.thresholds.delayedLaunch), summary);
}

void LaunchDelayChart::setDistribution(const LaunchDelayHistogram &histogram, const LaunchSummary &summary)
{
    m_summary = summary;
    m_histogram = histogram;
    QCustomPlot *p = plot();
    p->clearPlottables();
    p->clearItems();

    const int n = static_cast<int>(m_histogram.upper.size());
    const int firstDelayed = static_cast<int>(m_histogram.firstDelayedBin());
    const bool empty = m_histogram.total() == 0;
    // Bars side by side, bin i at key i + 1; bound i between bars i and i + 1.
    QVector<double> keys, within, delayed, boundKeys;
    QStringList boundLabels{boundLabel(0)};
    boundKeys << 0.5;
    std::int64_t highest = 0;
    for (int i = 0; i < n; ++i) {
        const std::int64_t count = m_histogram.counts[std::size_t(i)];
        keys << i + 1;
        within << (i < firstDelayed ? double(count) : 0.0);
        delayed << (i >= firstDelayed ? double(count) : 0.0);
        boundKeys << i + 1.5;
        boundLabels << boundLabel(m_histogram.upper[std::size_t(i)]);
        highest = std::max(highest, count);
    }
    m_ticks.set(boundLabels, boundKeys);
    fitTicks();

    const QString thresholdText = boundLabel(m_histogram.threshold);
    auto addBars = [&](const QString &name, const QColor &color, const QVector<double> &values) {
        auto *bars = new QCPBars(p->xAxis, p->yAxis);
        bars->setName(name);
        bars->setBrush(color);
        bars->setPen(QPen(color.darker(130), 0.5));
        bars->setWidth(0.9);
        bars->setData(keys, values, true);
        return bars;
    };
    m_within = addBars(tr("Launches within %1").arg(thresholdText), computeColor(), within);
    m_delayed = addBars(tr("Delayed launches (over %1)").arg(thresholdText), hostWaitColor(), delayed);

    p->xAxis->setRange(0.5, n + 0.5);
    p->xAxis->setSubTicks(false);
    p->xAxis->setLabel(tr("Launch delay (bins grow in 1-2-5 steps: a logarithmic scale)"));
    p->yAxis->setLabel(tr("Launches"));
    p->yAxis->setRange(0, highest > 0 ? double(highest) * 1.1 : 1.0);
    p->yAxis->setNumberFormat(QStringLiteral("f"));
    p->yAxis->setNumberPrecision(0);
    auto ticker = QSharedPointer<QCPAxisTicker>::create();
    ticker->setTickStepStrategy(QCPAxisTicker::tssReadability);
    p->yAxis->setTicker(ticker);
    for (QCPAxis *axis : {p->xAxis, p->yAxis})
        axis->setTickLabels(!empty); // bare 0..1 ticks would suggest data

    if (empty) {
        auto *note = addEmptyNote(p);
        note->setText(tr("No launch call is linked to GPU work in this trace"));
        setCaption({});
    } else {
        // The threshold: a dashed line on its bound, named at the top.
        const double x = firstDelayed + 0.5;
        auto *line = new QCPItemStraightLine(p);
        line->setPen(QPen(hostWaitColor().darker(120), 1.5, Qt::DashLine));
        line->point1->setCoords(x, 0);
        line->point2->setCoords(x, 1);
        auto *label = new QCPItemText(p);
        label->position->setTypeX(QCPItemPosition::ptPlotCoords);
        label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        label->position->setCoords(x, 0.02);
        // Right of the line, or left of it near the plot's right edge (no delayed bins after it).
        const bool nearRightEdge = n > 0 && (x - 0.5) / n > 0.75;
        label->setPositionAlignment((nearRightEdge ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignTop);
        label->setPadding(nearRightEdge ? QMargins(0, 0, 4, 0) : QMargins(4, 0, 0, 0));
        label->setFont(axisFont());
        label->setColor(hostWaitColor().darker(130));
        label->setText(tr("delayed: over %1").arg(thresholdText));
        const TimeScale scale = timeScaleFor(std::max<TimeNs>(m_summary.launchDelay.p95, 1));
        setCaption({tr("Launches: %1").arg(m_summary.launchDelay.count),
                    tr("Median %1").arg(formatTime(TimeNs(std::llround(m_summary.launchDelay.median)), scale)),
                    tr("P95 %1").arg(formatTime(m_summary.launchDelay.p95, scale)),
                    tr("Delayed (over %1): %2").arg(thresholdText).arg(m_summary.delayedLaunches)});
    }
    placeLegendBelow(2);
    setLegendShown(!empty);
    p->replot(QCustomPlot::rpQueuedReplot);
    emit chartChanged();
}

int LaunchDelayChart::binAt(const QPoint &plotPos) const
{
    const QCustomPlot *p = plot();
    if (m_summary.launchDelay.count == 0 || !p->axisRect()->rect().contains(plotPos))
        return -1;
    const int bin = static_cast<int>(std::lround(p->xAxis->pixelToCoord(plotPos.x()))) - 1;
    return bin >= 0 && bin < static_cast<int>(m_histogram.upper.size()) ? bin : -1;
}

QString LaunchDelayChart::toolTipAt(const QPoint &plotPos) const
{
    const int bin = binAt(plotPos);
    if (bin < 0)
        return {};
    const std::int64_t count = m_histogram.counts[std::size_t(bin)];
    const QString range = bin == 0 ? tr("Launch delay up to %1").arg(boundLabel(m_histogram.upper[0]))
                                   : tr("Launch delay over %1, up to %2")
                                         .arg(boundLabel(m_histogram.upper[std::size_t(bin - 1)]),
                                              boundLabel(m_histogram.upper[std::size_t(bin)]));
    return tr("<b>%1</b><br>Launches: %2 (%3 % of all)")
        .arg(range)
        .arg(count)
        .arg(100.0 * double(count) / double(std::max<std::int64_t>(m_histogram.total(), 1)), 0, 'f', 1);
}

} // namespace tracelane::charts
