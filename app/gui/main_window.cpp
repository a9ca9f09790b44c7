#include "main_window.h"

#include "dock_shares.h"
#include "dock_tab_bars.h"
#include "panels/diagnostics_panel.h"
#include "panels/instances/search_bar.h"
#include "panels/selection/details_panel.h"
#include "panels/selection/range_kernels_panel.h"
#include "panels/selection/selection_panel.h"
#include "recent_files.h"
#include "theme.h"
#include "time_display.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"
#include "timeline/track_tree.h"
#include "trace_loader.h"

#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QStatusBar>
#include <QTimer>
#include <QVBoxLayout>

namespace tracelane {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_view(new TimelineView(this))
    , m_search(new SearchBar(this))
    , m_details(new DetailsPanel(this))
    , m_rangeKernels(new RangeKernelsPanel(this))
    , m_tree(new TrackTree(this))
    , m_diagnostics(new DiagnosticsPanel(this))
    , m_loader(new TraceLoader(this))
    , m_progress(new QProgressBar(this))
    , m_cancel(new QPushButton(tr("Cancel"), this))
    , m_cursorLabel(new QLabel(this))
{
    setWindowTitle(tr("Tracelane"));
    setAcceptDrops(true);
    m_reportError = [this](const QString &title, const QString &message) {
        QMessageBox::critical(this, title, message);
    };

    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_search);
    layout->addWidget(m_view, 1);
    m_search->hide();
    setCentralWidget(central);

    auto dock = [this](QWidget *widget, const QString &title, const char *name, Qt::DockWidgetArea area) {
        auto *d = new QDockWidget(title, this);
        d->setObjectName(QLatin1String(name));
        d->setWidget(widget);
        addDockWidget(area, d);
        return d;
    };
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea); // details run the full height
    dock(m_tree, tr("Tracks"), "tracksDock", Qt::LeftDockWidgetArea);
    // The GPU work of the selected range sits under its details, in the same dock.
    auto *details = new QSplitter(Qt::Vertical, this);
    details->addWidget(m_details);
    details->addWidget(m_rangeKernels);
    details->setStretchFactor(0, 1);
    details->setStretchFactor(1, 2);
    // Scrolls rather than forcing a minimum window height on small screens.
    auto *detailsScroll = new QScrollArea(this);
    detailsScroll->setWidget(details);
    detailsScroll->setWidgetResizable(true);
    detailsScroll->setFrameShape(QFrame::NoFrame);
    detailsScroll->setMinimumSize(240, 160);
    dock(detailsScroll, tr("Details"), "detailsDock", Qt::RightDockWidgetArea);
    m_warningsDock = dock(m_diagnostics, tr("Import Warnings"), "warningsDock", Qt::BottomDockWidgetArea);
    m_warningsDock->hide();

    m_progress->setRange(0, 1000);
    m_progress->setMaximumWidth(220);
    statusBar()->addPermanentWidget(m_cursorLabel);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancel);
    createOpenAsRanks();
    m_progress->hide();
    m_cancel->hide();

    connect(m_cancel, &QPushButton::clicked, m_loader, &TraceLoader::cancel);
    connect(m_loader, &TraceLoader::progressChanged, m_progress, &QProgressBar::setValue);
    connect(m_loader, &TraceLoader::loaded, this, &MainWindow::showModel);
    connect(m_loader, &TraceLoader::fileChanged, this, &MainWindow::showLoadingFile);
    connect(m_loader, &TraceLoader::failed, this, &MainWindow::onFailed);
    connect(m_loader, &TraceLoader::cancelled, this, [this](const QString &path) {
        setLoading(false);
        statusBar()->showMessage(tr("Loading %1 cancelled").arg(QFileInfo(path).fileName()), 5000);
    });

    connect(m_view, &TimelineView::eventSelected, m_details, &DetailsPanel::showDetails);
    connect(m_details, &DetailsPanel::jumpRequested, this, [this](EventRef ref) { m_view->selectEvent(ref, true); });
    connect(m_details, &DetailsPanel::instancesRequested, this, &MainWindow::listInstances);
    connect(m_search, &SearchBar::matchActivated, this, [this](EventRef ref) { m_view->selectEvent(ref, true); });
    connect(m_search, &SearchBar::closed, m_view, qOverload<>(&QWidget::setFocus));
    connect(m_view, &TimelineView::arrangementEdited, m_tree, &TrackTree::refresh);
    connect(m_tree, &TrackTree::arrangementEdited, m_view, &TimelineView::arrangementChanged);
    connect(m_view, &TimelineView::cursorMoved, this, [this](TimeNs time, bool inside) {
        if (!inside || !m_model)
            m_cursorLabel->clear();
        else
            m_cursorLabel->setText(
                tr("Cursor: %1").arg(formatDuration(time - m_model->trace().startNs, m_preferences.timeUnit)));
    });

    new DockTabBars(this); // before the docks, so it sees every tab bar made
    createAnalysisDocks();
    createRanksDock();
    createMenus();
    createWelcome();
    resize(1500, 900);
    if (!restoreWindowState()) // dock sizes apply once the window is laid out
        QTimer::singleShot(0, this, &MainWindow::sizeDocksForFirstStart);
    m_dockShares = new DockShares(this);
    QTimer::singleShot(0, this, [this] {
        QMainWindow::layout()->activate(); // the sizes set above, applied
        m_dockShares->record();
    });
    setPreferences(Preferences::load());
    m_view->setFocus();
}

MainWindow::~MainWindow()
{
    // The test window of a comparison is a child: deleted by ~QWidget, after this
    // window's members, it would run its handlers on them. Deleted first instead.
    if (m_compareWindow) {
        m_compareWindow->disconnect(this);
        delete m_compareWindow.data();
    }
}

bool MainWindow::isLoading() const
{
    return m_loader->isLoading();
}

void MainWindow::openFile(const QString &path)
{
    if (QFileInfo(path).isDir()) {
        openFolder(path);
        return;
    }
    m_groupPaths.clear();
    setLoading(true, path);
    m_loader->load(path);
}

void MainWindow::setLoading(bool loading, const QString &path)
{
    m_progress->setVisible(loading);
    m_cancel->setVisible(loading);
    m_progress->setValue(0);
    if (loading)
        statusBar()->showMessage(tr("Loading %1…").arg(QFileInfo(path).fileName()));
    else
        statusBar()->clearMessage();
}

void MainWindow::showModel(std::shared_ptr<TimelineModel> model, const QString &path)
{
    setLoading(false);
    m_model = std::move(model);
    const auto &trace = m_model->tracePointer();
    m_markerFiles.clear(); // the view drops the old trace's markers; they stay saved
    m_view->setModel(m_model);
    restoreMarkers(path);
    m_tree->setModel(m_model.get());
    m_details->setTrace(trace);
    m_search->setTrace(trace);
    showAnalyses();
    m_selection->setModel(m_model);
    m_diagnostics->showDiagnosticsOf(*trace);
    const bool showWarnings = trace->diagnostics.hasWarnings(); // information alone stays in the View menu
    m_warningsDock->setVisible(showWarnings); // a tab beside the summaries
    const QString fileName = QFileInfo(path).fileName();
    setWindowTitle(tr("%1 — Tracelane").arg(fileName));
    m_view->setPlaceholderText(trace->isEmpty() ? tr("%1 has no events").arg(fileName) : QString());
    statusBar()->showMessage(loadedMessage(*trace, fileName), 8000);
    if (QFileInfo::exists(path)) // not "3 traces" chosen together
        RecentFiles::add(path, m_preferences.recentFileCount);
    updateRecentMenu();
    m_alignMenu->setEnabled(trace->parts.size() > 1);
    showRanks();
    offerMergedRanks(*trace, path);
    m_view->setFocus();
    emit traceLoaded(path);
}

// A trace that stops early or holds nothing says so: a blank view looks like a bug.
QString MainWindow::loadedMessage(const Trace &trace, const QString &fileName) const
{
    if (trace.isEmpty())
        return tr("%1 has no events").arg(fileName);
    const QString summary = tr("%n event(s), %1", nullptr, int(trace.eventCount()))
                                .arg(formatDuration(trace.endNs - trace.startNs, m_preferences.timeUnit));
    if (trace.diagnostics.count("truncated-file") || trace.diagnostics.count("unterminated-array"))
        return tr("%1 stops early: the events before the cut were loaded (%2); see Import Warnings")
            .arg(fileName, summary);
    return summary;
}

void MainWindow::onFailed(const QString &message, const QString &path)
{
    setLoading(false);
    statusBar()->showMessage(tr("Could not open %1").arg(QFileInfo(path).fileName()), 8000);
    emit loadFailed(message);
    m_reportError(tr("Could not open %1").arg(QFileInfo(path).fileName()), message);
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (event->mimeData()->hasUrls() && event->mimeData()->urls().first().isLocalFile())
        event->acceptProposedAction();
}

// Several files dropped together open together; a folder opens its traces.
void MainWindow::dropEvent(QDropEvent *event)
{
    QStringList paths;
    for (const QUrl &url : event->mimeData()->urls())
        if (url.isLocalFile())
            paths << url.toLocalFile();
    if (paths.isEmpty())
        return;
    event->acceptProposedAction();
    if (paths.size() == 1)
        openFile(paths.front());
    else
        openTraces(paths);
}

} // namespace tracelane
