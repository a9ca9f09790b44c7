#pragma once
// Keeps the tabs of tabbed docks readable. QMainWindow makes each dock tab bar
// elide its titles, so a narrow area showed "E…" and "Qu…" for Efficiency and
// Query; the tabs keep their whole titles instead and the bar scrolls with
// arrows when they do not fit. Tab bars are created when docks are tabified,
// at any time, so every new one is set up as it is polished.

#include <QObject>

class QMainWindow;

namespace tracelane {

class DockTabBars : public QObject
{
    Q_OBJECT

public:
    explicit DockTabBars(QMainWindow *window);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
};

} // namespace tracelane
