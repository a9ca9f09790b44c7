#pragma once
// The main window as the dock tests drive it: settings kept apart from the
// user's, load errors as test warnings, a size that shows every dock, shown.

#include "main_window.h"

#include <QSignalSpy>
#include <QStandardPaths>
#include <QtTest>

#include <memory>

namespace tracelane::test {

inline std::unique_ptr<MainWindow> shownDockTestWindow()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("TracelaneTests"));
    auto window = std::make_unique<MainWindow>();
    window->setErrorReporter([](const QString &, const QString &message) { qWarning() << message; });
    window->resize(1600, 1000);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        qWarning("the window was not shown");
    return window;
}

// Opens `path` and waits until it is loaded and `panel` has emitted `ready`
// (its analysis runs on a worker thread). False when either does not come.
template<typename Panel>
bool openAndWaitForPanel(MainWindow &window, const QString &path, Panel *panel, void (Panel::*ready)())
{
    QSignalSpy loaded(&window, &MainWindow::traceLoaded);
    QSignalSpy computed(panel, ready);
    window.openFile(path);
    if (!loaded.wait(60000))
        return false;
    for (int waited = 0; computed.isEmpty() && waited < 30000; waited += 50)
        QTest::qWait(50);
    return computed.size() == 1;
}

} // namespace tracelane::test
