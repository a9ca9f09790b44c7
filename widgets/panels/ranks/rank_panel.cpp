#include "panels/ranks/rank_panel.h"

#include "panels/ranks/collective_panel.h"
#include "panels/ranks/pace_panel.h"
#include "panels/ranks/rank_table_model.h"
#include "panels/ranks/rank_views.h"
#include "time_format.h"

#include <QEvent>
#include <QFont>
#include <QFontMetrics>
#include <QHeaderView>
#include <QLabel>
#include <QResizeEvent>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStackedWidget>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <algorithm>
#include <cmath>

namespace tracelane {
namespace {

QString rankName(const RankRow &row)
{
    return row.rank ? RankPanel::tr("rank %1").arg(*row.rank) : QString::fromStdString(row.file);
}

} // namespace

RankPanel::RankPanel(QWidget *parent)
    : QWidget(parent)
    , m_watcher(new QFutureWatcher<DistributedResults>(this))
    , m_stack(new QStackedWidget(this))
    , m_hint(new QLabel(this))
    , m_rankModel(new RankTableModel(this))
    , m_iterationModel(new RankTableModel(this))
    , m_rankProxy(rankSortingProxy(m_rankModel, this))
    , m_iterationProxy(rankSortingProxy(m_iterationModel, this))
{
    m_hint->setObjectName(QStringLiteral("rankHint"));
    m_hint->setAlignment(Qt::AlignCenter);
    m_hint->setWordWrap(true);
    m_hint->setText(tr("Open several traces (File > Open, a folder of ranks, or drop them) to compare ranks."));

    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->addWidget(createRankPage());
    m_splitter->addWidget(createIterationPage());
    m_splitter->setChildrenCollapsible(false);

    m_collectives = new CollectivePanel(this);
    m_pace = new PacePanel(this);
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("rankTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_splitter, tr("Ranks"));
    m_tabs->addTab(m_collectives, tr("Collectives"));
    m_tabs->addTab(m_pace, tr("Pace"));
    connect(m_collectives, &CollectivePanel::collectiveActivated, this, &RankPanel::collectiveActivated);
    // The pace's ranks are in rank order, as the summary's rows are (both follow the trace's parts).
    connect(m_pace, &PacePanel::entryActivated, this, &RankPanel::iterationActivated);
    connect(m_watcher, &QFutureWatcher<DistributedResults>::finished, this, [this] {
        if (m_recompute) { // the result is an older trace's
            startComputing();
            return;
        }
        setResults(m_watcher->result());
        emit distributedReady();
    });

    m_stack->addWidget(m_hint);
    m_stack->addWidget(m_tabs);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_stack);
    updateStragglerBackground();
    setSummary({});
}

RankPanel::~RankPanel()
{
    m_watcher->waitForFinished(); // the worker holds the trace; let it finish before the panel goes
}

void RankPanel::setTrace(std::shared_ptr<const Trace> trace)
{
    m_trace = trace && trace->parts.size() >= 2 ? std::move(trace) : nullptr;
    if (m_watcher->isRunning()) {
        m_recompute = true;
        return;
    }
    startComputing();
}

void RankPanel::startComputing()
{
    m_recompute = false;
    setResults({});
    if (!m_trace) {
        emit distributedReady();
        return;
    }
    std::shared_ptr<const Trace> trace = m_trace;
    m_watcher->setFuture(QtConcurrent::run([trace] { return computeDistributedResults(*trace); }));
}

void RankPanel::setResults(const DistributedResults &results)
{
    m_results = results;
    m_collectives->setAnalysis(m_results.collectives);
    m_pace->setPace(m_results.pace);
}

void RankPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitSplitter();
}

// A wide bottom dock shows ranks and iterations side by side (the rank table
// has ten columns, the iteration table four narrow ones); a narrow one stacks
// them, the ranks getting the height of their rows.
void RankPanel::fitSplitter()
{
    const bool wide = width() >= 1000;
    m_splitter->setOrientation(wide ? Qt::Horizontal : Qt::Vertical);
    if (wide) {
        m_splitter->setSizes({width() * 3 / 4, width() / 4});
        return;
    }
    const int rows = std::max(2, m_rankModel->rowCount());
    const int rankHeight = m_stragglerNote->sizeHint().height() + m_rankView->horizontalHeader()->height()
                           + rows * m_rankView->verticalHeader()->defaultSectionSize()
                           + m_rankView->horizontalScrollBar()->sizeHint().height() + 8;
    const int total = std::max(height() - m_tabs->tabBar()->sizeHint().height(), 1); // under the tab bar
    const int ranks = std::min(rankHeight, total * 3 / 5);
    m_splitter->setSizes({ranks, total - ranks});
}

QWidget *RankPanel::createRankPage()
{
    auto *page = new QWidget(this);
    m_stragglerNote = rankNote(page, QStringLiteral("stragglerNote"));
    m_rankView = rankTableView(page, m_rankProxy, QStringLiteral("rankView"));
    const auto activate = [this](const QModelIndex &index) {
        const int row = m_rankProxy->mapToSource(index).row();
        if (row >= 0 && std::size_t(row) < m_summary.rows.size())
            emit rankActivated(std::size_t(row));
    };
    connect(m_rankView, &QTableView::clicked, this, activate);
    connect(m_rankView, &QTableView::activated, this, activate); // Enter

    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_stragglerNote);
    layout->addWidget(m_rankView, 1);
    return page;
}

QWidget *RankPanel::createIterationPage()
{
    auto *page = new QWidget(this);
    QLabel *about = rankNote(page, QStringLiteral("iterationAbout"));
    about->setText(tr("Per iteration: the rank that entered the iteration's collectives last, and how much later "
                      "than the first. Click a row to show it."));
    about->setToolTip(tr("A rank enters an iteration's collectives with the first communication kernel launched "
                         "from that iteration. Iterations with collectives in at least two ranks are listed."));
    m_timeBaseNote = rankNote(page, QStringLiteral("timeBaseNote"));
    m_noCollectives = rankNote(page, QStringLiteral("noCollectives"));
    m_noCollectives->setText(tr("No iteration has collectives in two or more ranks."));
    m_iterationView = rankTableView(page, m_iterationProxy, QStringLiteral("iterationView"));
    const auto activate = [this](const QModelIndex &index) {
        const int row = m_iterationProxy->mapToSource(index).row();
        if (row < 0 || std::size_t(row) >= m_summary.collectives.size())
            return;
        const CollectiveEntry &entry = m_summary.collectives[std::size_t(row)];
        emit iterationActivated(entry.iteration, entry.lastRow);
    };
    connect(m_iterationView, &QTableView::clicked, this, activate);
    connect(m_iterationView, &QTableView::activated, this, activate);

    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(about);
    layout->addWidget(m_timeBaseNote);
    layout->addWidget(m_noCollectives);
    layout->addWidget(m_iterationView, 1);
    return page;
}

void RankPanel::setSummary(const RankSummary &summary)
{
    m_summary = summary;
    m_rankModel->setReport(rankTable(m_summary));
    m_iterationModel->setReport(collectiveTable(m_summary));
    fitSplitter(); // the rank rows' height changed

    const auto straggler = std::find_if(m_summary.rows.begin(), m_summary.rows.end(),
                                        [](const RankRow &row) { return row.straggler; });
    m_rankModel->setEmphasis(straggler == m_summary.rows.end() ? -1 : int(straggler - m_summary.rows.begin()),
                             tr("Straggler: the rank with the largest median iteration time"));

    // A column nobody fills is hidden: ranks without distributedInfo have only
    // their file; with ranks everywhere, the rank names the last one. Where the
    // last rank entered lies on the traces' common time base, not a duration.
    const bool anyRank = std::any_of(m_summary.rows.begin(), m_summary.rows.end(),
                                     [](const RankRow &row) { return row.rank.has_value(); });
    const bool allRanks = std::all_of(m_summary.rows.begin(), m_summary.rows.end(),
                                      [](const RankRow &row) { return row.rank.has_value(); });
    m_rankView->setColumnHidden(RankNumber, !anyRank);
    m_iterationView->setColumnHidden(LastRank, !anyRank);
    m_iterationView->setColumnHidden(LastFile, allRanks);
    m_iterationView->setColumnHidden(LastStart, true);
    fitRankColumns(m_rankView);
    fitRankColumns(m_iterationView);

    updateNotes();
    m_stack->setCurrentIndex(m_summary.rows.size() >= 2 ? 1 : 0);
}

void RankPanel::updateNotes()
{
    const auto straggler = std::find_if(m_summary.rows.begin(), m_summary.rows.end(),
                                        [](const RankRow &row) { return row.straggler; });
    if (straggler == m_summary.rows.end()) {
        m_stragglerNote->setText(tr("No straggler: fewer than two ranks have iterations (ProfilerStep#N or "
                                    "Iteration N ranges)."));
    } else {
        double fastest = straggler->iterationMedian;
        for (const RankRow &row : m_summary.rows)
            if (row.iterations > 0)
                fastest = std::min(fastest, row.iterationMedian);
        m_stragglerNote->setText(
            tr("Straggler: %1, median %2 (%3 slower than the fastest)")
                .arg(rankName(*straggler), TimeFormat::shownDuration(TimeNs(std::llround(straggler->iterationMedian))),
                     TimeFormat::shownDuration(TimeNs(std::llround(straggler->iterationMedian - fastest)))));
    }
    m_timeBaseNote->setText(m_summary.epochTimeBase
                                ? QString()
                                : tr("These traces have no common time base (epoch time), so each rank's lag is "
                                     "measured from the start of its own trace."));
    m_timeBaseNote->setVisible(!m_summary.epochTimeBase);
    m_noCollectives->setVisible(m_summary.collectives.empty());
}

void RankPanel::refreshTimes()
{
    m_rankModel->refreshTimes();
    m_iterationModel->refreshTimes();
    m_collectives->refreshTimes();
    m_pace->refreshTimes();
    updateNotes();
    fitRankColumns(m_rankView);
    fitRankColumns(m_iterationView);
}

bool RankPanel::showsTables() const
{
    return m_stack->currentIndex() == 1;
}

QString RankPanel::hintText() const
{
    return showsTables() ? QString() : m_hint->text();
}

QString RankPanel::stragglerNote() const
{
    return m_stragglerNote->text();
}

QString RankPanel::timeBaseNote() const
{
    return m_timeBaseNote->text();
}

void RankPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)
        updateStragglerBackground();
    QWidget::changeEvent(event);
}

void RankPanel::updateStragglerBackground()
{
    // Amber over the table's own background: pale in the light theme, deep in
    // the dark one, so the palette's text colour reads on it in both.
    const QColor base = palette().color(QPalette::Base);
    const QColor amber(0xf2, 0xa9, 0x00);
    const double share = base.lightnessF() > 0.5 ? 0.28 : 0.38;
    const auto mix = [share](int from, int to) { return int(std::lround(from + (to - from) * share)); };
    m_rankModel->setEmphasisBackground(
        QColor(mix(base.red(), amber.red()), mix(base.green(), amber.green()), mix(base.blue(), amber.blue())));
}

} // namespace tracelane
