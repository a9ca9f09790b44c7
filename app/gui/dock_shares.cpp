#include "dock_shares.h"

#include <QDockWidget>
#include <QEvent>
#include <QLayout>
#include <QMainWindow>
#include <QTimer>

#include <algorithm>

namespace tracelane {
namespace {

constexpr Qt::DockWidgetArea kAreas[] = {Qt::LeftDockWidgetArea, Qt::RightDockWidgetArea, Qt::BottomDockWidgetArea};

Qt::Orientation orientationOf(Qt::DockWidgetArea area)
{
    return area == Qt::BottomDockWidgetArea || area == Qt::TopDockWidgetArea ? Qt::Vertical : Qt::Horizontal;
}

int extent(QSize size, Qt::Orientation orientation)
{
    return orientation == Qt::Vertical ? size.height() : size.width();
}

} // namespace

DockShares::DockShares(QMainWindow *window)
    : QObject(window)
    , m_window(window)
{
    window->installEventFilter(this);
}

QList<QDockWidget *> DockShares::shownDocks(Qt::DockWidgetArea area) const
{
    QList<QDockWidget *> shown;
    for (QDockWidget *dock : m_window->findChildren<QDockWidget *>(Qt::FindDirectChildrenOnly))
        if (dock->isVisible() && !dock->isFloating() && m_window->dockWidgetArea(dock) == area)
            shown.append(dock);
    return shown;
}

// An area is as deep as its deepest dock (docks side by side, tabs).
int DockShares::depth(Qt::DockWidgetArea area) const
{
    int deepest = 0;
    for (const QDockWidget *dock : shownDocks(area))
        deepest = std::max(deepest, extent(dock->size(), orientationOf(area)));
    return deepest;
}

void DockShares::record()
{
    m_laidOutFor = m_window->size();
    for (Qt::DockWidgetArea area : kAreas) {
        const int window = extent(m_window->size(), orientationOf(area));
        if (const int deep = depth(area); deep > 0 && window > 0)
            m_shares[area] = double(deep) / window;
    }
    // How the docks side by side below the timeline split the width (a chart
    // squeezed narrow lays its legend out in one tall column).
    m_widths.clear();
    for (QDockWidget *dock : shownDocks(Qt::BottomDockWidgetArea))
        m_widths[dock] = double(dock->width()) / std::max(1, m_window->width());
}

void DockShares::apply()
{
    m_pending = false;
    if (m_window->size() == m_laidOutFor)
        return; // no new size: the layout stays as the user left it
    m_laidOutFor = m_window->size();
    for (const auto &[area, share] : m_shares) {
        const Qt::Orientation orientation = orientationOf(area);
        const int wanted = int(share * extent(m_window->size(), orientation));
        const QList<QDockWidget *> docks = shownDocks(area);
        if (docks.isEmpty() || wanted == depth(area))
            continue;
        m_window->resizeDocks(docks, QList<int>(docks.size(), wanted), orientation);
        // For tabbed docks the size given counts the tab bar; correct by what is missing.
        m_window->layout()->activate();
        if (const int missing = wanted - depth(area); missing != 0)
            m_window->resizeDocks(docks, QList<int>(docks.size(), wanted + missing), orientation);
    }
    QList<QDockWidget *> docks;
    QList<int> widths;
    for (QDockWidget *dock : shownDocks(Qt::BottomDockWidgetArea)) {
        const auto it = m_widths.find(dock);
        if (it != m_widths.end()) {
            docks.append(dock);
            widths.append(int(it->second * m_window->width()));
        }
    }
    if (docks.size() > 1)
        m_window->resizeDocks(docks, widths, Qt::Horizontal);
}

// QMainWindow shows a split cursor while the mouse is on a dock separator; a
// release elsewhere (a click that a child left unhandled) is no layout change.
bool DockShares::overSeparator() const
{
    if (!m_window->testAttribute(Qt::WA_SetCursor))
        return false;
    const Qt::CursorShape shape = m_window->cursor().shape();
    return shape == Qt::SplitHCursor || shape == Qt::SplitVCursor || shape == Qt::SizeHorCursor
        || shape == Qt::SizeVerCursor;
}

bool DockShares::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window) {
        if (event->type() == QEvent::Resize && !m_shares.empty() && !m_pending) {
            m_pending = true; // once the new size is laid out
            QTimer::singleShot(0, this, &DockShares::apply);
        } else if (event->type() == QEvent::MouseButtonRelease && overSeparator()) {
            QTimer::singleShot(0, this, &DockShares::record); // a dragged separator: the user's choice
        }
    }
    return QObject::eventFilter(watched, event);
}

} // namespace tracelane
