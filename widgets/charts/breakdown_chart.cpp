#include "qcustomplot_include.h" // first: see there

#include "breakdown_chart.h"

#include "chart_style.h"

#include "analysis/gpu/kernel_name.h"
#include "analysis/ranges/range_kernels.h"

#include <QHeaderView>
#include <QLocale>
#include <QScrollBar>
#include <QTreeWidget>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <unordered_map>

namespace tracelane::charts {
namespace {

constexpr int kBreakdownKernelSeries = 10; // kernels with a colour of their own
constexpr int kOpRole = Qt::UserRole + 1;     // tree item: index into OpKernelBreakdown::ops
constexpr int kKernelRole = Qt::UserRole + 2; // kernel rows: index into OpBreakdown::kernels
constexpr int kMaxLabelPixels = 300; // op names elide beyond this, or 30 % of a narrower chart
constexpr int kMinLabelPixels = 120;
constexpr int kMinTreeWidth = 150; // with the plot's, no wider than before the list asked for room
constexpr int kMinPlotWidth = 250;

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
    m_tree->setMinimumWidth(kMinTreeWidth);
    // The list takes the room its names need from the plot, but the plot keeps
    // enough for its labels and an axis title that is not cut at the edge.
    plot()->setMinimumWidth(kMinPlotWidth);
    m_tree->setTextElideMode(Qt::ElideMiddle); // variants of a kernel differ at the end
    m_tree->setToolTip(tr("Double-click an op to outline its GPU work on the timeline, a kernel to jump to its "
                          "longest instance"));
    connect(m_tree, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem *item) { activateTreeItem(item); });
    setSidePanel(m_tree);
    connect(m_watcher, &QFutureWatcher<OpKernelBreakdown>::finished, this,
            [this] { setBreakdown(m_pending, m_watcher->result()); });
    connect(plot(), &QCustomPlot::afterLayout, this, &BreakdownChart::fitBarsToPlot);
    connect(plot(), &QCustomPlot::mouseMove, this,
            [this](QMouseEvent *event) { showToolTip(event->pos(), toolTipAt(event->pos())); });
    connect(plot(), &QCustomPlot::mousePress, this, [this](QMouseEvent *event) {
        if (event->button() == Qt::LeftButton)
            requestInstancesAt(event->pos());
    });
    rebuild();
}

// As many bars as the plot has lines for, each labelled: in a short or narrow
// chart the smallest ops join the leftover bar and names elide sooner. Only a
// plot too short for two lines labels every k-th bar.
void BreakdownChart::fitBarsToPlot()
{
    const int lineHeight = QFontMetrics(axisFont()).height();
    // n bars take n + 0.2 rows of the axis (the pitch below): each gets a line when n <= H / line - 0.2.
    const int rows = static_cast<int>(double(plot()->axisRect()->height()) / std::max(lineHeight, 1) - 0.2);
    const int labelPixels = std::clamp(plot()->width() * 3 / 10, kMinLabelPixels, kMaxLabelPixels);
    const int fitRows = std::max(2, rows);
    if (fitRows != m_fitRows || labelPixels != m_labelPixels) {
        const int shown = static_cast<int>(m_bars.size());
        const bool rebuildNeeded =
            labelPixels != m_labelPixels || shown > fitRows || shown < std::min(m_wantedBars, fitRows);
        m_fitRows = fitRows;
        m_labelPixels = labelPixels;
        if (rebuildNeeded) {
            QMetaObject::invokeMethod(this, &BreakdownChart::rebuild, Qt::QueuedConnection); // not inside a replot
            return;
        }
    }
    const int n = static_cast<int>(m_barLabels.size());
    if (n == 0)
        return;
    const double pitch = double(plot()->axisRect()->height()) / (n + 0.2);
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
    // The shown breakdown keeps its own trace until the new one is ready: its
    // string ids and event references belong to that trace.
    m_pending = std::move(trace);
    if (!m_pending) {
        setBreakdown(nullptr, {});
        return;
    }
    m_watcher->setFuture(
        QtConcurrent::run([trace = m_pending, options] { return opKernelBreakdown(*trace, options); }));
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
    m_seriesOf.clear();
    const std::string &pattern = m_breakdown.options.rangePattern;
    if (!pattern.empty())
        setTitle(tr("Device time by range (%1), split by kernel").arg(QString::fromStdString(pattern)));
    else if (m_breakdown.options.ranges)
        setTitle(tr("Device time by range, split by kernel"));
    else
        setTitle(tr("Device time by operator, split by kernel"));
    // Say which wrappers gave way to what they hold (the Look Through Wrappers switch).
    QStringList wrappers;
    for (const WrapperCount &wrapper : m_breakdown.lookedThrough)
        wrappers << tr("%1 × %2").arg(QLocale().toString(qlonglong(wrapper.instances)), QString::fromStdString(wrapper.name));
    setCaption(wrappers.isEmpty() ? QStringList() : QStringList{tr("Looked through: %1").arg(wrappers.join(QStringLiteral(", ")))});

    // Ops with GPU work, largest first; the rest become one bar.
    std::vector<const OpBreakdown *> withWork;
    for (const OpBreakdown &op : m_breakdown.ops)
        if (op.deviceTime > 0)
            withWork.push_back(&op);
    const int withWorkCount = static_cast<int>(withWork.size());
    m_wantedBars = withWorkCount > m_top ? m_top + 1 : withWorkCount;
    int top = m_top;
    if (m_fitRows > 0 && m_wantedBars > m_fitRows)
        top = std::max(1, m_fitRows - 1); // one line for the leftover bar
    const auto split = withWork.begin() + std::min(top, withWorkCount);
    const std::vector<const OpBreakdown *> shown(withWork.begin(), split), rest(split, withWork.end());
    // Kernels (by short name) ranked over the top ops asked for pick the colours,
    // whether or not the plot has lines for all of them: a legend that followed
    // the bars shown changed the axis height, which changed the bars shown.
    std::map<std::string, TimeNs> kernelTime;
    auto shortName = [this](const KernelShare &k) { return shortKernelName(m_trace->strings.view(k.kernel)); };
    for (auto op = withWork.begin(); op != withWork.begin() + std::min(m_top, withWorkCount); ++op)
        for (const KernelShare &k : (*op)->kernels)
            kernelTime[shortName(k)] += k.time;
    std::vector<std::pair<TimeNs, std::string>> ranked;
    for (const auto &[name, time] : kernelTime)
        ranked.emplace_back(-time, name);
    std::sort(ranked.begin(), ranked.end());
    for (const auto &[negTime, name] : ranked) {
        if (static_cast<int>(m_seriesOf.size()) == kBreakdownKernelSeries)
            break;
        m_seriesOf[name] = static_cast<int>(m_seriesNames.size());
        m_seriesNames << QString::fromStdString(name);
    }
    const int otherSeries = static_cast<int>(m_seriesNames.size());
    m_otherSeries = otherSeries;
    m_seriesNames << tr("Other kernels");

    auto addBar = [&](const QString &label, const std::vector<const OpBreakdown *> &ops) {
        Bar bar;
        bar.label = label;
        std::map<int, TimeNs> bySeries;
        for (const OpBreakdown *op : ops) {
            bar.deviceTime += op->deviceTime;
            bar.ops.push_back(static_cast<std::size_t>(op - m_breakdown.ops.data()));
            for (const KernelShare &k : op->kernels)
                bySeries[seriesOf(k.kernel)] += k.time;
        }
        bar.segments.assign(bySeries.begin(), bySeries.end());
        m_bars.push_back(std::move(bar));
    };
    for (const OpBreakdown *op : shown)
        addBar(QString::fromStdString(shortOpName(op->name)), {op});
    if (!rest.empty()) {
        const bool ranges = m_breakdown.options.ranges || !pattern.empty();
        addBar((ranges ? tr("Other ranges (%1)") : tr("Other ops (%1)")).arg(rest.size()), rest);
    }

    TimeNs largest = 0;
    for (const Bar &bar : m_bars)
        largest = std::max(largest, bar.deviceTime);
    const TimeScale scale = timeScaleFor(largest);
    m_nsPerUnit = scale.nsPerUnit;

    // Horizontal bars: keys on the left axis, the largest op on top.
    QStringList labels;
    for (const Bar &bar : m_bars) // the leftover bar keeps its count readable
        labels << (&bar == &m_bars.back() && !rest.empty() ? bar.label : elided(bar.label, axisFont(), m_labelPixels));
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
        auto *note = addEmptyNote(p);
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

    fillTree(shown, scale);
    emit chartChanged();
}

QString BreakdownChart::toolTipAt(const QPoint &plotPos) const
{
    const int i = barAt(plotPos);
    if (i < 0)
        return {};
    const Bar &bar = m_bars[i];
    const TimeScale scale = timeScaleFor(bar.deviceTime);
    QString text = tr("<b>%1</b><br>Device time: %2").arg(bar.label.toHtmlEscaped(), formatTime(bar.deviceTime, scale));
    const int hovered = segmentAt(plotPos);
    for (const auto &[series, time] : bar.segments) {
        if (series == hovered)
            text += tr("<br>%1: %2 (%3 %)")
                        .arg(m_seriesNames[series].toHtmlEscaped(), formatTime(time, scale))
                        .arg(100.0 * double(time) / double(bar.deviceTime), 0, 'f', 1);
    }
    text += hovered >= 0 ? tr("<br><i>Click: outline this kernel's GPU work on the timeline</i>")
                         : tr("<br><i>Click: outline the op's GPU work on the timeline</i>");
    return text;
}

int BreakdownChart::seriesOf(StringId kernel) const
{
    const auto it = m_seriesOf.find(shortKernelName(m_trace->strings.view(kernel)));
    return it == m_seriesOf.end() ? m_otherSeries : it->second;
}

int BreakdownChart::barAt(const QPoint &plotPos) const
{
    const QCustomPlot *p = plot();
    const QRect area = p->axisRect()->rect();
    // The row's label left of the plot counts too: it names the op.
    if (m_bars.empty() || plotPos.y() < area.top() || plotPos.y() > area.bottom() || plotPos.x() > area.right())
        return -1;
    const int n = static_cast<int>(m_bars.size());
    const double key = p->yAxis->pixelToCoord(plotPos.y());
    const int i = n - static_cast<int>(std::lround(key));
    return i >= 0 && i < n ? i : -1;
}

int BreakdownChart::segmentAt(const QPoint &plotPos) const
{
    const int i = barAt(plotPos);
    const QCustomPlot *p = plot();
    if (i < 0 || !p->axisRect()->rect().contains(plotPos))
        return -1;
    // Inside the drawn bar's thickness (0.7 of the row), not the gap between bars.
    const double key = p->yAxis->pixelToCoord(plotPos.y());
    if (std::abs(key - double(static_cast<int>(m_bars.size()) - i)) > 0.35)
        return -1;
    const double x = p->xAxis->pixelToCoord(plotPos.x()) * m_nsPerUnit;
    TimeNs base = 0;
    for (const auto &[series, time] : m_bars[i].segments) {
        if (x >= double(base) && x <= double(base + time))
            return series;
        base += time;
    }
    return -1;
}

std::vector<EventRef> BreakdownChart::barEvents(int bar, int series) const
{
    if (!m_trace || bar < 0 || bar >= static_cast<int>(m_bars.size()))
        return {};
    std::vector<EventRef> events;
    std::unordered_map<StringId, int> seriesByName; // short names are parsed once per kernel name
    for (const std::size_t op : m_bars[bar].ops) {
        for (const EventRef ref : launchedGpuWork(*m_trace, m_breakdown.ops[op])) {
            if (series >= 0) {
                const StringId name = m_trace->event(ref).name;
                auto [it, inserted] = seriesByName.try_emplace(name, 0);
                if (inserted)
                    it->second = seriesOf(name);
                if (it->second != series)
                    continue;
            }
            events.push_back(ref);
        }
    }
    std::sort(events.begin(), events.end(), [this](EventRef a, EventRef b) {
        return std::pair(m_trace->event(a).start, a) < std::pair(m_trace->event(b).start, b);
    });
    return events;
}

bool BreakdownChart::requestInstancesAt(const QPoint &plotPos)
{
    const int bar = barAt(plotPos);
    if (bar < 0)
        return false;
    requestInstances(bar, segmentAt(plotPos));
    return true;
}

void BreakdownChart::requestInstances(int bar, int series)
{
    if (bar < 0 || bar >= static_cast<int>(m_bars.size()) || series >= static_cast<int>(m_seriesNames.size()))
        return;
    const QString op = m_bars[bar].label;
    const QString title = series < 0 ? tr("GPU work of %1").arg(op) : tr("%1 in %2").arg(m_seriesNames[series], op);
    emit instancesRequested(title, barEvents(bar, series));
}

// Shown ops with their kernels. Kernels sharing a short name within an op get
// their telling template argument; long names lose their middle (variants
// differ at the end), and the full name is the tooltip.
void BreakdownChart::fillTree(const std::vector<const OpBreakdown *> &shown, const TimeScale &scale)
{
    std::set<std::int32_t> streams;
    for (const OpBreakdown *op : shown) {
        const double share = m_breakdown.deviceTime ? 100.0 * double(op->deviceTime) / double(m_breakdown.deviceTime)
                                                    : 0.0;
        auto *item = new QTreeWidgetItem(m_tree,
                                         {QString::fromStdString(shortOpName(op->name)),
                                          formatTime(op->deviceTime, scale),
                                          QStringLiteral("%1 %").arg(share, 0, 'f', 1), QString()});
        item->setToolTip(0, QString::fromStdString(op->name));
        item->setData(0, kOpRole, qulonglong(op - m_breakdown.ops.data()));
        std::map<std::string, int> shortNames;
        for (const KernelShare &k : op->kernels)
            ++shortNames[shortKernelName(m_trace->strings.view(k.kernel))];
        for (std::size_t i = 0; i < op->kernels.size(); ++i) {
            const KernelShare &k = op->kernels[i];
            const std::string_view full = m_trace->strings.view(k.kernel);
            const std::string shortName = shortKernelName(full);
            QString name = QString::fromStdString(shortName);
            const std::string variant = kernelVariant(full);
            if (shortNames[shortName] > 1 && !variant.empty())
                name += QStringLiteral(" <%1>").arg(QString::fromStdString(variant));
            const QString stream = k.stream == kNoIndex ? QString()
                                                        : QString::number(m_trace->streams[k.stream].streamId);
            auto *child = new QTreeWidgetItem(
                item,
                {name, formatTime(k.time, scale),
                 QStringLiteral("%1 %").arg(100.0 * double(k.time) / double(op->deviceTime), 0, 'f', 1), stream});
            child->setToolTip(0, QString::fromUtf8(full.data(), qsizetype(full.size())));
            child->setData(0, kOpRole, qulonglong(op - m_breakdown.ops.data()));
            child->setData(0, kKernelRole, qulonglong(i));
            streams.insert(k.stream);
        }
    }
    m_tree->setColumnHidden(3, streams.size() <= 1); // one stream: its column would only take room from the names
    keepNamesReadable();
}

// The list is not so narrow that its numbers leave the names a few letters
// ("FW...ss"): it asks for room for the numbers whole and for the top-level
// names up to kNameChars characters, which the splitter takes from the plot.
void BreakdownChart::keepNamesReadable()
{
    constexpr int kNameChars = 20;
    constexpr int kCellPadding = 12;
    const QFontMetrics metrics = m_tree->fontMetrics();
    int numbers = 0;
    for (int column = 1; column < m_tree->columnCount(); ++column) {
        if (m_tree->isColumnHidden(column))
            continue;
        int widest = m_tree->header()->sectionSizeHint(column);
        for (int i = 0; i < m_tree->topLevelItemCount(); ++i)
            widest = std::max(widest, metrics.horizontalAdvance(m_tree->topLevelItem(i)->text(column)) + kCellPadding);
        numbers += widest;
    }
    int names = 0;
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i)
        names = std::max(names, metrics.horizontalAdvance(m_tree->topLevelItem(i)->text(0)));
    names = std::min(names, metrics.averageCharWidth() * kNameChars) + m_tree->indentation() + kCellPadding;
    const int frame = 2 * m_tree->frameWidth() + m_tree->verticalScrollBar()->sizeHint().width();
    setSidePanelWanted(numbers + names + frame);
}

// An op: its GPU work, outlined and listed. A kernel: its instances under that
// op, then the longest one selected (the one most worth a look, as in the
// summary tables; the earliest on a tie).
void BreakdownChart::activateTreeItem(const QTreeWidgetItem *item)
{
    if (!item || !m_trace)
        return;
    const std::size_t opIndex = item->data(0, kOpRole).toULongLong();
    if (opIndex >= m_breakdown.ops.size())
        return;
    const OpBreakdown &op = m_breakdown.ops[opIndex];
    const QString opName = QString::fromStdString(shortOpName(op.name));
    std::vector<EventRef> work = launchedGpuWork(*m_trace, op);
    const QVariant kernelIndex = item->data(0, kKernelRole);
    if (!kernelIndex.isValid()) {
        emit instancesRequested(tr("GPU work of %1").arg(opName), std::move(work));
        return;
    }
    if (kernelIndex.toULongLong() >= op.kernels.size())
        return;
    const KernelShare &k = op.kernels[kernelIndex.toULongLong()];
    std::erase_if(work, [&](EventRef ref) {
        const Event &e = m_trace->event(ref);
        return e.name != k.kernel || e.kind != k.kind || m_trace->tracks[ref.track].stream != k.stream;
    });
    EventRef longest;
    for (const EventRef ref : work)
        if (!longest.isValid() || m_trace->event(ref).duration > m_trace->event(longest).duration)
            longest = ref;
    emit instancesRequested(tr("%1 in %2").arg(item->text(0), opName), std::move(work));
    if (longest.isValid())
        emit eventRequested(longest);
}

} // namespace tracelane::charts
