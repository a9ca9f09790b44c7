#include "dock_tab_bars.h"

#include <QChildEvent>
#include <QMainWindow>
#include <QTabBar>

namespace tracelane {
namespace {

void keepTitlesWhole(QTabBar *bar)
{
    bar->setElideMode(Qt::ElideNone);
    bar->setUsesScrollButtons(true);
}

} // namespace

DockTabBars::DockTabBars(QMainWindow *window)
    : QObject(window)
{
    for (QTabBar *bar : window->findChildren<QTabBar *>(Qt::FindDirectChildrenOnly))
        keepTitlesWhole(bar);
    window->installEventFilter(this);
}

// Polished, not added: QMainWindow sets its own elide mode right after creating the bar.
bool DockTabBars::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::ChildPolished)
        if (auto *bar = qobject_cast<QTabBar *>(static_cast<QChildEvent *>(event)->child()))
            keepTitlesWhole(bar);
    return QObject::eventFilter(watched, event);
}

} // namespace tracelane
