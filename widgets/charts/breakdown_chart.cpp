#include "qcustomplot_include.h" // first: see there

#include "breakdown_chart.h"

#include "chart_style.h"

#include "analysis/kernel_name.h"

#include <QHeaderView>
#include <QTreeWidget>
#include <QtConcurrent/QtConcurrentRun>


#include <map>

namespace tracelane::charts {
namespace {

constexpr int kKernelSeries = 10; // kernels with a colour of their own
constexpr int kLabelPixels = 300;

} // namespace

BreakdownChart::BreakdownChart(QWidget *parent)
    : ChartView(parent)
    , m_tree(new QTreeWidget(this))
    , m_watcher(new QFutureWatcher<OpKernelBreakdown>(this))
{
    m_tree->setColumnCount(4);
    m_tree->setHeaderLabels({tr("Op / kernel"), tr("Device time"), tr("Share"), tr("Stream")});
    m_tree->setRootIsDecorated(true);
    m_tree->setUniformRowHeights(true);
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int column = 1; column < 4; ++column)
        m_tree->header()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    m_tree->setMinimumWidth(300);
    setSidePanel(m_tree);
    connect(m_watcher, &QFutureWatcher<OpKernelBreakdown>::finished, this,
            [this] { setBreakdown(m_trace, m_watcher->result()); });
    connect(plot(), &QCustomPlot::mouseMove, this,
            [this](QMouseEvent *event) { showToolTip(event->pos(), toolTipAt(event->pos())); });
    rebuild();
}

BreakdownChart::~BreakdownChart()
{
    m_watcher->waitForFinished();
}

void BreakdownChart::setTrace(std::shared_ptr<const Trace> trace, const BreakdownOptions &options)
{
    m_watcher->waitForFinished();
    m_trace = std::move(trace);
    if (!m_trace) {
        setBreakdown(nullptr, {});
        return;
    }
    m_watcher->setFuture(QtConcurrent::run([trace = m_trace, options] { return opKernelBreakdown(*trace, options); }));
}

void BreakdownChart::setBreakdown(std::shared_ptr<const Trace> trace, OpKernelBreakdown breakdown)
{
    m_trace = std::move(trace);
    m_breakdown = std::move(breakdown);
    rebuild();
}

void BreakdownChart::setTopCount(int ops)
{
    m_top = std::max(1, ops);
    rebuild();
}

void BreakdownChart::rebuild()
{
    QCustomPlot *p = plot();
    p->clearPlottables();
    m_tree->clear();
    m_bars.clear();
    m_seriesNames.clear();
    const std::string &pattern = m_breakdown.options.rangePattern;
    setTitle(pattern.empty() ? tr("Device time by operator, split by kernel")
                             : tr("Device time by range (%1), split by kernel").arg(QString::fromStdString(pattern)));

    // Ops with GPU work, largest first; the rest become one bar.
    std::vector<const OpBreakdown *> shown, rest;
    for (const OpBreakdown &op : m_breakdown.ops) {
        if (op.deviceTime <= 0)
            continue;
        (static_cast<int>(shown.size()) < m_top ? shown : rest).push_back(&op);
    }
    // Kernels (by short name) ranked over the shown bars pick the colours.
    std::map<std::string, TimeNs> kernelTime;
    auto shortName = [this](const KernelShare &k) { return shortKernelName(m_trace->strings.view(k.kernel)); };
    for (const OpBreakdown *op : shown)
        for (const KernelShare &k : op->kernels)
            kernelTime[shortName(k)] += k.time;
    std::vector<std::pair<TimeNs, std::string>> ranked;
    for (const auto &[name, time] : kernelTime)
        ranked.emplace_back(-time, name);
    std::sort(ranked.begin(), ranked.end());
    std::map<std::string, int> seriesOf;
    for (const auto &[negTime, name] : ranked) {
        if (static_cast<int>(seriesOf.size()) == kKernelSeries)
            break;
        seriesOf[name] = static_cast<int>(m_seriesNames.size());
        m_seriesNames << QString::fromStdString(name);
    }
    const int otherSeries = static_cast<int>(m_seriesNames.size());
    m_seriesNames << tr("Other kernels");

    auto addBar = [&](const QString &label, const std::vector<const OpBreakdown *> &ops) {
        Bar bar;
        bar.label = label;
        std::map<int, TimeNs> bySeries;
        for (const OpBreakdown *op : ops) {
            bar.deviceTime += op->deviceTime;
            for (const KernelShare &k : op->kernels) {
                const auto it = seriesOf.find(shortName(k));
                bySeries[it == seriesOf.end() ? otherSeries : it->second] += k.time;
            }
        }
        bar.segments.assign(bySeries.begin(), bySeries.end());
        m_bars.push_back(std::move(bar));
    };
    for (const OpBreakdown *op : shown)
        addBar(QString::fromStdString(shortOpName(op->name)), {op});
    if (!rest.empty())
        addBar(tr("Other ops (%1)").arg(rest.size()), rest);

    TimeNs largest = 0;
    for (const Bar &bar : m_bars)
        largest = std::max(largest, bar.deviceTime);
    const TimeScale scale = timeScaleFor(largest);
    m_nsPerUnit = scale.nsPerUnit;

    // Horizontal bars: keys on the left axis, the largest op on top.
    QStringList labels;
    for (const Bar &bar : m_bars)
        labels << elided(bar.label, axisFont(), kLabelPixels);
    m_barLabels = distinctLabels(labels);
    const int n = static_cast<int>(m_bars.size());
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (int i = 0; i < n; ++i)
        ticker->addTick(n - i, m_barLabels[i]);
    p->yAxis->setTicker(ticker);
    p->yAxis->setSubTicks(false);
    p->yAxis->setTickLength(0, 4);
    p->yAxis->setRange(0.4, n + 0.6);
    p->yAxis->setLabel(QString());
    p->xAxis->setLabel(tr("Device time (%1)").arg(scale.unit));
    p->xAxis->setRange(0, std::max(scale(largest) * 1.05, 1e-9));

    QStringList legendNames;
    for (const QString &name : m_seriesNames)
        legendNames << legendName(name);
    legendNames = distinctLabels(legendNames); // variants of one kernel may elide alike
    QCPBars *below = nullptr;
    for (int s = 0; s < static_cast<int>(m_seriesNames.size()); ++s) {
        QVector<double> keys, values;
        for (int i = 0; i < n; ++i) {
            TimeNs t = 0;
            for (const auto &[series, time] : m_bars[i].segments)
                if (series == s)
                    t += time;
            keys << n - i;
            values << scale(t);
        }
        auto *bars = new QCPBars(p->yAxis, p->xAxis);
        bars->setName(legendNames[s]);
        const QColor color = s == otherSeries ? restColor() : seriesColor(s);
        bars->setBrush(color);
        bars->setPen(QPen(color.darker(130), 0.5));
        bars->setWidth(0.7);
        bars->setData(keys, values); // keys run downwards: not sorted
        if (below)
            bars->moveAbove(below);
        below = bars;
    }
    placeLegendBelow(3);
    p->legend->setVisible(n > 0);
    p->replot(QCustomPlot::rpQueuedReplot);

    // The tree: shown ops with their kernels, full names as tooltips.
    for (const OpBreakdown *op : shown) {
        auto *item = new QTreeWidgetItem(m_tree, {QString::fromStdString(shortOpName(op->name)), formatTime(op->deviceTime, scale),
                                                  QStringLiteral("%1 %").arg(m_breakdown.deviceTime
                                                                                 ? 100.0 * double(op->deviceTime)
                                                                                       / double(m_breakdown.deviceTime)
                                                                                 : 0.0,
                                                                             0, 'f', 1),
                                                  QString()});
        item->setToolTip(0, QString::fromStdString(op->name));
        for (const KernelShare &k : op->kernels) {
            const QString stream = k.stream == kNoIndex ? QString()
                                                        : QString::number(m_trace->streams[k.stream].streamId);
            auto *child = new QTreeWidgetItem(
                item, {QString::fromStdString(shortName(k)), formatTime(k.time, scale),
                       QStringLiteral("%1 %").arg(100.0 * double(k.time) / double(op->deviceTime), 0, 'f', 1), stream});
            child->setToolTip(0, QString::fromStdString(std::string(m_trace->strings.view(k.kernel))));
        }
    }
    emit chartChanged();
}

QString BreakdownChart::toolTipAt(const QPoint &plotPos) const
{
    const QCustomPlot *p = plot();
    if (!p->axisRect()->rect().contains(plotPos) || m_bars.empty())
        return {};
    const int n = static_cast<int>(m_bars.size());
    const int i = n - static_cast<int>(std::lround(p->yAxis->pixelToCoord(plotPos.y())));
    if (i < 0 || i >= n)
        return {};
    const Bar &bar = m_bars[i];
    const double x = p->xAxis->pixelToCoord(plotPos.x()) * m_nsPerUnit;
    if (x < 0 || x > double(bar.deviceTime))
        return {};
    const TimeScale scale = timeScaleFor(bar.deviceTime);
    QString text = tr("<b>%1</b><br>Device time: %2").arg(bar.label.toHtmlEscaped(), formatTime(bar.deviceTime, scale));
    TimeNs base = 0;
    for (const auto &[series, time] : bar.segments) {
        if (x >= double(base) && x <= double(base + time))
            text += tr("<br>%1: %2 (%3 %)")
                        .arg(m_seriesNames[series].toHtmlEscaped(), formatTime(time, scale))
                        .arg(100.0 * double(time) / double(bar.deviceTime), 0, 'f', 1);
        base += time;
    }
    return text;
}

} // namespace tracelane::charts
