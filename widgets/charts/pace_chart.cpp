#include "qcustomplot_include.h" // first: see there

#include "pace_chart.h"

#include <QLocale>

#include <algorithm>
#include <cmath>
#include <limits>

namespace tracelane::charts {
namespace {

// Beyond this many iterations a legend would crowd the plot; the tooltips still name them.
constexpr int kPaceLegendIterations = 8;

} // namespace

PaceChart::PaceChart(QWidget *parent)
    : ChartView(parent)
{
    setTitle(tr("Iteration time per rank"));
    connect(plot(), &QCustomPlot::afterLayout, this, &PaceChart::fitTicks);
    connect(plot(), &QCustomPlot::mouseMove, this,
            [this](QMouseEvent *event) { showToolTip(event->pos(), toolTipAt(event->pos())); });
    setPace({});
}

QCPGraph *PaceChart::iterationGraph(int index) const
{
    return index >= 0 && index < iterationGraphCount() ? m_iterationGraphs[std::size_t(index)] : nullptr;
}

void PaceChart::setPace(const PaceTable &pace)
{
    m_pace = pace;
    QCustomPlot *p = plot();
    p->clearPlottables();
    p->clearItems();
    m_iterationGraphs.clear();
    m_outliers = nullptr;

    TimeNs largest = 0;
    TimeNs smallest = std::numeric_limits<TimeNs>::max();
    for (const PaceIteration &it : m_pace.iterations)
        for (const PaceEntry &e : it.entries) {
            largest = std::max(largest, e.duration);
            smallest = std::min(smallest, e.duration);
        }
    m_scale = timeScaleFor(largest);

    const int ranks = int(m_pace.ranks.size());
    QStringList labels;
    QVector<double> keys;
    for (int r = 0; r < ranks; ++r) {
        labels << QString::fromStdString(m_pace.ranks[std::size_t(r)]);
        keys << r;
    }
    m_ticks.set(labels, keys);

    // Dots joined by thin lines: with many ranks the lines carry the shape, with few the dots.
    const bool manyRanks = ranks > 32;
    QVector<double> outlierKeys, outlierValues;
    for (std::size_t i = 0; i < m_pace.iterations.size(); ++i) {
        const PaceIteration &it = m_pace.iterations[i];
        QVector<double> k, v;
        for (const PaceEntry &e : it.entries) {
            k << double(e.rank);
            v << m_scale(e.duration);
            if (e.outlier) {
                outlierKeys << double(e.rank);
                outlierValues << m_scale(e.duration);
            }
        }
        auto *graph = new QCPGraph(p->xAxis, p->yAxis);
        graph->setName(tr("Iteration %1").arg(it.number));
        const QColor color = seriesColor(int(i));
        graph->setPen(QPen(color, 1.2));
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, color, color, manyRanks ? 3 : 7));
        graph->setData(k, v, true);
        m_iterationGraphs.push_back(graph);
    }
    if (!outlierKeys.isEmpty()) {
        m_outliers = new QCPGraph(p->xAxis, p->yAxis);
        m_outliers->setName(tr("Outlier"));
        m_outliers->setLineStyle(QCPGraph::lsNone);
        const QColor red(0xd6, 0x27, 0x28);
        m_outliers->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(red, 2.2), Qt::NoBrush, 13));
        m_outliers->setData(outlierKeys, outlierValues, true);
    }

    p->xAxis->setLabel(tr("Rank"));
    p->yAxis->setLabel(tr("Iteration time (%1)").arg(m_scale.unit));
    p->xAxis->setRange(-0.5, std::max(0.5, ranks - 0.5));
    // The values' own range, not from zero: ranks a few percent apart are the story.
    if (largest > 0) {
        const double low = m_scale(smallest), high = m_scale(largest);
        const double pad = std::max((high - low) * 0.25, high * 0.02);
        p->yAxis->setRange(std::max(0.0, low - pad), high + pad);
    } else {
        p->yAxis->setRange(0, 1.0);
    }
    const bool empty = m_iterationGraphs.empty();
    for (QCPAxis *axis : {p->xAxis, p->yAxis})
        axis->setTickLabels(!empty);
    if (empty) {
        auto *note = addEmptyNote(p);
        note->setColor(ChartColors::from(palette()).text);
        note->setText(tr("No iterations (ProfilerStep#N or Iteration N) on two or more ranks"));
        setCaption({});
    } else {
        setCaption(
            {tr("One line per iteration, flat when the ranks keep pace; the time axis starts above zero"),
             tr("Red rings: outliers, over %1 median absolute deviations from the median").arg(m_pace.madLimit)});
    }
    placeLegendBelow(4); // while few enough to read
    setLegendShown(!empty && int(m_iterationGraphs.size()) <= kPaceLegendIterations);
    m_ticks.fit(p->xAxis, p->axisRect()->width(), 0);
    p->replot();
    emit chartChanged();
}

void PaceChart::fitToWidth(int width)
{
    plot()->yAxis->ticker()->setTickCount(std::clamp(width / 120, 3, 6));
}

void PaceChart::fitTicks()
{
    // Labels at least their widest text apart, so 256 ranks do not run together.
    int widest = 0;
    const QFontMetrics metrics(axisFont());
    for (const QString &label : m_ticks.labels())
        widest = std::max(widest, metrics.horizontalAdvance(label));
    if (m_ticks.fit(plot()->xAxis, plot()->axisRect()->width(), widest + metrics.averageCharWidth() * 2))
        plot()->replot(QCustomPlot::rpQueuedReplot);
}

QString PaceChart::toolTipAt(const QPoint &plotPos) const
{
    // The nearest dot within a few pixels.
    const QCustomPlot *p = plot();
    double best = 8.0 * 8.0;
    const PaceIteration *bestIteration = nullptr;
    const PaceEntry *bestEntry = nullptr;
    for (const PaceIteration &it : m_pace.iterations)
        for (const PaceEntry &e : it.entries) {
            const double dx = p->xAxis->coordToPixel(double(e.rank)) - plotPos.x();
            const double dy = p->yAxis->coordToPixel(m_scale(e.duration)) - plotPos.y();
            if (dx * dx + dy * dy < best) {
                best = dx * dx + dy * dy;
                bestIteration = &it;
                bestEntry = &e;
            }
        }
    if (!bestEntry)
        return {};
    const TimeScale scale = timeScaleFor(bestEntry->duration);
    QString text = tr("<b>Iteration %1, rank %2</b><br>Duration: %3<br>Median over the ranks: %4<br>Deviation: %5")
                       .arg(bestIteration->number)
                       .arg(QString::fromStdString(m_pace.ranks.at(bestEntry->rank)).toHtmlEscaped(),
                            formatTime(bestEntry->duration, scale),
                            formatTime(TimeNs(std::llround(bestIteration->median)), scale),
                            formatTime(bestEntry->deviation, scale));
    if (bestEntry->outlier)
        text += QStringLiteral("<br><b>%1</b>").arg(tr("Outlier"));
    return text;
}

} // namespace tracelane::charts
