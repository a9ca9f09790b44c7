#include "qcustomplot_include.h" // first: see there

#include "breakdown_chart.h"

#include "chart_style.h"

#include "analysis/kernel_name.h"

#include <QHeaderView>
#include <QTreeWidget>
#include <QtConcurrent/QtConcurrentRun>


#include <cmath>
#include <map>
#include <set>

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
    m_tree->setMinimumWidth(200);
    setSidePanel(m_tree);
    connect(m_watcher, &QFutureWatcher<OpKernelBreakdown>::finished, this,
            [this] { setBreakdown(m_trace, m_watcher->result()); });
    connect(plot(), &QCustomPlot::afterLayout, this, &BreakdownChart::thinBarLabels);
    connect(plot(), &QCustomPlot::mouseMove, this,
            [this](QMouseEvent *event) { showToolTip(event->pos(), toolTipAt(event->pos())); });
    rebuild();
}

// Every label while they fit; in a short plot every k-th, so they never overlap.
void BreakdownChart::thinBarLabels()
{
    const int n = static_cast<int>(m_barLabels.size());
    if (n == 0)
        return;
    const double pitch = double(plot()->axisRect()->height()) / (n + 0.2);
    const int lineHeight = QFontMetrics(axisFont()).height();
    if (setBarLabelStep(std::max(1, static_cast<int>(std::ceil(lineHeight / std::max(pitch, 1.0))))))
        plot()->replot(QCustomPlot::rpQueuedReplot); // the ticks of this pass are already laid out
}

bool BreakdownChart::setBarLabelStep(int step)
{
    if (step == m_labelStep)
        return false;
    m_labelStep = step;
    const int n = static_cast<int>(m_barLabels.size());
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (int i = 0; i < n; i += step)
        ticker->addTick(n - i, m_barLabels[i]);
    plot()->yAxis->setTicker(ticker);
    return true;
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
    p->clearItems();
    m_tree->clear();
    m_bars.clear();
    m_seriesNames.clear();
    const std::string &pattern = m_breakdown.options.rangePattern;
    if (!pattern.empty())
        setTitle(tr("Device time by range (%1), split by kernel").arg(QString::fromStdString(pattern)));
    else if (m_breakdown.options.ranges)
        setTitle(tr("Device time by range, split by kernel"));
    else
        setTitle(tr("Device time by operator, split by kernel"));

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
    m_labelStep = 0;
    setBarLabelStep(1);
    p->yAxis->setSubTicks(false);
    p->yAxis->setTickLength(0, 4);
    p->yAxis->setRange(0.4, n + 0.6);
    p->yAxis->setLabel(QString());
    p->xAxis->setLabel(tr("Device time (%1)").arg(scale.unit));
    p->xAxis->setRange(0, largest > 0 ? scale(largest) * 1.05 : 1.0);
    for (QCPAxis *axis : {p->xAxis, p->yAxis})
        axis->setTickLabels(n > 0); // bare 0..1 ticks would suggest data
    if (n == 0 && m_trace) {
        // Say why the chart is empty rather than show bare axes.
        auto *note = new QCPItemText(p);
        note->position->setType(QCPItemPosition::ptAxisRectRatio);
        note->position->setCoords(0.5, 0.5);
        note->setFont(axisFont());
        note->setText(m_breakdown.options.ranges || !pattern.empty()
                          ? tr("No range at this depth launched GPU work")
                          : tr("No CPU op at this depth launched GPU work"));
    }

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
    setLegendShown(n > 0);
    p->replot(QCustomPlot::rpQueuedReplot);

    // The tree: shown ops with their kernels, full names as tooltips.
    std::set<std::int32_t> streams;
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
            streams.insert(k.stream);
        }
    }
    m_tree->setColumnHidden(3, streams.size() <= 1); // one stream: its column would only take room from the names
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
