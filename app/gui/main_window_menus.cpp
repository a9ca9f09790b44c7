// MainWindow: menus and their actions.
#include "main_window.h"

#include "about_dialog.h"
#include "panels/instances/search_bar.h"
#include "recent_files.h"
#include "shortcuts_dialog.h"
#include "timeline/timeline_view.h"
#include "timeline/zoom_control.h"
#include "view_options.h"
#include "welcome_panel.h"

#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>

namespace tracelane {

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open…"), QKeySequence::Open, this, &MainWindow::chooseFile);
    file->addAction(tr("Open &Folder…"), this, &MainWindow::chooseFolder)
        ->setToolTip(tr("Open the trace files of a folder (the ranks of a run) in one window"));
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    updateRecentMenu();
    createCompareAction(file);
    file->addSeparator();
    createExportMenu(file);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(tr("&Find…"), QKeySequence::Find, m_search, &SearchBar::activate);
    edit->addAction(tr("Find &Next"), QKeySequence::FindNext, m_search, &SearchBar::next);
    edit->addAction(tr("Find &Previous"), QKeySequence::FindPrevious, m_search, &SearchBar::previous);
    edit->addSeparator();
    edit->addAction(tr("Pr&eferences…"), QKeySequence::Preferences, this, &MainWindow::editPreferences)
        ->setMenuRole(QAction::PreferencesRole);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    createNavigationActions(view);
    view->addSeparator();
    QAction *allFlows = view->addAction(tr("Show &All Flows"));
    allFlows->setObjectName(QStringLiteral("showAllFlows"));
    allFlows->setCheckable(true);
    connect(allFlows, &QAction::toggled, m_view, &TimelineView::setShowAllFlows);
    createCriticalPathToggle(view);
    createEfficiencyToggles(view);
    createLaneToggles(view);
    createAlignMenu(view);
    m_darkTimeline = view->addAction(tr("&Dark Timeline"));
    m_darkTimeline->setCheckable(true);
    m_darkTimeline->setChecked(m_view->isDarkPalette());
    connect(m_darkTimeline, &QAction::toggled, m_view, &TimelineView::setDarkPalette);
    view->addSeparator();
    for (QDockWidget *dock : findChildren<QDockWidget *>())
        view->addAction(dock->toggleViewAction());

    createMarkerMenu();
    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Keyboard Shortcuts"), this, [this] { ShortcutsDialog(this).exec(); });
    help->addAction(tr("&About Tracelane"), this, [this] { AboutDialog(this).exec(); })
        ->setMenuRole(QAction::AboutRole);
}

// Shading, queue lanes and collective wait answer "why the GPU waits" on the
// timeline; all are remembered (ViewOptions), and the timeline keeps them across traces.
void MainWindow::createEfficiencyToggles(QMenu *view)
{
    const ViewOptions options = ViewOptions::load();
    QAction *idle = view->addAction(tr("Shade &Idle Gaps"));
    idle->setObjectName(QStringLiteral("showIdleGaps"));
    idle->setCheckable(true);
    idle->setToolTip(tr("Shade the idle gaps of GPU streams by cause: host wait, kernel wait or other"));
    idle->setChecked(options.idleGaps);
    m_view->setShowIdleGaps(options.idleGaps);
    connect(idle, &QAction::toggled, this, [this](bool on) {
        m_view->setShowIdleGaps(on);
        ViewOptions o = ViewOptions::load();
        o.idleGaps = on;
        o.save();
    });
    QAction *queue = view->addAction(tr("&Queue Depth Lanes"));
    queue->setObjectName(QStringLiteral("showQueueDepth"));
    queue->setCheckable(true);
    queue->setToolTip(tr("A lane under each GPU stream with its launched operations that have not started yet"));
    queue->setChecked(options.queueDepth);
    m_view->setShowQueueDepth(options.queueDepth);
    connect(queue, &QAction::toggled, this, [this](bool on) {
        m_view->setShowQueueDepth(on); // the track tree follows through arrangementEdited
        ViewOptions o = ViewOptions::load();
        o.queueDepth = on;
        o.save();
    });
    QAction *wait = view->addAction(tr("Collective &Wait"));
    wait->setObjectName(QStringLiteral("showCollectiveWait"));
    wait->setCheckable(true);
    wait->setToolTip(tr("Hatch the part of each collective kernel that waited for the other ranks, on every rank "
                        "(several traces opened together)"));
    wait->setChecked(options.collectiveWait);
    m_view->setShowCollectiveWait(options.collectiveWait);
    connect(wait, &QAction::toggled, this, [this](bool on) {
        m_view->setShowCollectiveWait(on);
        ViewOptions o = ViewOptions::load();
        o.collectiveWait = on;
        o.save();
    });
}

void MainWindow::updateRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = RecentFiles::load();
    for (const QString &path : files)
        m_recentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] { openFile(path); })->setToolTip(path);
    if (!files.isEmpty()) {
        m_recentMenu->addSeparator();
        m_recentMenu->addAction(tr("Clear List"), this, [this] {
            RecentFiles::clear();
            updateRecentMenu();
        });
    }
    m_recentMenu->setEnabled(!files.isEmpty());
    if (m_welcome && m_welcome->isVisible())
        m_welcome->refresh();
}

QString MainWindow::traceFileFilter()
{
    return tr("Traces (*.json *.json.gz *.gz *.sqlite *.nvvp *.prof *.db *.rpd *.pb *.pftrace *.perfetto-trace "
              "*.nsys-rep *.qdrep);;All files (*)");
}

void MainWindow::chooseFile()
{
    // Several files chosen together open in one window, one lane group each.
    const QStringList paths = QFileDialog::getOpenFileNames(
        this, tr("Open Trace"), QString(),
        traceFileFilter());
    if (!paths.isEmpty())
        openTraces(paths);
}

} // namespace tracelane
