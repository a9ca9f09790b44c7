#include "qcustomplot_include.h" // first: see there

#include "kernel_stats_chart.h"

#include "kernel_labels.h"

#include "analysis/gpu/kernel_name.h"
#include "analysis/summaries/kernel_summary.h"

#include <QFontMetrics>
#include <QRegularExpression>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>
#include <limits>

namespace tracelane::charts {
namespace {

// How wide a kernel name may be: narrower than the kernel chart's 380 px, as
// each label also carries "(n=…)", and less in narrow exports, so that the
// bars keep at least half the width.
int labelPixelsFor(int plotWidth)
{
    return std::clamp(plotWidth * 2 / 5, 160, 320);
}

// The lowest a whisker reaches: a duration is never negative, so the lower
// whisker stops at zero even where the standard deviation exceeds the mean.
double lowerWhisker(const DurationStats &stats)
{
    return std::min(stats.stddev, stats.average);
}

// One instance has no spread: nsys prints StdDev 0, and a zero whisker would
// read as "no variation measured" rather than "not measurable".
bool hasWhisker(const DurationStats &stats)
{
    return stats.count >= 2;
}

} // namespace

KernelStatsChart::KernelStatsChart(QWidget *parent)
    : ChartView(parent)
    , m_labelPixels(labelPixelsFor(plot()->width()))
    , m_watcher(new QFutureWatcher<NameSummary>(this))
{
    connect(m_watcher, &QFutureWatcher<NameSummary>::finished, this, [this] { setSummary(m_watcher->result()); });
    connect(plot(), &QCustomPlot::afterLayout, this, &KernelStatsChart::fitRows);
    connect(plot(), &QCustomPlot::mouseMove, this,
            [this](QMouseEvent *event) { showToolTip(event->pos(), toolTipAt(event->pos())); });
    connect(plot(), &QCustomPlot::mousePress, this, [this](QMouseEvent *event) {
        if (event->button() == Qt::LeftButton)
            requestInstancesAt(event->pos());
    });
    rebuild();
}

KernelStatsChart::~KernelStatsChart()
{
    m_watcher->waitForFinished();
}

void KernelStatsChart::setTrace(std::shared_ptr<const Trace> trace)
{
    m_watcher->waitForFinished();
    m_trace = trace;
    if (!trace) {
        setSummary({});
        return;
    }
    m_watcher->setFuture(QtConcurrent::run([trace] { return kernelSummary(*trace); }));
}

void KernelStatsChart::setSummary(NameSummary summary)
{
    m_summary = std::move(summary);
    rebuild();
}

void KernelStatsChart::setTopCount(int kernels)
{
    m_top = std::max(1, kernels);
    rebuild();
}

void KernelStatsChart::rebuild()
{
    QCustomPlot *p = plot();
    p->clearPlottables();
    const int n = shownCount();
    setTitle(n == 0 ? tr("Mean kernel time: no kernels in this trace")
                    : tr("Mean kernel time ± 1 std (top %1 by total GPU time)").arg(n));

    double largest = 0; // the right end of the longest whisker, in ns
    bool clamped = false;
    for (int i = 0; i < n; ++i) {
        const DurationStats &stats = m_summary.rows[i].stats;
        largest = std::max(largest, stats.average + (hasWhisker(stats) ? stats.stddev : 0.0));
        clamped = clamped || (hasWhisker(stats) && stats.stddev > stats.average);
    }
    m_scale = timeScaleFor(static_cast<TimeNs>(std::llround(largest)));

    // Largest total on top: bar i sits at key n - i; QCPBars wants keys ascending.
    QVector<double> keys, means, minus, plus;
    for (int i = n - 1; i >= 0; --i) {
        const DurationStats &stats = m_summary.rows[i].stats;
        keys << n - i;
        means << stats.average / m_scale.nsPerUnit;
        const double none = std::numeric_limits<double>::quiet_NaN(); // QCPErrorBars draws nothing for NaN
        minus << (hasWhisker(stats) ? lowerWhisker(stats) / m_scale.nsPerUnit : none);
        plus << (hasWhisker(stats) ? stats.stddev / m_scale.nsPerUnit : none);
    }

    auto *bars = new QCPBars(p->yAxis, p->xAxis);
    bars->setName(tr("Mean time per instance"));
    bars->setBrush(seriesColor(0));
    bars->setPen(QPen(seriesColor(0).darker(130), 0.5));
    bars->setWidth(0.7);
    bars->setData(keys, means, true);

    auto *whiskers = new QCPErrorBars(p->yAxis, p->xAxis);
    whiskers->setName(tr("±1 standard deviation"));
    whiskers->setDataPlottable(bars);
    whiskers->setErrorType(QCPErrorBars::etValueError);
    whiskers->setSymbolGap(0); // from the bar's end, not around a scatter symbol
    whiskers->setWhiskerWidth(9);
    whiskers->setPen(QPen(QColor(0x22, 0x22, 0x22), 1.2));
    whiskers->setData(minus, plus);

    relabel();
    p->yAxis->setSubTicks(false);
    p->yAxis->setTickLength(0, 4);
    p->yAxis->setRange(0.4, n + 0.6);
    p->xAxis->setLabel(tr("Mean time per instance (%1)").arg(m_scale.unit));
    p->xAxis->setRange(0, std::max(largest / m_scale.nsPerUnit * 1.05, 1e-9));
    p->legend->setVisible(false); // the caption says what bars and whiskers are

    m_clamped = clamped;
    updateCaption();
    p->replot(QCustomPlot::rpQueuedReplot);
    emit chartChanged();
}

int KernelStatsChart::shownCount() const
{
    return std::min({m_top, m_fitRows, static_cast<int>(m_summary.rows.size())});
}

void KernelStatsChart::relabel()
{
    const int n = shownCount();
    const QStringList names = kernelBarLabels(m_summary, n, m_labelPixels);
    m_barLabels.clear();
    QVector<double> keys;
    for (int i = 0; i < n; ++i) {
        m_barLabels << tr("%1 (n=%2)").arg(names[i]).arg(m_summary.rows[static_cast<std::size_t>(i)].stats.count);
        keys << n - i;
    }
    m_ticks.set(m_barLabels, keys);
    fitRows();
    updateCaption();
}

// As many bars as the plot has lines for, each labelled: a short chart shows
// the top kernels that fit (its title says how many) rather than labelling
// every second bar. Only a plot too short for two lines labels every k-th.
void KernelStatsChart::fitRows()
{
    const int n = static_cast<int>(m_barLabels.size());
    const double rows = n + 0.2; // the axis runs from 0.4 to n + 0.6
    const int axisPixels = static_cast<int>(plot()->axisRect()->height() * n / rows);
    const int linePixels = QFontMetrics(plot()->yAxis->tickLabelFont()).height() + 2; // a gap: labels never touch
    const int fit = std::max(2, static_cast<int>(double(plot()->axisRect()->height()) / linePixels - 0.2));
    // Only on screen: a hidden tab has no real size, and an export is drawn at the size asked for.
    if (isVisible() && fit != m_fitRows) {
        m_fitRows = fit; // a rebuild already queued reads it when it runs
        if (shownCount() != n) {
            QMetaObject::invokeMethod(this, &KernelStatsChart::rebuild, Qt::QueuedConnection); // not inside a replot
            return;
        }
    }
    if (m_ticks.fit(plot()->yAxis, axisPixels, linePixels))
        plot()->replot(QCustomPlot::rpQueuedReplot); // this layout's ticks are already placed
}

// " #2", " #3" tell apart kernels whose labels are still alike; the caption says so.
void KernelStatsChart::updateCaption()
{
    QStringList caption = {tr("Bar: mean"), tr("whisker: ±1 sample standard deviation (none for n=1)"),
                           tr("n: instances")};
    if (m_clamped)
        caption << tr("lower whiskers stop at 0");
    static const QRegularExpression repeated(QStringLiteral(" #\\d+ \\(n="));
    if (std::any_of(m_barLabels.begin(), m_barLabels.end(),
                    [](const QString &label) { return label.contains(repeated); }))
        caption << tr("#2, #3: further kernels whose names read alike");
    setCaption(caption);
}

void KernelStatsChart::fitToWidth(int width)
{
    const int pixels = labelPixelsFor(width);
    if (pixels == m_labelPixels)
        return;
    m_labelPixels = pixels;
    relabel();
}

int KernelStatsChart::rowAt(const QPoint &plotPos) const
{
    const QCustomPlot *p = plot();
    const QRect area = p->axisRect()->rect();
    // The label left of the plot names the row too.
    if (plotPos.y() < area.top() || plotPos.y() > area.bottom() || plotPos.x() > area.right())
        return -1;
    const int n = barCount();
    const int i = n - static_cast<int>(std::lround(p->yAxis->pixelToCoord(plotPos.y())));
    return i >= 0 && i < n ? i : -1;
}

bool KernelStatsChart::requestInstancesAt(const QPoint &plotPos)
{
    const int i = rowAt(plotPos);
    if (i < 0 || !m_trace)
        return false;
    const std::string &name = m_summary.rows[static_cast<std::size_t>(i)].name;
    emit instancesRequested(tr("Instances of %1").arg(QString::fromStdString(shortKernelName(name))),
                            kernelInstances(*m_trace, name));
    return true;
}

QString KernelStatsChart::toolTipAt(const QPoint &plotPos) const
{
    // Anywhere on the bar's row: a whisker may reach beyond the bar.
    const int i = rowAt(plotPos);
    if (i < 0)
        return {};
    const NameSummaryRow &row = m_summary.rows[static_cast<std::size_t>(i)];
    const DurationStats &s = row.stats;
    const TimeScale scale = timeScaleFor(s.max); // one unit for all per-instance figures
    const auto time = [&scale](double ns) { return formatTime(static_cast<TimeNs>(std::llround(ns)), scale); };
    return tr("<b>%1</b><br>%2<br>Instances: %3<br>Mean: %4<br>Standard deviation: %5<br>Median: %6<br>"
              "Min: %7<br>Max: %8<br>Total: %9")
               .arg(m_barLabels[i].toHtmlEscaped(),
                    elided(QString::fromStdString(row.name), axisFont(), 600).toHtmlEscaped())
               .arg(s.count)
               .arg(time(s.average), hasWhisker(s) ? time(s.stddev) : tr("none (one instance)"), time(s.median),
                    time(double(s.min)), time(double(s.max)), formatTime(s.total, timeScaleFor(s.total)))
        + (m_trace ? tr("<br><i>Click: outline every instance on the timeline</i>") : QString());
}

} // namespace tracelane::charts
