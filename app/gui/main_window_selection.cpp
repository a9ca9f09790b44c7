// MainWindow: the Selection dock beside the other bottom docks. An area
// selected on the timeline is summarised there, and the dock comes to the front.
#include "main_window.h"

#include "panels/selection/selection_panel.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"

#include <QDockWidget>

namespace tracelane {

void MainWindow::createSelectionDock(QDockWidget *tabBeside)
{
    m_selection = new SelectionPanel(this);
    auto *dock = new QDockWidget(tr("Selection"), this);
    dock->setObjectName(QStringLiteral("selectionDock"));
    dock->setWidget(m_selection);
    addDockWidget(Qt::BottomDockWidgetArea, dock);
    tabifyDockWidget(tabBeside, dock);
    connect(m_view, &TimelineView::areaSelected, this,
            [this, dock](TimeNs from, TimeNs to, const std::vector<std::uint32_t> &tracks) {
                m_selection->showWindow(from, to, tracks);
                dock->show();
                dock->raise();
            });
    connect(m_view, &TimelineView::areaCleared, m_selection, &SelectionPanel::clear);
    connect(m_selection, &SelectionPanel::instancesRequested, this, &MainWindow::listInstances);
}

} // namespace tracelane
