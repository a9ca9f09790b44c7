#include "window_capture.h"

#include "main_window.h"

#include <QApplication>
#include <QTimer>

#include <cstdio>

namespace tracelane {
namespace {

// Lets queued layout and the first paints of the timeline settle.
constexpr int kSettleMs = 500;

void saveAndQuit(MainWindow *window, const QString &path)
{
    QTimer::singleShot(kSettleMs, window, [window, path] {
        const bool saved = window->grab().save(path);
        if (!saved)
            std::fprintf(stderr, "tracelane: cannot write %s\n", qPrintable(path));
        QApplication::exit(saved ? 0 : 1);
    });
}

} // namespace

void captureWhenShown(MainWindow *window, const QString &path)
{
    if (!window->isLoading()) {
        saveAndQuit(window, path);
        return;
    }
    QObject::connect(window, &MainWindow::traceLoaded, window, [window, path] { saveAndQuit(window, path); });
    // No message box: nobody is there to close it.
    window->setErrorReporter([](const QString &, const QString &message) {
        std::fprintf(stderr, "tracelane: %s\n", qPrintable(message));
        QApplication::exit(1);
    });
}

} // namespace tracelane
