// MainWindow: the Tree dock. A node clicked in its tree or flame graph
// outlines its instances on the timeline; "List Instances" fills the Instances
// dock; an area selected on the timeline becomes its "Selection" scope.
#include "main_window.h"

#include "panels/structure/structure_panel.h"
#include "timeline/timeline_view.h"

#include <QDockWidget>

namespace tracelane {

QDockWidget *MainWindow::createTreeDock()
{
    m_structure = new StructurePanel(this);
    connect(m_structure, &StructurePanel::instancesOutlined, this,
            [this](std::vector<EventRef> events) { m_view->setHighlighted(std::move(events)); });
    connect(m_structure, &StructurePanel::instancesListed, this, &MainWindow::listInstances);
    connect(m_view, &TimelineView::areaSelected, m_structure,
            [this](TimeNs from, TimeNs to, const std::vector<std::uint32_t> &tracks) {
                m_structure->showWindow(from, to, tracks);
            });
    connect(m_view, &TimelineView::areaCleared, m_structure, &StructurePanel::clearWindow);
    auto *dock = new QDockWidget(tr("Tree"), this);
    dock->setObjectName(QStringLiteral("treeDock"));
    dock->setWidget(m_structure);
    addDockWidget(Qt::BottomDockWidgetArea, dock);
    return dock;
}

} // namespace tracelane
