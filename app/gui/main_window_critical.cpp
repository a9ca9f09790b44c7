// The Critical Path, Findings and Memory docks, and the path's overlay on the timeline
// (View > Show Critical Path): clicking a stretch of the path or a finding's
// event selects it; the overlay follows the step the dock shows.
#include "main_window.h"

#include "panels/critical/critical_path_panel.h"
#include "panels/critical/findings_panel.h"
#include "panels/memory/memory_panel.h"
#include "timeline/timeline_view.h"
#include "timeline/zoom_control.h"

#include <QAction>
#include <QDockWidget>
#include <QMenu>

namespace tracelane {

QDockWidget *MainWindow::createCriticalPathDock()
{
    m_criticalPath = new CriticalPathPanel(this);
    connect(m_criticalPath, &CriticalPathPanel::eventRequested, this, [this](EventRef ref) {
        m_view->selectEvent(ref, true);
    });
    connect(m_criticalPath, &CriticalPathPanel::pathChanged, this, [this] {
        updateCriticalPathOverlay();
        showCriticalPathStep();
    });
    auto *dock = new QDockWidget(tr("Critical Path"), this);
    dock->setObjectName(QStringLiteral("criticalPathDock"));
    dock->setWidget(m_criticalPath);
    addDockWidget(Qt::BottomDockWidgetArea, dock);
    return dock;
}

QDockWidget *MainWindow::createFindingsDock()
{
    m_findings = new FindingsPanel(this);
    connect(m_findings, &FindingsPanel::eventRequested, this, [this](EventRef ref) { m_view->selectEvent(ref, true); });
    connect(m_findings, &FindingsPanel::regionRequested, this, [this](TimeNs start, TimeNs end) {
        const TimeNs margin = std::max<TimeNs>(1, (end - start) / 4);
        m_view->zoomControl()->fit(start - margin, end + margin);
    });
    auto *dock = new QDockWidget(tr("Findings"), this);
    dock->setObjectName(QStringLiteral("findingsDock"));
    dock->setWidget(m_findings);
    addDockWidget(Qt::BottomDockWidgetArea, dock);
    return dock;
}

QDockWidget *MainWindow::createMemoryDock()
{
    m_memory = new MemoryPanel(this);
    connect(m_memory, &MemoryPanel::eventRequested, this, [this](EventRef ref) { m_view->selectEvent(ref, true); });
    auto *dock = new QDockWidget(tr("Memory"), this);
    dock->setObjectName(QStringLiteral("memoryDock"));
    dock->setWidget(m_memory);
    addDockWidget(Qt::BottomDockWidgetArea, dock);
    return dock;
}

void MainWindow::createCriticalPathToggle(QMenu *view)
{
    m_showCriticalPath = view->addAction(tr("Show &Critical Path"));
    m_showCriticalPath->setObjectName(QStringLiteral("showCriticalPath"));
    m_showCriticalPath->setCheckable(true);
    m_showCriticalPath->setToolTip(
        tr("Outline the events on the critical path of the step the Critical Path dock shows, with arrows where "
           "it changes lane"));
    connect(m_showCriticalPath, &QAction::toggled, this, [this](bool on) {
        if (on) // the dock says which step is drawn
            if (auto *dock = findChild<QDockWidget *>(QStringLiteral("criticalPathDock")); dock && dock->isHidden())
                dock->show();
        updateCriticalPathOverlay();
        showCriticalPathStep();
    });
}

// While the path is drawn, the timeline shows the step it belongs to.
void MainWindow::showCriticalPathStep()
{
    const CriticalPath *path = m_criticalPath->currentPath();
    if (!m_model || !path || !m_showCriticalPath->isChecked() || path->length <= 0)
        return;
    const TimeNs margin = path->length / 50;
    m_view->zoomControl()->fit(path->scope.start - margin, path->scope.start + path->length + margin);
}

void MainWindow::updateCriticalPathOverlay()
{
    const bool on = m_showCriticalPath && m_showCriticalPath->isChecked();
    m_view->setCriticalPath(on && m_model ? m_criticalPath->currentPath() : nullptr);
}

} // namespace tracelane
