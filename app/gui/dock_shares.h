#pragma once
// Keeps the docks' share of the main window across resizes. QMainWindow gives
// all new room to the central widget, so after shrinking the window to its
// minimum (the docks squeezed to theirs) and growing it again, the charts
// stayed squeezed. This remembers what each dock area had, as a fraction of the
// window, when the layout was set (first start, restored layout, a dragged
// separator) and gives it back after every resize; at small sizes the docks'
// minimums still win, and the timeline takes what is left.

#include <QList>
#include <QObject>
#include <QSize>

#include <map>

class QDockWidget;
class QMainWindow;

namespace tracelane {

class DockShares : public QObject
{
    Q_OBJECT

public:
    explicit DockShares(QMainWindow *window);

    void record(); // the current layout is the one the user wants

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QList<QDockWidget *> shownDocks(Qt::DockWidgetArea area) const; // visible and docked there
    int depth(Qt::DockWidgetArea area) const; // its width (left, right) or height (bottom); 0: none shown
    void apply();
    bool overSeparator() const;

    QMainWindow *m_window;
    std::map<Qt::DockWidgetArea, double> m_shares; // of the window's width (left, right) or height (bottom)
    std::map<QDockWidget *, double> m_widths;      // the bottom docks' shares of the window's width
    QSize m_laidOutFor; // the window size the docks were last recorded or set for
    bool m_pending = false;
};

} // namespace tracelane
