#include "qcustomplot_include.h" // first: see there

#include "stacked_rows_chart.h"

#include "chart_style.h"

#include <algorithm>
#include <cmath>

namespace tracelane::charts {

StackedRowsChart::StackedRowsChart(QWidget *parent)
    : ChartView(parent)
{
    connect(plot(), &QCustomPlot::afterLayout, this, &StackedRowsChart::fitTicks);
    connect(plot(), &QCustomPlot::mouseMove, this,
            [this](QMouseEvent *event) { showToolTip(event->pos(), toolTipAt(event->pos())); });
}

QCPBars *StackedRowsChart::bars(int series) const
{
    return series >= 0 && series < static_cast<int>(m_bars.size()) ? m_bars[std::size_t(series)] : nullptr;
}

void StackedRowsChart::fitTicks()
{
    // Keep a line of text between labels; the ticks of this pass are already laid out.
    if (m_ticks.fit(plot()->yAxis, plot()->axisRect()->height(), QFontMetrics(axisFont()).height()))
        plot()->replot(QCustomPlot::rpQueuedReplot);
}

void StackedRowsChart::fitToWidth(int width)
{
    // Value ticks about 80 px apart: five of them overlap in a narrow dock.
    plot()->xAxis->ticker()->setTickCount(std::clamp(width / 80, 2, 6));
}

void StackedRowsChart::setRows(const std::vector<Series> &series, const std::vector<Row> &rows,
                               const QString &valueLabel, double valueMax, const QString &emptyNote)
{
    QCustomPlot *p = plot();
    p->clearPlottables();
    p->clearItems();
    m_bars.clear();
    m_rows = rows;
    const int n = static_cast<int>(rows.size());
    QStringList labels;
    QVector<double> keys;
    for (int i = 0; i < n; ++i) {
        labels << rows[std::size_t(i)].label;
        keys << n - i;
    }
    m_ticks.set(labels, keys);
    m_ticks.fit(p->yAxis, p->axisRect()->height(), QFontMetrics(axisFont()).height());

    QCPBars *below = nullptr;
    for (std::size_t s = 0; s < series.size(); ++s) {
        QVector<double> values;
        for (const Row &row : rows)
            values << (s < row.values.size() ? row.values[s] : 0.0);
        auto *bars = new QCPBars(p->yAxis, p->xAxis);
        bars->setName(series[s].name);
        bars->setBrush(series[s].color);
        bars->setPen(QPen(series[s].color.darker(130), 0.5));
        bars->setWidth(0.7);
        bars->setData(keys, values); // keys run downwards: not sorted
        if (below)
            bars->moveAbove(below);
        below = bars;
        m_bars.push_back(bars);
    }
    p->yAxis->setSubTicks(false);
    p->yAxis->setTickLength(0, 4);
    p->yAxis->setRange(0.4, n + 0.6);
    p->yAxis->setLabel(QString());
    p->xAxis->setLabel(valueLabel);
    p->xAxis->setRange(0, valueMax > 0 ? valueMax : 1.0);
    for (QCPAxis *axis : {p->xAxis, p->yAxis})
        axis->setTickLabels(n > 0); // bare 0..1 ticks would suggest data
    if (n == 0 && !emptyNote.isEmpty()) {
        auto *note = addEmptyNote(p);
        note->setText(emptyNote);
    }
    placeLegendBelow(static_cast<int>(series.size()));
    setLegendShown(n > 0);
    p->replot(QCustomPlot::rpQueuedReplot);
    emit chartChanged();
}

int StackedRowsChart::rowAt(const QPoint &plotPos) const
{
    const QCustomPlot *p = plot();
    const int n = rowCount();
    if (n == 0 || !p->axisRect()->rect().contains(plotPos))
        return -1;
    const int row = n - static_cast<int>(std::lround(p->yAxis->pixelToCoord(plotPos.y())));
    return row >= 0 && row < n ? row : -1;
}

int StackedRowsChart::seriesAt(const QPoint &plotPos, int row) const
{
    if (row < 0 || row >= static_cast<int>(m_rows.size()))
        return -1;
    const double x = plot()->xAxis->pixelToCoord(plotPos.x());
    double base = 0;
    const std::vector<double> &values = m_rows[std::size_t(row)].values;
    for (std::size_t s = 0; s < values.size(); ++s) {
        if (values[s] > 0 && x >= base && x <= base + values[s])
            return static_cast<int>(s);
        base += values[s];
    }
    return -1;
}

} // namespace tracelane::charts
