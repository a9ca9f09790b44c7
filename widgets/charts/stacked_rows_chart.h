#pragma once
// Base of the efficiency charts that draw one horizontal stacked bar per row
// (a GPU, a stream): the first row on top, its parts left to right in series
// order, labels thinned in short plots, a note instead of bare axes when
// there is nothing to draw. Subclasses turn their results into rows and
// write the tooltips.

#include "category_ticks.h"
#include "chart_view.h"

#include <QColor>

#include <vector>

class QCPBars;

namespace tracelane::charts {

class StackedRowsChart : public ChartView
{
    Q_OBJECT

public:
    explicit StackedRowsChart(QWidget *parent = nullptr);

    // Row labels, top to bottom.
    QStringList barLabels() const { return m_ticks.labels(); }
    int rowCount() const { return static_cast<int>(m_ticks.labels().size()); }
    // The bars of one series (their keys: rowCount() - row), or null.
    QCPBars *bars(int series) const;
    // Row under a position of plot() (top first), or -1; its whole height counts.
    int rowAt(const QPoint &plotPos) const;
    // Series whose segment of `row` is under a position of plot(), or -1.
    int seriesAt(const QPoint &plotPos, int row) const;
    virtual QString toolTipAt(const QPoint &plotPos) const = 0;

protected:
    struct Series
    {
        QString name;
        QColor color;
    };
    struct Row
    {
        QString label;
        std::vector<double> values; // one per series, in the value axis' unit
    };
    // Draws the rows; `emptyNote` is shown instead when there are none.
    void setRows(const std::vector<Series> &series, const std::vector<Row> &rows, const QString &valueLabel,
                 double valueMax, const QString &emptyNote);

    void fitToWidth(int width) override;

private:
    void fitTicks();

    std::vector<QCPBars *> m_bars;
    std::vector<Row> m_rows;
    CategoryTicks m_ticks;
};

} // namespace tracelane::charts
