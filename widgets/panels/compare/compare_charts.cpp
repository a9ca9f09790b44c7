#include "panels/compare/compare_charts.h"

#include "iteration_compare_chart.h"
#include "panels/compare/compare_breakdown.h"

#include <QResizeEvent>
#include <QSplitter>
#include <QVBoxLayout>

namespace tracelane {

namespace {
constexpr int kMinSideBySideWidth = 900; // two charts' widths, about
}

CompareCharts::CompareCharts(QWidget *parent)
    : QTabWidget(parent)
    , m_iterations(new charts::IterationCompareChart(this))
    , m_breakdown(new CompareBreakdown(this))
{
    setObjectName(QStringLiteral("compareCharts"));
    addTab(m_iterations, tr("Iterations"));
    addTab(m_breakdown, tr("Op Breakdown"));
}

void CompareCharts::setTraces(std::shared_ptr<const Trace> control, const QString &controlLabel,
                              std::shared_ptr<const Trace> test, const QString &testLabel)
{
    m_iterations->setTraces(control, controlLabel, test, testLabel);
    m_breakdown->setTraces(std::move(control), controlLabel, std::move(test), testLabel);
}

void CompareCharts::showName(const QString &name)
{
    m_breakdown->showName(name);
    setCurrentWidget(m_breakdown);
}

CompareLayout::CompareLayout(QWidget *table, CompareCharts *charts, QWidget *parent)
    : QWidget(parent)
    , m_table(table)
    , m_charts(charts)
    , m_splitter(new QSplitter(Qt::Horizontal, this))
{
    m_splitter->setChildrenCollapsible(false);
    m_splitter->addWidget(m_table);
    m_splitter->addWidget(m_charts);
    m_splitter->setSizes({1000, 1000});
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);
    arrange(false); // until the first resize says otherwise: docks start small
}

void CompareLayout::showTable()
{
    if (!m_sideBySide)
        m_charts->setCurrentWidget(m_table);
}

void CompareLayout::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    arrange(event->size().width() >= kMinSideBySideWidth);
}

void CompareLayout::arrange(bool sideBySide)
{
    if (sideBySide == m_sideBySide)
        return;
    m_sideBySide = sideBySide;
    if (sideBySide) {
        m_charts->removeTab(m_charts->indexOf(m_table)); // the widget stays
        m_splitter->insertWidget(0, m_table);
        m_table->show();
        m_splitter->setSizes({m_splitter->width() / 2, m_splitter->width() - m_splitter->width() / 2});
    } else {
        m_charts->insertTab(0, m_table, tr("Differences"));
        m_charts->setCurrentIndex(0);
    }
}

} // namespace tracelane
