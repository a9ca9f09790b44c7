// MainWindow: the Instances dock, where every "list the instances of" request
// ends (search matches, summary rows, and any panel that calls listInstances).
#include "main_window.h"

#include "panels/instances/instance_list_panel.h"
#include "panels/instances/search_bar.h"
#include "panels/summaries/summary_panel.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"

#include <QDockWidget>

namespace tracelane {

QDockWidget *MainWindow::createInstancesDock()
{
    m_instances = new InstanceListPanel(this);
    m_instancesDock = new QDockWidget(tr("Instances"), this);
    m_instancesDock->setObjectName(QStringLiteral("instancesDock"));
    m_instancesDock->setWidget(m_instances);
    addDockWidget(Qt::BottomDockWidgetArea, m_instancesDock);
    m_instancesDock->hide(); // until something is listed, or View > Instances

    // The outlines follow the rows the filter keeps.
    connect(m_instances, &InstanceListPanel::shownChanged, this,
            [this] { m_view->setHighlighted(m_instances->shownEvents()); });
    connect(m_instances, &InstanceListPanel::eventActivated, this, [this](EventRef ref) {
        // Clicking elsewhere may have replaced the outlines: the list's come back with its event.
        if (!m_view->highlighted().contains(ref))
            m_view->setHighlighted(m_instances->shownEvents());
        m_view->selectEvent(ref, true);
    });
    connect(this, &MainWindow::traceLoaded, m_instances,
            [this] { m_instances->setTrace(m_model ? m_model->tracePointer() : nullptr); });
    connect(m_search, &SearchBar::allMatchesListed, this,
            [this](const QString &pattern, const std::vector<EventRef> &matches) {
                listInstances(tr("Matches of “%1”").arg(pattern), matches);
            });
    connect(m_summaries, &SummaryPanel::instancesListed, this,
            [this](const QString &title, const std::vector<EventRef> &events) { listInstances(title, events); });
    return m_instancesDock;
}

void MainWindow::listInstances(const QString &title, std::vector<EventRef> events)
{
    if (!m_model)
        return;
    m_instancesDock->show();
    m_instancesDock->raise();
    m_instances->showInstances(title, std::move(events)); // outlines them through shownChanged
}

} // namespace tracelane
