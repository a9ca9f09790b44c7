// MainWindow: several traces in one window. Files chosen together, a folder
// of rank traces or files dropped together load one after another into one
// model (trace_group.h); each trace is a lane group, ordered by rank.
#include "main_window.h"

#include "analysis/ranks/trace_group.h"
#include "import/chrome/merged_ranks.h"
#include "charts/iteration_chart.h"
#include "panels/ranks/distributed_results.h"
#include "panels/ranks/rank_panel.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"
#include "timeline/zoom_control.h"
#include "trace_loader.h"

#include <QActionGroup>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QPushButton>
#include <QStatusBar>

namespace tracelane {

void MainWindow::openTraces(const QStringList &paths, const QString &title)
{
    if (paths.size() == 1) {
        openFile(paths.front());
        return;
    }
    m_groupPaths = paths;
    m_groupTitle = title.isEmpty() ? tr("%n traces", nullptr, int(paths.size())) : title;
    setLoading(true, m_groupTitle);
    m_loader->loadGroup(paths, m_alignment, m_groupTitle);
}

void MainWindow::openFolder(const QString &folder)
{
    QStringList files;
    for (const std::string &file : traceFilesInFolder(folder.toStdString()))
        files << QString::fromStdString(file);
    if (files.isEmpty()) {
        const QString message = tr("%1 holds no trace files (.json, .json.gz, .sqlite, .nvvp)").arg(folder);
        emit loadFailed(message);
        m_reportError(tr("Could not open %1").arg(QFileInfo(folder).fileName()), message);
        return;
    }
    openTraces(files, folder);
}

// SGLang and vLLM merge the traces of their ranks into one file. Read whole it
// mixes them; the button opens it as ranks, one lane group per rank, exactly as
// separate rank files open (merged_ranks.h).
void MainWindow::createOpenAsRanks()
{
    m_openAsRanks = new QPushButton(tr("Open as Ranks"), this);
    m_openAsRanks->setToolTip(tr("This file merges the traces of several ranks: open them side by side"));
    m_openAsRanks->hide();
    statusBar()->addPermanentWidget(m_openAsRanks);
    connect(m_openAsRanks, &QPushButton::clicked, this, [this] {
        const QString file = m_openAsRanks->property("file").toString();
        QStringList paths;
        for (const std::string &label : mergedRankLabels(file.toStdString()))
            paths << QString::fromStdString(rankPath(file.toStdString(), label));
        if (paths.size() > 1)
            openTraces(paths, QFileInfo(file).fileName());
    });
}

void MainWindow::offerMergedRanks(const Trace &trace, const QString &path)
{
    int ranks = 0;
    for (const auto &[key, value] : trace.source.metadata)
        if (key == "merged ranks")
            ranks = int(QString::fromStdString(value).count(QLatin1Char('[')));
    m_openAsRanks->setProperty("file", path);
    m_openAsRanks->setVisible(ranks > 1 && trace.parts.size() < 2);
    if (ranks > 1 && trace.parts.size() < 2)
        statusBar()->showMessage(tr("%1 merges the traces of %n rank(s)", nullptr, ranks).arg(QFileInfo(path).fileName()),
                                 15000);
}

void MainWindow::chooseFolder()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Open Folder of Traces"));
    if (!folder.isEmpty())
        openFolder(folder);
}

void MainWindow::createAlignMenu(QMenu *view)
{
    m_alignMenu = view->addMenu(tr("Align &Traces"));
    m_alignMenu->setToolTip(tr("Where several traces open together sit against each other in time"));
    auto *group = new QActionGroup(m_alignMenu);
    const std::pair<TimeAlignment, QString> choices[] = {
        {TimeAlignment::CommonClock, tr("By &Common Clock")},
        {TimeAlignment::TraceStart, tr("By Trace &Start")},
        {TimeAlignment::FirstIteration, tr("By First &Iteration")},
    };
    for (const auto &[alignment, text] : choices) {
        QAction *action = m_alignMenu->addAction(text);
        action->setCheckable(true);
        action->setChecked(int(alignment) == m_alignment);
        action->setData(int(alignment));
        group->addAction(action);
        connect(action, &QAction::triggered, this, [this, alignment = int(alignment)] { realignTraces(alignment); });
    }
    m_alignMenu->setEnabled(false); // until several traces are open
}

void MainWindow::realignTraces(int alignment)
{
    m_alignment = alignment;
    if (!m_model || m_model->trace().parts.size() < 2 || m_groupPaths.isEmpty())
        return;
    setLoading(true, m_groupTitle);
    m_loader->loadGroup(m_groupPaths, m_alignment, m_groupTitle);
}

void MainWindow::showLoadingFile(int index, int count, const QString &path)
{
    statusBar()->showMessage(tr("Loading %1 (%2 of %3)…").arg(QFileInfo(path).fileName()).arg(index + 1).arg(count));
}

// A tab over the widest bottom dock, so a table gets its width, not a third of it.
void MainWindow::tabifyOverWidestBottomDock(QDockWidget *dock)
{
    QDockWidget *widest = nullptr;
    for (QDockWidget *other : findChildren<QDockWidget *>())
        if (other != dock && other->isVisible() && !other->isFloating()
            && dockWidgetArea(other) == Qt::BottomDockWidgetArea && (!widest || other->width() > widest->width()))
            widest = other;
    if (widest)
        tabifyDockWidget(widest, dock);
}

QDockWidget *MainWindow::createRanksDock()
{
    m_ranks = new RankPanel(this);
    m_ranksDock = new QDockWidget(tr("Ranks"), this);
    m_ranksDock->setObjectName(QStringLiteral("ranksDock"));
    m_ranksDock->setWidget(m_ranks);
    addDockWidget(Qt::BottomDockWidgetArea, m_ranksDock);
    m_ranksDock->hide(); // until several traces are open
    connect(m_ranks, &RankPanel::rankActivated, this, &MainWindow::showRank);
    connect(m_ranks, &RankPanel::iterationActivated, this, &MainWindow::showRankIteration);
    connect(m_ranks, &RankPanel::collectiveActivated, this, &MainWindow::showCollective);
    // The collective kernels' waits, for View > Collective Wait, once the worker has matched them.
    connect(m_ranks, &RankPanel::distributedReady, this,
            [this] { m_view->setCollectiveWaits(&m_ranks->results().collectives); });
    return m_ranksDock;
}

void MainWindow::showRanks()
{
    const RankSummary *ranks = m_model ? m_model->ranks() : nullptr;
    m_ranks->setSummary(ranks ? *ranks : RankSummary{});
    m_ranks->setTrace(m_model ? m_model->tracePointer() : nullptr);
    if (!ranks || m_model->trace().parts.size() < 2) {
        m_ranksDock->hide();
        return;
    }
    if (!m_ranksDock->isVisible()) {
        tabifyOverWidestBottomDock(m_ranksDock);
        m_ranksDock->show();
    }
    m_ranksDock->raise();
}

// The part's iterations, from the iteration chart's table of the whole window.
static std::vector<const Iteration *> iterationsOf(const IterationTable &table, const TracePart &part)
{
    std::vector<const Iteration *> found;
    for (const Iteration &it : table.iterations)
        if (it.ref.track >= part.firstTrack && it.ref.track < part.endTrack)
            found.push_back(&it);
    return found;
}

// A rank row: its lanes come into view with its first iteration selected (or its first event).
void MainWindow::showRank(std::size_t row)
{
    const Trace &trace = m_model->trace();
    if (row >= trace.parts.size())
        return;
    const TracePart &part = trace.parts[row];
    m_iterations->setShownPart(int(row));
    const auto iterations = iterationsOf(m_iterations->allIterations(), part);
    if (!iterations.empty()) {
        m_view->selectEvent(iterations.front()->ref, true);
        return;
    }
    for (std::uint32_t t = part.firstTrack; t < part.endTrack; ++t)
        if (!trace.tracks[t].events.empty()) {
            m_view->selectEvent({t, 0}, true);
            return;
        }
}

// An iteration row: that iteration on every rank in view, the last rank's selected.
void MainWindow::showRankIteration(std::int64_t iteration, std::size_t lastRow)
{
    const Trace &trace = m_model->trace();
    TimeNs start = 0, end = 0;
    bool any = false;
    EventRef last;
    for (std::size_t p = 0; p < trace.parts.size(); ++p)
        for (const Iteration *it : iterationsOf(m_iterations->allIterations(), trace.parts[p])) {
            if (it->number != iteration)
                continue;
            start = any ? std::min(start, it->start) : it->start;
            end = any ? std::max(end, it->end) : it->end;
            any = true;
            if (p == lastRow && !last.isValid())
                last = it->ref;
        }
    if (!any)
        return;
    if (last.isValid())
        m_view->selectEvent(last, true);
    m_iterations->setShownPart(int(lastRow));
    const TimeNs margin = (end - start) / 20;
    m_view->zoomControl()->setRange(start - margin, end + margin);
}

// A matched collective: its kernel outlined on every rank, the last to arrive
// selected, the view from the first start to the last end.
void MainWindow::showCollective(std::size_t index)
{
    const auto &collectives = m_ranks->results().collectives.collectives;
    if (index >= collectives.size())
        return;
    const MatchedCollective &collective = collectives[index];
    std::vector<EventRef> events;
    for (const CollectiveParticipant &p : collective.participants)
        events.push_back(p.event);
    m_view->setHighlighted(events);
    if (collective.lastArrival < collective.participants.size())
        m_view->selectEvent(collective.participants[collective.lastArrival].event, true);
    const CollectiveSpan span = collectiveSpan(collective);
    const TimeNs margin = std::max<TimeNs>((span.end - span.start) / 10, 1000);
    m_view->zoomControl()->setRange(span.start - margin, span.end + margin);
}

} // namespace tracelane
