#pragma once
// Beside the Compare dock's table: tabs with both traces' iterations overlaid
// (IterationCompareChart) and the clicked name's breakdown in each trace side
// by side (CompareBreakdown). Showing a name brings its breakdown to the front.

#include <QTabWidget>

class QSplitter;

#include <memory>

namespace tracelane {

class Trace;
class CompareBreakdown;

namespace charts {
class IterationCompareChart;
}

class CompareCharts : public QTabWidget
{
    Q_OBJECT

public:
    explicit CompareCharts(QWidget *parent = nullptr);

    // Labels name each trace in legends and headings (its file name, rank).
    void setTraces(std::shared_ptr<const Trace> control, const QString &controlLabel,
                   std::shared_ptr<const Trace> test, const QString &testLabel);
    void showName(const QString &name);

    charts::IterationCompareChart *iterations() const { return m_iterations; }
    CompareBreakdown *breakdown() const { return m_breakdown; }

private:
    charts::IterationCompareChart *m_iterations;
    CompareBreakdown *m_breakdown;
};

// The Compare dock's body: where the dock is wide, the table and the charts
// beside each other; where it is narrow (a half-screen window's bottom dock),
// the table becomes the first tab of the charts, so each gets the whole dock.
class CompareLayout : public QWidget
{
    Q_OBJECT

public:
    CompareLayout(QWidget *table, CompareCharts *charts, QWidget *parent = nullptr);

    bool isSideBySide() const { return m_sideBySide; }
    // Brings the table to the front (narrow: its tab).
    void showTable();

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void arrange(bool sideBySide);

    QWidget *m_table;
    CompareCharts *m_charts;
    QSplitter *m_splitter;
    bool m_sideBySide = true;
};

} // namespace tracelane
