#include "qcustomplot_include.h" // first: see there

#include "iteration_compare_chart.h"

#include "chart_style.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace tracelane::charts {
namespace {

constexpr double kBarWidth = 0.38; // two bars and a gap per iteration

// "1–3, 7, 9–12": runs of consecutive numbers joined, so a long tail stays short.
QString numberRanges(const std::vector<std::int64_t> &numbers)
{
    QStringList parts;
    for (std::size_t i = 0; i < numbers.size();) {
        std::size_t j = i;
        while (j + 1 < numbers.size() && numbers[j + 1] == numbers[j] + 1)
            ++j;
        parts << (j == i ? QString::number(numbers[i])
                         : QStringLiteral("%1–%2").arg(numbers[i]).arg(numbers[j]));
        i = j + 1;
    }
    return parts.join(QStringLiteral(", "));
}

bool uniqueNumbers(const IterationTable &table)
{
    std::set<std::int64_t> seen;
    for (const Iteration &it : table.iterations)
        if (!seen.insert(it.number).second)
            return false;
    return true;
}

} // namespace

QColor controlColor()
{
    return seriesColor(0); // blue
}

QColor testColor()
{
    return seriesColor(1); // orange: apart from blue for colour-blind readers, and on dark backgrounds
}

IterationCompareChart::IterationCompareChart(QWidget *parent)
    : ChartView(parent)
{
    m_metricBox = new QComboBox(this);
    m_metricBox->addItem(tr("CPU time"), QVariant::fromValue(Metric::CpuTime));
    m_metricBox->addItem(tr("GPU busy time"), QVariant::fromValue(Metric::GpuBusyTime));
    auto *label = new QLabel(tr("Show:"), this);
    label->setBuddy(m_metricBox);
    m_note = new QLabel(this);
    m_note->setObjectName(QStringLiteral("iterationCompareNote"));
    m_note->setWordWrap(true);
    m_note->setTextInteractionFlags(Qt::TextSelectableByMouse);
    controls()->addWidget(label);
    controls()->addWidget(m_metricBox);
    controls()->addStretch(1);
    // Its own line under the controls: a long list of missing iterations wraps there.
    if (auto *column = qobject_cast<QVBoxLayout *>(layout()))
        column->insertWidget(1, m_note);
    connect(m_metricBox, &QComboBox::currentIndexChanged, this,
            [this] { setMetric(m_metricBox->currentData().value<Metric>()); });
    connect(plot(), &QCustomPlot::mouseMove, this,
            [this](QMouseEvent *event) { showToolTip(event->pos(), toolTipAt(event->pos())); });
    rebuild();
}

IterationCompareChart::~IterationCompareChart() = default; // a running worker holds its traces itself

void IterationCompareChart::setTraces(std::shared_ptr<const Trace> control, const QString &controlLabel,
                                      std::shared_ptr<const Trace> test, const QString &testLabel)
{
    m_running = nullptr; // its result, for the previous traces, is dropped
    m_labels[Control] = controlLabel;
    m_labels[Test] = testLabel;
    if (!control || !test) {
        setIterations({}, controlLabel, {}, testLabel);
        return;
    }
    m_waiting = true;
    m_note->setText(tr("Finding the iterations…"));
    m_note->show();
    auto *watcher = new QFutureWatcher<std::pair<IterationTable, IterationTable>>(this);
    m_running = watcher;
    connect(watcher, &QFutureWatcher<std::pair<IterationTable, IterationTable>>::finished, this, [this, watcher] {
        watcher->deleteLater();
        if (watcher != m_running)
            return;
        m_running = nullptr;
        auto [control, test] = watcher->result();
        setIterations(std::move(control), m_labels[Control], std::move(test), m_labels[Test]);
    });
    watcher->setFuture(QtConcurrent::run([control = std::move(control), test = std::move(test)] {
        return std::pair{detectIterations(*control), detectIterations(*test)};
    }));
}

void IterationCompareChart::setIterations(IterationTable control, const QString &controlLabel, IterationTable test,
                                          const QString &testLabel)
{
    m_waiting = false;
    m_running = nullptr;
    m_tables[Control] = std::move(control);
    m_tables[Test] = std::move(test);
    m_labels[Control] = controlLabel;
    m_labels[Test] = testLabel;
    pairIterations();
    rebuild();
}

void IterationCompareChart::setMetric(Metric metric)
{
    if (metric == m_metric)
        return;
    m_metric = metric;
    m_metricBox->setCurrentIndex(m_metricBox->findData(QVariant::fromValue(metric)));
    rebuild();
}

TimeNs IterationCompareChart::measure(const Iteration &it) const
{
    return m_metric == Metric::CpuTime ? it.cpuTime() : it.gpu.busyTime;
}

void IterationCompareChart::pairIterations()
{
    m_byNumber = uniqueNumbers(m_tables[Control]) && uniqueNumbers(m_tables[Test]);
    std::map<double, Pair> byKey;
    for (const Side side : {Control, Test}) {
        const auto &iterations = m_tables[side].iterations;
        for (std::size_t i = 0; i < iterations.size(); ++i) {
            const double key = m_byNumber ? double(iterations[i].number) : double(i + 1);
            Pair &pair = byKey[key];
            pair.key = key;
            (side == Control ? pair.control : pair.test) = i;
        }
    }
    m_pairs.clear();
    m_pairs.reserve(byKey.size());
    for (auto &[key, pair] : byKey)
        m_pairs.push_back(pair);
}

QString IterationCompareChart::note() const
{
    if (m_waiting)
        return m_note->text();
    const bool none[2] = {m_tables[Control].iterations.empty(), m_tables[Test].iterations.empty()};
    if (none[Control] && none[Test])
        return tr("Neither trace has iterations (pattern: %1)")
            .arg(QString::fromStdString(patternsTriedText(m_tables[Control])));
    std::vector<std::int64_t> only[2];
    for (const Pair &pair : m_pairs) {
        if (!pair.test)
            only[Control].push_back(std::int64_t(pair.key));
        else if (!pair.control)
            only[Test].push_back(std::int64_t(pair.key));
    }
    QStringList parts;
    if (!m_byNumber)
        parts << tr("A trace repeats iteration numbers: matched by start order");
    for (const Side side : {Control, Test}) {
        if (none[side])
            parts << (side == Control ? tr("The control trace has no iterations")
                                      : tr("The test trace has no iterations"));
        else if (!only[side].empty())
            parts << (side == Control ? tr("Only in the control trace: %1") : tr("Only in the test trace: %1"))
                         .arg(numberRanges(only[side]));
    }
    return parts.join(QStringLiteral("; "));
}

void IterationCompareChart::rebuild()
{
    QCustomPlot *p = plot();
    p->clearPlottables();
    p->clearItems();
    const bool cpu = m_metric == Metric::CpuTime;
    setTitle(cpu ? tr("CPU time per iteration, both traces") : tr("GPU busy time per iteration, both traces"));
    if (!m_waiting)
        m_note->setText(note());
    m_note->setVisible(!m_note->text().isEmpty());

    TimeNs largest = 0;
    for (const Side side : {Control, Test})
        for (const Iteration &it : m_tables[side].iterations)
            largest = std::max(largest, measure(it));
    const TimeScale scale = timeScaleFor(largest);
    m_nsPerUnit = scale.nsPerUnit;

    auto *group = new QCPBarsGroup(p); // owned by the plot; side by side, not stacked
    group->setSpacingType(QCPBarsGroup::stAbsolute);
    group->setSpacing(1);
    for (const Side side : {Control, Test}) {
        QVector<double> keys, values;
        for (const Pair &pair : m_pairs) {
            const auto index = side == Control ? pair.control : pair.test;
            if (!index)
                continue; // no bar: the note says it is missing
            keys << pair.key;
            values << scale(measure(m_tables[side].iterations[*index]));
        }
        auto *bars = new QCPBars(p->xAxis, p->yAxis);
        const QString role = side == Control ? tr("Control") : tr("Test");
        bars->setName(legendName(m_labels[side].isEmpty() ? role : tr("%1: %2").arg(role, m_labels[side])));
        const QColor color = side == Control ? controlColor() : testColor();
        bars->setBrush(color);
        bars->setPen(QPen(color.darker(130), 0.5));
        bars->setWidth(kBarWidth);
        bars->setBarsGroup(group);
        bars->setData(keys, values, true);
    }

    auto ticker = QSharedPointer<QCPAxisTickerFixed>::create(); // whole iterations only
    ticker->setTickStep(1);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    p->xAxis->setTicker(ticker);
    p->xAxis->setNumberFormat(QStringLiteral("f"));
    p->xAxis->setNumberPrecision(0);
    p->xAxis->setSubTicks(false);
    p->xAxis->setLabel(m_byNumber ? tr("Iteration") : tr("Iteration (in start order)"));
    p->yAxis->setLabel((cpu ? tr("CPU time (%1)") : tr("GPU busy time (%1)")).arg(scale.unit));
    for (QCPAxis *axis : {p->xAxis, p->yAxis})
        axis->setTickLabels(!m_pairs.empty());
    if (m_pairs.empty()) {
        p->xAxis->setRange(0, 1);
        p->yAxis->setRange(0, 1);
    } else {
        p->xAxis->setRange(m_pairs.front().key - 0.6, m_pairs.back().key + 0.6);
        p->yAxis->setRange(0, std::max(scale(largest) * 1.08, 1e-9));
    }
    placeLegendBelow(2);
    setLegendShown(true);
    p->replot(QCustomPlot::rpQueuedReplot);
    emit chartChanged();
}

const IterationCompareChart::Pair *IterationCompareChart::pairAt(const QPoint &plotPos) const
{
    const QCustomPlot *p = plot();
    if (!p->axisRect()->rect().contains(plotPos) || m_pairs.empty())
        return nullptr;
    const double key = p->xAxis->pixelToCoord(plotPos.x());
    const auto at = std::lower_bound(m_pairs.begin(), m_pairs.end(), key - 0.5,
                                     [](const Pair &pair, double k) { return pair.key < k; });
    return at != m_pairs.end() && std::abs(at->key - key) <= 0.5 ? &*at : nullptr;
}

QString IterationCompareChart::toolTipAt(const QPoint &plotPos) const
{
    const Pair *pair = pairAt(plotPos);
    if (!pair)
        return {};
    const auto valueOf = [&](Side side) -> std::optional<TimeNs> {
        const auto index = side == Control ? pair->control : pair->test;
        return index ? std::optional(measure(m_tables[side].iterations[*index])) : std::nullopt;
    };
    const auto control = valueOf(Control), test = valueOf(Test);
    const TimeScale scale = timeScaleFor(std::max(control.value_or(0), test.value_or(0)));
    const auto text = [&](const std::optional<TimeNs> &v) { return v ? formatTime(*v, scale) : tr("none"); };
    QString tip = tr("<b>Iteration %1</b><br>Control: %2<br>Test: %3")
                      .arg(std::int64_t(pair->key))
                      .arg(text(control), text(test));
    if (control && test && *control > 0)
        tip += tr("<br>Test − control: %1 (%2 %)")
                   .arg(formatTime(*test - *control, scale))
                   .arg(100.0 * double(*test - *control) / double(*control), 0, 'f', 1);
    return tip;
}

} // namespace tracelane::charts
