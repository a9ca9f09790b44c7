#include "panels/ranks/collective_panel.h"

#include "analysis/distributed/collective_tables.h"
#include "charts/wait_transfer_chart.h"
#include "panels/ranks/rank_table_model.h"
#include "panels/ranks/rank_views.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QResizeEvent>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace tracelane {

CollectivePanel::CollectivePanel(QWidget *parent)
    : QWidget(parent)
    , m_modeBox(new QComboBox(this))
    , m_notes(rankNote(this, QStringLiteral("collectiveNotes")))
    , m_model(new RankTableModel(this))
    , m_proxy(rankSortingProxy(m_model, this))
    , m_view(rankTableView(this, m_proxy, QStringLiteral("collectiveView")))
    , m_chart(new charts::WaitTransferChart(this))
    , m_splitter(new QSplitter(Qt::Horizontal, this))
{
    m_modeBox->setObjectName(QStringLiteral("collectiveMode"));
    m_modeBox->addItem(tr("By collective"));
    m_modeBox->addItem(tr("Each call"));
    m_modeBox->addItem(tr("By rank"));
    m_modeBox->setToolTip(tr("One row per collective and process group, per call matched across the ranks, "
                             "or per rank"));
    connect(m_modeBox, &QComboBox::currentIndexChanged, this, [this](int index) { setMode(Mode(index)); });

    const auto activate = [this](const QModelIndex &index) {
        const int row = m_proxy->mapToSource(index).row();
        if (m_mode == Mode::PerCall && row >= 0 && std::size_t(row) < m_analysis.collectives.size())
            emit collectiveActivated(std::size_t(row));
    };
    connect(m_view, &QTableView::clicked, this, activate);
    connect(m_view, &QTableView::activated, this, activate); // Enter

    auto *table = new QWidget(this);
    auto *top = new QHBoxLayout;
    top->setContentsMargins(4, 2, 4, 0);
    auto *show = new QLabel(tr("Rows:"), table);
    show->setBuddy(m_modeBox);
    top->addWidget(show);
    top->addWidget(m_modeBox);
    top->addWidget(m_notes, 1); // beside the choice: a bottom dock has height to spare for rows only
    auto *tableLayout = new QVBoxLayout(table);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    tableLayout->addLayout(top);
    tableLayout->addWidget(m_view, 1);

    m_chart->setObjectName(QStringLiteral("waitTransferChart"));
    m_splitter->addWidget(table);
    m_splitter->addWidget(m_chart);
    m_splitter->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);
    updateStragglerBackground();
    setAnalysis({});
}

void CollectivePanel::setAnalysis(const CollectiveAnalysis &analysis)
{
    m_analysis = analysis;
    m_chart->setRanks(m_analysis.ranks);
    showTable();
    updateNotes();
}

void CollectivePanel::setMode(Mode mode)
{
    m_mode = mode;
    if (m_modeBox->currentIndex() != int(mode)) {
        const QSignalBlocker blocker(m_modeBox);
        m_modeBox->setCurrentIndex(int(mode));
    }
    showTable();
}

void CollectivePanel::showTable()
{
    m_view->sortByColumn(-1, Qt::AscendingOrder); // each table's own order until a header is clicked
    switch (m_mode) {
    case Mode::ByCollective: m_model->setReport(collectiveKindTable(m_analysis)); break;
    case Mode::PerCall: m_model->setReport(collectiveInstanceTable(m_analysis)); break;
    case Mode::ByRank: m_model->setReport(collectiveRankTable(m_analysis)); break;
    }
    if (m_mode == Mode::ByRank) {
        const auto straggler = std::find_if(m_analysis.ranks.begin(), m_analysis.ranks.end(),
                                            [](const RankCommunication &r) { return r.straggler; });
        m_model->setEmphasis(straggler == m_analysis.ranks.end() ? -1 : int(straggler - m_analysis.ranks.begin()),
                             tr("Straggler: the rank the others waited for most"));
    }
    m_view->setToolTip(m_mode == Mode::PerCall ? tr("Click a call to show it on every rank") : QString());
    // Sizes and bandwidths only where the traces record message sizes: a
    // column empty in every row is hidden.
    const Table &table = m_model->table();
    for (std::size_t c = 0; c < table.columns.size(); ++c)
        m_view->setColumnHidden(
            int(c), !table.rows.empty() && std::all_of(table.rows.begin(), table.rows.end(), [c](const auto &row) {
                return c >= row.size() || row[c].type == Cell::Type::Empty;
            }));
    fitRankColumns(m_view);
}

void CollectivePanel::updateNotes()
{
    QStringList lines;
    const auto straggler = std::find_if(m_analysis.ranks.begin(), m_analysis.ranks.end(),
                                        [](const RankCommunication &r) { return r.straggler; });
    lines << tr("%n collective call(s) matched across the ranks.", nullptr, int(m_analysis.collectives.size()));
    if (straggler != m_analysis.ranks.end())
        lines.back() += QLatin1Char(' ')
            + tr("Straggler: %1, the others waited for it in %n call(s).", nullptr, int(straggler->lastArrivals))
                  .arg(straggler->rank ? tr("rank %1").arg(*straggler->rank) : QString::fromStdString(straggler->file));
    if (!m_analysis.sharedClock && !m_analysis.ranks.empty())
        lines << tr("The ranks share no clock: they are placed by their first events, so skews are estimates.");
    // The core's notes, in the user's language: made here from its counts.
    if (m_analysis.partialCollectives > 0)
        lines << tr("%n call(s) found on fewer ranks than belong to their process group.", nullptr,
                    int(m_analysis.partialCollectives));
    if (m_analysis.disjointCollectives > 0)
        lines << tr("%n call(s) ran on some ranks only after they had ended on others (not synchronising, or clocks "
                    "that disagree): their skew and last arrival say little.",
                    nullptr, int(m_analysis.disjointCollectives));
    if (m_analysis.mixedCollectives > 0)
        lines << tr("%n call(s) named differently on different ranks.", nullptr, int(m_analysis.mixedCollectives));
    m_notes->setText(lines.join(QLatin1Char('\n')));
}

QString CollectivePanel::notesText() const
{
    return m_notes->text();
}

void CollectivePanel::refreshTimes()
{
    m_model->refreshTimes();
    fitRankColumns(m_view);
}

// Side by side unless the dock is narrow: a bottom dock is short, and rows
// need its height more than the table's fourteen columns need its width.
void CollectivePanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    const bool wide = width() >= 600;
    m_splitter->setOrientation(wide ? Qt::Horizontal : Qt::Vertical);
    const int extent = wide ? width() : height();
    m_splitter->setSizes({extent * 3 / 5, extent - extent * 3 / 5});
}

void CollectivePanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        updateStragglerBackground();
    QWidget::changeEvent(event);
}

void CollectivePanel::updateStragglerBackground()
{
    // The Ranks tab's amber, mixed into this palette's background.
    const QColor base = palette().color(QPalette::Base);
    const QColor amber(0xf2, 0xa9, 0x00);
    const double share = base.lightnessF() > 0.5 ? 0.28 : 0.38;
    const auto mix = [share](int from, int to) { return int(std::lround(from + (to - from) * share)); };
    m_model->setEmphasisBackground(
        QColor(mix(base.red(), amber.red()), mix(base.green(), amber.green()), mix(base.blue(), amber.blue())));
}

} // namespace tracelane
