#include "qcustomplot_include.h" // first: see there

#include "iteration_chart.h"

#include "chart_style.h"

#include "analysis/operators/warm_up_outliers.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QLabel>
#include <QSet>
#include <QtConcurrent/QtConcurrentRun>

#include <cmath>


namespace tracelane::charts {
namespace {

constexpr int kPhaseSeries = 8; // phases with a colour of their own

} // namespace

IterationChart::IterationChart(QWidget *parent)
    : ChartView(parent)
    , m_watcher(new QFutureWatcher<IterationTable>(this))
{
    m_metricBox = new QComboBox(this);
    m_metricBox->addItem(tr("CPU time"), QVariant::fromValue(Metric::CpuTime));
    m_metricBox->addItem(tr("GPU busy time"), QVariant::fromValue(Metric::GpuBusyTime));
    auto *label = new QLabel(tr("Show:"), this);
    label->setBuddy(m_metricBox);
    controls()->addWidget(label);
    controls()->addWidget(m_metricBox);
    m_rankBox = new QComboBox(this);
    m_rankBox->setObjectName(QStringLiteral("iterationRank"));
    m_rankLabel = new QLabel(tr("Rank:"), this);
    m_rankLabel->setBuddy(m_rankBox);
    controls()->addWidget(m_rankLabel);
    controls()->addWidget(m_rankBox);
    m_rankBox->hide();
    m_rankLabel->hide();
    connect(m_rankBox, &QComboBox::currentIndexChanged, this, [this] { rebuild(); });
    // Only where there is a warm-up outlier to show: elsewhere it would switch nothing.
    m_showOutliersBox = new QCheckBox(tr("Show outliers"), this);
    m_showOutliersBox->setObjectName(QStringLiteral("showOutliers"));
    m_showOutliersBox->setToolTip(tr("Draw warm-up iterations far longer than the rest whole, on the same axis"));
    m_showOutliersBox->hide();
    connect(m_showOutliersBox, &QCheckBox::toggled, this, &IterationChart::setShowOutliers);
    controls()->addWidget(m_showOutliersBox);
    controls()->addStretch(1);
    connect(m_metricBox, &QComboBox::currentIndexChanged, this,
            [this] { setMetric(m_metricBox->currentData().value<Metric>()); });

    connect(m_watcher, &QFutureWatcher<IterationTable>::finished, this, [this] {
        setIterations(m_trace, m_watcher->result());
    });
    connect(plot(), &QCustomPlot::afterLayout, this, &IterationChart::fitTicks);
    connect(plot(), &QCustomPlot::mouseMove, this,
            [this](QMouseEvent *event) { showToolTip(event->pos(), toolTipAt(event->pos())); });
    connect(plot(), &QCustomPlot::mousePress, this, [this](QMouseEvent *event) {
        const int i = iterationAt(event->pos());
        if (i >= 0 && event->button() == Qt::LeftButton)
            emit iterationClicked(m_shown.iterations[i].start, m_shown.iterations[i].end);
    });
    rebuild();
}

IterationChart::~IterationChart()
{
    m_watcher->waitForFinished(); // the worker reads the trace this chart holds
}

void IterationChart::setTrace(std::shared_ptr<const Trace> trace, const IterationOptions &options)
{
    m_watcher->waitForFinished();
    m_trace = std::move(trace);
    fillRankBox();
    if (!m_trace) {
        setIterations(nullptr, {});
        return;
    }
    m_watcher->setFuture(QtConcurrent::run([trace = m_trace, options] { return detectIterations(*trace, options); }));
}

void IterationChart::setIterations(std::shared_ptr<const Trace> trace, IterationTable table)
{
    const bool newTrace = trace != m_trace;
    m_trace = std::move(trace);
    m_table = std::move(table);
    if (newTrace)
        fillRankBox();
    rebuild();
}

// Several traces in one window: one rank's iterations at a time (their
// numbers repeat across ranks), the first rank's to begin with.
void IterationChart::fillRankBox()
{
    const QSignalBlocker blocker(m_rankBox);
    m_rankBox->clear();
    const std::size_t parts = m_trace ? m_trace->parts.size() : 0;
    if (parts > 1) {
        for (const TracePart &part : m_trace->parts)
            m_rankBox->addItem(part.rank ? tr("Rank %1").arg(*part.rank) : QString::fromStdString(part.label));
        m_rankBox->addItem(tr("All ranks"));
    }
    m_rankBox->setVisible(parts > 1);
    m_rankLabel->setVisible(parts > 1);
}

void IterationChart::setShownPart(int part)
{
    if (part >= 0 && part < m_rankBox->count())
        m_rankBox->setCurrentIndex(part);
}

void IterationChart::selectShown()
{
    m_shown.pattern = m_table.pattern;
    m_shown.patternsTried = m_table.patternsTried;
    m_shown.phaseNames = m_table.phaseNames;
    m_shown.iterations.clear();
    const int part = m_rankBox->currentIndex(); // -1 without ranks; parts.size() for all of them
    const TracePart *shown = m_trace && part >= 0 && std::size_t(part) < m_trace->parts.size()
                                 ? &m_trace->parts[std::size_t(part)]
                                 : nullptr;
    for (const Iteration &it : m_table.iterations)
        if (!shown || (it.ref.track >= shown->firstTrack && it.ref.track < shown->endTrack))
            m_shown.iterations.push_back(it);
}

void IterationChart::setMetric(Metric metric)
{
    if (metric == m_metric)
        return;
    m_metric = metric;
    m_metricBox->setCurrentIndex(m_metricBox->findData(QVariant::fromValue(metric)));
    rebuild();
}

void IterationChart::setShowOutliers(bool show)
{
    if (show == m_showOutliers)
        return;
    m_showOutliers = show;
    m_showOutliersBox->setChecked(show);
    rebuild();
}

TimeNs IterationChart::cutOffOutliers(const std::vector<TimeNs> &heights)
{
    m_cutOff.clear();
    const std::vector<WarmUpOutlier> outliers = warmUpOutliers(heights);
    m_showOutliersBox->setVisible(!outliers.empty());
    QStringList notes;
    if (!m_showOutliers) {
        for (const WarmUpOutlier &o : outliers) {
            m_cutOff.push_back(static_cast<int>(o.index));
            notes << tr("Iteration %1 cut off: %2× the median")
                         .arg(keyOf(static_cast<int>(o.index)))
                         .arg(QLocale().toString(o.timesMedian, 'f', 1));
        }
    }
    setCaption(notes);
    TimeNs largest = 0;
    for (std::size_t i = 0; i < heights.size(); ++i)
        if (std::find(m_cutOff.begin(), m_cutOff.end(), static_cast<int>(i)) == m_cutOff.end())
            largest = std::max(largest, heights[i]);
    return largest;
}

// The cut-off bars run into the top of the plot; their whole time is written there.
void IterationChart::labelCutOffBars(const std::vector<TimeNs> &heights)
{
    for (const int i : m_cutOff) {
        auto *label = new QCPItemText(plot());
        label->setClipToAxisRect(false);
        label->position->setTypeX(QCPItemPosition::ptPlotCoords);
        label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        label->position->setCoords(keyOf(i), 0);
        label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
        label->setFont(axisFont());
        label->setBrush(ChartColors::from(palette()).background); // readable over the bar it labels
        label->setPadding(QMargins(3, 1, 3, 1));
        label->setText(QStringLiteral("↑ ") + formatTime(heights[std::size_t(i)], timeScaleFor(heights[std::size_t(i)])));
    }
}

double IterationChart::barTop(int iteration) const
{
    if (iteration < 0 || std::size_t(iteration) >= m_heights.size())
        return 0;
    return double(m_heights[std::size_t(iteration)]) / m_nsPerUnit;
}

TimeNs IterationChart::measure(TimeNs cpu, const GpuWorkTotals &gpu) const
{
    return m_metric == Metric::CpuTime ? cpu : gpu.busyTime;
}

TimeNs IterationChart::value(const Iteration &it, int series) const
{
    const int shown = static_cast<int>(m_shownPhases.size());
    TimeNs inShown = 0;
    for (const IterationPhase &p : it.phases) {
        const auto at = std::find(m_shownPhases.begin(), m_shownPhases.end(), p.phase);
        if (at == m_shownPhases.end())
            continue;
        if (series < shown && at - m_shownPhases.begin() == series)
            inShown += measure(p.cpuTime(), p.gpu);
        else if (series >= shown)
            inShown += measure(p.cpuTime(), p.gpu);
    }
    if (series < shown)
        return inShown;
    // The rest, so that the stack adds up to the iteration.
    return std::max<TimeNs>(0, measure(it.cpuTime(), it.gpu) - inShown);
}

double IterationChart::keyOf(int iteration) const
{
    return m_keysAreNumbers ? double(m_shown.iterations[iteration].number) : double(iteration + 1);
}

void IterationChart::rebuild()
{
    selectShown();
    QCustomPlot *p = plot();
    p->clearPlottables();
    p->clearItems();
    const bool cpu = m_metric == Metric::CpuTime;
    setTitle(cpu ? tr("CPU time per iteration") : tr("GPU busy time per iteration"));

    // A colour for each of the largest phases; traces that mark every op as a
    // range (emit_nvtx) would otherwise fill the legend.
    std::vector<std::pair<TimeNs, std::size_t>> phaseTotals(m_shown.phaseNames.size());
    for (std::size_t i = 0; i < phaseTotals.size(); ++i)
        phaseTotals[i].second = i;
    for (const Iteration &it : m_shown.iterations)
        for (const IterationPhase &p : it.phases)
            phaseTotals[p.phase].first -= measure(p.cpuTime(), p.gpu);
    std::stable_sort(phaseTotals.begin(), phaseTotals.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    m_phasesBySize.clear();
    for (const auto &[negTotal, phase] : phaseTotals)
        m_phasesBySize.push_back(phase);
    if (m_legendRoom.isEmpty())
        m_legendRoom = p->size();
    const int room = phasesThatFit(m_legendRoom);
    m_shownPhases.assign(m_phasesBySize.begin(), m_phasesBySize.begin() + room);
    std::sort(m_shownPhases.begin(), m_shownPhases.end()); // first-seen order reads like the loop
    const bool droppedPhases = m_shownPhases.size() < m_shown.phaseNames.size();

    QSet<std::int64_t> numbers;
    m_heights.clear();
    for (const Iteration &it : m_shown.iterations) {
        numbers.insert(it.number);
        TimeNs stacked = 0; // phases may overlap on the GPU: the stack can pass the iteration's own time
        for (int s = 0; s <= static_cast<int>(m_shownPhases.size()); ++s)
            stacked += value(it, s);
        m_heights.push_back(std::max(stacked, cpu ? it.cpuTime() : it.gpu.busyTime));
    }
    m_keysAreNumbers = static_cast<std::size_t>(numbers.size()) == m_shown.iterations.size();
    const TimeNs largest = cutOffOutliers(m_heights);
    const TimeScale scale = timeScaleFor(largest);
    m_nsPerUnit = scale.nsPerUnit;

    const int seriesCount = static_cast<int>(m_shownPhases.size()) + 1;
    QCPBars *below = nullptr;
    for (int s = 0; s < seriesCount; ++s) {
        const bool rest = s == seriesCount - 1;
        QVector<double> keys, values;
        bool any = false;
        for (int i = 0; i < static_cast<int>(m_shown.iterations.size()); ++i) {
            const TimeNs v = value(m_shown.iterations[i], s);
            keys << keyOf(i);
            values << scale(v);
            any = any || v > 0;
        }
        if (rest && !any && s > 0)
            continue; // no time outside the phases: no empty legend entry
        auto *bars = new QCPBars(p->xAxis, p->yAxis);
        bars->setName(rest ? restName(droppedPhases, s > 0)
                           : legendName(QString::fromStdString(m_shown.phaseNames[m_shownPhases[s]])));
        const QColor color = rest && s > 0 ? restColor() : seriesColor(s);
        bars->setBrush(color);
        bars->setPen(QPen(color.darker(130), 0.5));
        bars->setWidth(0.7);
        bars->setData(keys, values); // numbers need not rise with start time
        if (below)
            bars->moveAbove(below);
        below = bars;
    }

    auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssNone); // the step is fitTicks()' alone
    p->xAxis->setTicker(ticker);
    p->xAxis->setNumberFormat(QStringLiteral("f"));
    p->xAxis->setNumberPrecision(0);
    p->xAxis->setSubTicks(false);
    p->xAxis->setLabel(m_keysAreNumbers ? tr("Iteration") : tr("Iteration (in start order)"));
    p->yAxis->setLabel((cpu ? tr("CPU time (%1)") : tr("GPU busy time (%1)")).arg(scale.unit));
    for (QCPAxis *axis : {p->xAxis, p->yAxis})
        axis->setTickLabels(!m_shown.iterations.empty()); // bare 0..1 ticks would suggest data
    if (m_shown.iterations.empty()) {
        p->xAxis->setRange(0, 1);
        p->yAxis->setRange(0, 1);
        if (m_trace) {
            auto *note = addEmptyNote(p);
            QStringList tried; // each pattern in full, not just the last one tried
            for (const std::string &pattern : m_shown.patternsTried)
                tried << QString::fromStdString(pattern);
            if (tried.isEmpty())
                tried << QString::fromStdString(m_shown.pattern);
            note->setText(tr("No range names an iteration\n(pattern: %1)").arg(tried.join(tr(" or "))));
        }
    } else {
        double lo = keyOf(0), hi = lo;
        for (int i = 0; i < static_cast<int>(m_shown.iterations.size()); ++i) {
            lo = std::min(lo, keyOf(i));
            hi = std::max(hi, keyOf(i));
        }
        p->xAxis->setRange(lo - 0.6, hi + 0.6);
        p->yAxis->setRange(0, std::max(scale(largest) * 1.08, 1e-9));
        labelCutOffBars(m_heights);
    }
    placeLegendBelow(std::min(seriesCount, 5));
    setLegendShown(seriesCount > 1 || !m_shown.iterations.empty());
    m_tickStep = 0;
    fitTicks(); // for the current width; a new layout fits them again
    p->replot(QCustomPlot::rpQueuedReplot);
    emit chartChanged();
}

QString IterationChart::restName(bool droppedPhases, bool anyPhase) const
{
    return !anyPhase ? tr("Iteration") : droppedPhases ? tr("Other phases and outside") : tr("Outside phases");
}

// Fewer phases while the legend would not fit; none (one colour, the whole
// iteration, no legend needed) when not even one phase and the rest would.
int IterationChart::phasesThatFit(QSize size) const
{
    const int all = std::min(kPhaseSeries, static_cast<int>(m_phasesBySize.size()));
    for (int n = all; n > 0; --n) {
        QStringList names;
        for (int i = 0; i < n; ++i)
            names << legendName(QString::fromStdString(m_shown.phaseNames[m_phasesBySize[std::size_t(i)]]));
        names << restName(n < static_cast<int>(m_phasesBySize.size()), true);
        if (legendFits(names, std::min(n + 1, 5), size))
            return n;
    }
    return 0;
}

void IterationChart::fitSeriesTo(QSize size)
{
    m_legendRoom = size;
    if (phasesThatFit(size) != static_cast<int>(m_shownPhases.size()))
        rebuild();
}

void IterationChart::fitTicks()
{
    QCPAxis *axis = plot()->xAxis;
    auto ticker = qSharedPointerDynamicCast<QCPAxisTickerFixed>(axis->ticker());
    if (!ticker)
        return;
    const double pixelsPerKey = std::max(axis->axisRect()->width(), 1) / std::max(axis->range().size(), 1.0);
    const QFontMetrics metrics(axis->tickLabelFont());
    const auto widthOf = [&](double key) { return metrics.horizontalAdvance(QString::number(std::llround(key))); };
    const double room = std::max(widthOf(axis->range().lower), widthOf(axis->range().upper))
                        + 1.5 * metrics.horizontalAdvance(QLatin1Char('0')); // the gap between labels
    double step = 1;
    for (double magnitude = 1; magnitude < 1e15 && step * pixelsPerKey < room; magnitude *= 10) {
        for (const double factor : {1.0, 2.0, 5.0}) {
            step = factor * magnitude;
            if (step * pixelsPerKey >= room)
                break;
        }
    }
    if (step == m_tickStep)
        return;
    m_tickStep = step;
    ticker->setTickStep(step);
    plot()->replot(QCustomPlot::rpQueuedReplot); // this layout's ticks are already placed
}

int IterationChart::iterationAt(const QPoint &plotPos) const
{
    // The whole column counts, not only the bar: beside a long warm-up
    // iteration the others may be a pixel tall.
    const QCustomPlot *p = plot();
    if (!p->axisRect()->rect().contains(plotPos))
        return -1;
    const double key = p->xAxis->pixelToCoord(plotPos.x());
    for (int i = 0; i < static_cast<int>(m_shown.iterations.size()); ++i) {
        if (std::abs(key - keyOf(i)) <= 0.4)
            return i;
    }
    return -1;
}

QString IterationChart::toolTipAt(const QPoint &plotPos) const
{
    const int i = iterationAt(plotPos);
    if (i < 0)
        return {};
    const Iteration &it = m_shown.iterations[i];
    const double y = plot()->yAxis->pixelToCoord(plotPos.y()) * m_nsPerUnit;
    // Which stacked segment is under the cursor.
    QString segment;
    TimeNs segmentValue = 0;
    TimeNs base = 0;
    const int shown = static_cast<int>(m_shownPhases.size());
    for (int s = 0; s <= shown && shown > 0; ++s) { // one series: the bar is the iteration
        const TimeNs v = value(it, s);
        if (v > 0 && y >= double(base) && y <= double(base + v)) {
            segment = s < shown ? QString::fromStdString(m_shown.phaseNames[m_shownPhases[s]])
                                : shown < static_cast<int>(m_shown.phaseNames.size()) ? tr("Other phases and outside")
                                                                                      : tr("Outside phases");
            segmentValue = v;
        }
        base += v;
    }
    const TimeScale scale = timeScaleFor(std::max(it.cpuTime(), it.gpu.busyTime));
    QString text = tr("<b>%1</b><br>CPU time: %2<br>GPU busy time: %3<br>GPU projected span: %4<br>GPU operations: %5")
                       .arg(QString::fromStdString(it.name).toHtmlEscaped(), formatTime(it.cpuTime(), scale),
                            formatTime(it.gpu.busyTime, scale), formatTime(it.gpu.projectedDuration(), scale))
                       .arg(it.gpu.ops);
    if (!segment.isEmpty())
        text += tr("<br><br><b>%1</b>: %2").arg(segment.toHtmlEscaped(), formatTime(segmentValue, scale));
    return text;
}

} // namespace tracelane::charts
