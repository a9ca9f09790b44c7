// MainWindow: the timeline's navigation keys as View menu items, so the menu
// teaches them. The keys themselves are handled by the timeline (and routed to
// it by TimelineKeyRouter while the mouse is over it); as window shortcuts they
// would also fire while typing in the search bar or the query editor.
#include "main_window.h"

#include "timeline/timeline_view.h"

#include <QMenu>

namespace tracelane {

void MainWindow::createNavigationActions(QMenu *view)
{
    const struct
    {
        QString text;
        Qt::Key key;
        const char *name;
    } items[] = {
        {tr("Zoom I&n"), Qt::Key_W, "zoomIn"},
        {tr("Zoom &Out"), Qt::Key_S, "zoomOut"},
        {tr("Pan &Left"), Qt::Key_A, "panLeft"},
        {tr("Pan &Right"), Qt::Key_D, "panRight"},
        {tr("Show &Whole Trace"), Qt::Key_Home, "showWholeTrace"},
        {tr("Go to &End"), Qt::Key_End, "goToEnd"},
        {tr("&Zoom to Selected Range"), Qt::Key_Z, "zoomToSelection"},
        {tr("&Fit Selection"), Qt::Key_F, "fitSelection"},
    };
    for (const auto &item : items) {
        QAction *action = view->addAction(item.text, this, [this, key = item.key] { m_view->handleViewKey(key); });
        action->setObjectName(QLatin1String(item.name));
        action->setShortcut(QKeySequence(item.key));
        // Shown beside the item, active only inside the open menu (see above).
        action->setShortcutContext(Qt::WidgetShortcut);
        action->setShortcutVisibleInContextMenu(true);
    }
}

QAction *MainWindow::addMarkerAction(QMenu *menu)
{
    QAction *action = menu->addAction(tr("&Add Marker"), this, [this] { m_view->addMarkerHere(); });
    action->setObjectName(QStringLiteral("addMarker"));
    action->setShortcut(QKeySequence(Qt::Key_M));
    action->setShortcutContext(Qt::WidgetShortcut);
    action->setShortcutVisibleInContextMenu(true);
    return action;
}

} // namespace tracelane
