#include "panels/ranks/pace_panel.h"

#include "charts/pace_chart.h"
#include "panels/ranks/rank_table_model.h"
#include "panels/ranks/rank_views.h"

#include <QLabel>
#include <QResizeEvent>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace tracelane {

PacePanel::PacePanel(QWidget *parent)
    : QWidget(parent)
    , m_note(rankNote(this, QStringLiteral("paceNote")))
    , m_model(new RankTableModel(this))
    , m_proxy(rankSortingProxy(m_model, this))
    , m_view(rankTableView(this, m_proxy, QStringLiteral("paceView")))
    , m_chart(new charts::PaceChart(this))
    , m_splitter(new QSplitter(Qt::Horizontal, this))
{
    m_chart->setObjectName(QStringLiteral("paceChart"));
    const auto activate = [this](const QModelIndex &index) {
        const int row = m_proxy->mapToSource(index).row();
        if (row >= 0 && std::size_t(row) < m_rows.size())
            emit entryActivated(m_rows[std::size_t(row)].first, m_rows[std::size_t(row)].second);
    };
    connect(m_view, &QTableView::clicked, this, activate);
    connect(m_view, &QTableView::activated, this, activate); // Enter
    m_view->setToolTip(tr("Click a row to show the iteration on every rank"));
    auto *table = new QWidget(this);
    auto *tableLayout = new QVBoxLayout(table);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    tableLayout->addWidget(m_note);
    tableLayout->addWidget(m_view, 1);
    m_splitter->addWidget(m_chart);
    m_splitter->addWidget(table);
    m_splitter->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);
    setPace({});
}

void PacePanel::setPace(const PaceTable &pace)
{
    m_pace = pace;
    m_chart->setPace(m_pace);
    m_model->setReport(paceTable(m_pace));
    m_rows.clear(); // paceTable's row order: by iteration, then rank
    for (const PaceIteration &it : m_pace.iterations)
        for (const PaceEntry &e : it.entries)
            m_rows.emplace_back(it.number, e.rank);
    fitRankColumns(m_view);
    QString note = m_pace.iterations.empty()
        ? tr("No iterations (ProfilerStep#N or Iteration N ranges) in these traces.")
        : tr("%n iteration(s) over %1 ranks; ", nullptr, int(m_pace.iterations.size())).arg(m_pace.ranks.size())
            + tr("%n outlier(s) (more than %1 median absolute deviations from the median).", nullptr,
                 int(m_pace.outliers))
                  .arg(m_pace.madLimit);
    if (!m_pace.iterations.empty() && !m_pace.sharedClock)
        note += QLatin1Char(' ') + tr("The ranks share no clock: starts are placed by their first events.");
    m_note->setText(note);
}

QString PacePanel::noteText() const
{
    return m_note->text();
}

void PacePanel::refreshTimes()
{
    m_model->refreshTimes();
    fitRankColumns(m_view);
}

void PacePanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    const bool wide = width() >= 600; // side by side unless narrow: a bottom dock is short
    m_splitter->setOrientation(wide ? Qt::Horizontal : Qt::Vertical);
    const int extent = wide ? width() : height();
    m_splitter->setSizes({extent / 2, extent - extent / 2});
}

} // namespace tracelane
