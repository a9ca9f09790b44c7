#include "qcustomplot_include.h" // first: see there

#include "op_compare_chart.h"

#include "chart_style.h"

#include "analysis/gpu/kernel_name.h"

#include <algorithm>
#include <cmath>

namespace tracelane::charts {
namespace {

constexpr int kCompareKernelSeries = 8; // kernels with a colour of their own
// Blue and orange mark the control and the test trace in the Compare dock:
// kernels take the colours after them.
constexpr int kTraceColors = 2;
// Rows on the value axis: the control bar above the test bar.
constexpr double kRow[2] = {2.0, 1.0};

} // namespace

OpCompareChart::OpCompareChart(QWidget *parent)
    : ChartView(parent)
{
    connect(plot(), &QCustomPlot::mouseMove, this,
            [this](QMouseEvent *event) { showToolTip(event->pos(), toolTipAt(event->pos())); });
    rebuild();
}

void OpCompareChart::setOps(const QString &name, std::shared_ptr<const Trace> control, const OpBreakdown *controlOp,
                            std::shared_ptr<const Trace> test, const OpBreakdown *testOp)
{
    m_name = name;
    const std::shared_ptr<const Trace> traces[2] = {std::move(control), std::move(test)};
    const OpBreakdown *ops[2] = {controlOp, testOp};
    for (const Side side : {Control, Test}) {
        m_kernels[side].clear();
        m_has[side] = ops[side] && traces[side];
        m_deviceTime[side] = m_has[side] ? ops[side]->deviceTime : 0;
        if (!m_has[side])
            continue;
        for (const KernelShare &k : ops[side]->kernels) { // streams of one kernel add up
            KernelTotal &total = m_kernels[side][shortKernelName(traces[side]->strings.view(k.kernel))];
            total.count += k.count;
            total.time += k.time;
        }
    }
    rebuild();
}

TimeNs OpCompareChart::segmentTime(Side side, int series) const
{
    const auto &segments = m_segments[side];
    return series >= 0 && series < int(segments.size()) ? segments[std::size_t(series)] : 0;
}

void OpCompareChart::rebuild()
{
    QCustomPlot *p = plot();
    p->clearPlottables();
    p->clearItems();
    setTitle(m_name.isEmpty() ? tr("Device time of an op, split by kernel")
                              : tr("Device time of %1, split by kernel").arg(m_name));

    // Colours for the largest kernels of both bars together.
    std::map<std::string, TimeNs> combined;
    for (const Side side : {Control, Test})
        for (const auto &[kernel, total] : m_kernels[side])
            combined[kernel] += total.time;
    std::vector<std::pair<TimeNs, std::string>> ranked;
    for (const auto &[kernel, time] : combined)
        ranked.emplace_back(-time, kernel);
    std::sort(ranked.begin(), ranked.end());
    m_seriesOf.clear();
    m_seriesNames.clear();
    for (const auto &[negTime, kernel] : ranked) {
        if (int(m_seriesOf.size()) == kCompareKernelSeries)
            break;
        m_seriesOf[kernel] = int(m_seriesNames.size());
        m_seriesNames << QString::fromStdString(kernel);
    }
    const int other = int(m_seriesNames.size());
    const bool anyOther = ranked.size() > std::size_t(kCompareKernelSeries);
    m_seriesNames << tr("Other kernels");
    for (const Side side : {Control, Test}) {
        m_segments[side].assign(std::size_t(other + 1), 0);
        for (const auto &[kernel, total] : m_kernels[side]) {
            const auto at = m_seriesOf.find(kernel);
            m_segments[side][std::size_t(at == m_seriesOf.end() ? other : at->second)] += total.time;
        }
    }

    const TimeScale scale = timeScaleFor(std::max(m_deviceTime[Control], m_deviceTime[Test]));
    m_nsPerUnit = scale.nsPerUnit;
    QCPBars *below = nullptr;
    for (int s = 0; s <= other; ++s) {
        if (s == other && !anyOther)
            break; // no empty "Other kernels" in the legend
        auto *bars = new QCPBars(p->yAxis, p->xAxis); // horizontal
        bars->setName(legendName(m_seriesNames[s]));
        const QColor color = s == other ? restColor() : seriesColor(s + kTraceColors);
        bars->setBrush(color);
        bars->setPen(QPen(color.darker(130), 0.5));
        bars->setWidth(0.6);
        QVector<double> keys, values;
        for (const Side side : {Control, Test}) {
            if (!m_has[side])
                continue;
            keys << kRow[side];
            values << scale(m_segments[side][std::size_t(s)]);
        }
        bars->setData(keys, values); // not sorted: the control row is the higher key
        if (below)
            bars->moveAbove(below);
        below = bars;
    }

    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    ticker->addTick(kRow[Control], m_has[Control] ? tr("Control") : tr("Control (none)"));
    ticker->addTick(kRow[Test], m_has[Test] ? tr("Test") : tr("Test (none)"));
    p->yAxis->setTicker(ticker);
    p->yAxis->setRange(0.4, 2.6);
    p->yAxis->setSubTicks(false);
    p->yAxis->grid()->setVisible(false);
    p->xAxis->setLabel(tr("Device time (%1)").arg(scale.unit));
    const TimeNs largest = std::max(m_deviceTime[Control], m_deviceTime[Test]);
    p->xAxis->setRange(0, largest > 0 ? scale(largest) * 1.08 : 1.0);
    p->xAxis->setTickLabels(largest > 0);
    if (largest == 0 && !m_name.isEmpty()) { // say why the plot is empty
        auto *note = addEmptyNote(p);
        note->setText(m_has[Control] || m_has[Test] ? tr("No GPU work launched by this op")
                                                    : tr("Not an operator of either trace"));
    }
    placeLegendBelow(3);
    setLegendShown(!combined.empty());
    p->replot(QCustomPlot::rpQueuedReplot);
    emit chartChanged();
}

int OpCompareChart::seriesAt(const QPoint &plotPos, Side *side) const
{
    const QCustomPlot *p = plot();
    if (!p->axisRect()->rect().contains(plotPos))
        return -1;
    const double row = p->yAxis->pixelToCoord(plotPos.y());
    const double t = p->xAxis->pixelToCoord(plotPos.x()) * m_nsPerUnit;
    for (const Side s : {Control, Test}) {
        if (!m_has[s] || std::abs(row - kRow[s]) > 0.3)
            continue;
        *side = s;
        double base = 0;
        for (int series = 0; series < int(m_segments[s].size()); ++series) {
            const double next = base + double(m_segments[s][std::size_t(series)]);
            if (t >= base && t < next)
                return series;
            base = next;
        }
        return -2; // the row, past its bar
    }
    return -1;
}

QString OpCompareChart::toolTipAt(const QPoint &plotPos) const
{
    Side side = Control;
    const int series = seriesAt(plotPos, &side);
    if (series == -1)
        return {};
    const TimeScale scale = timeScaleFor(std::max(m_deviceTime[Control], m_deviceTime[Test]));
    QString text = tr("<b>%1</b><br>Control: %2<br>Test: %3")
                       .arg(m_name.toHtmlEscaped(),
                            m_has[Control] ? formatTime(m_deviceTime[Control], scale) : tr("none"),
                            m_has[Test] ? formatTime(m_deviceTime[Test], scale) : tr("none"));
    if (series < 0 || series >= int(m_seriesNames.size()) - 1)
        return text;
    const std::string kernel = m_seriesNames[series].toStdString();
    const auto line = [&](Side s) {
        const auto at = m_kernels[s].find(kernel);
        return at == m_kernels[s].end()
                   ? tr("none")
                   : tr("%1 in %n launch(es)", nullptr, int(at->second.count)).arg(formatTime(at->second.time, scale));
    };
    return text + tr("<br><br><b>%1</b><br>Control: %2<br>Test: %3")
                      .arg(m_seriesNames[series].toHtmlEscaped(), line(Control), line(Test));
}

} // namespace tracelane::charts
