// Time from opening a trace to its timeline on screen, in the real window:
// load on the worker thread, the model swapped in, the first paint. The file is
// opened twice in the same window; the second open must not be slower.
//   QT_QPA_PLATFORM=offscreen bench_gui_open TRACE
// Prints one JSON line per open: seconds to the painted timeline and the
// number of progress steps the window showed on the way.
#include "main_window.h"
#include "timeline/timeline_view.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>
#include <QProgressBar>

#include <cstdio>

using namespace tracelane;

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_gui_open TRACE\n");
        return 2;
    }
    const QString path = QString::fromLocal8Bit(argv[1]);
    MainWindow window;
    window.resize(1920, 1080);
    window.show();
    app.processEvents();
    auto *view = window.findChild<TimelineView *>();
    auto *progress = window.findChild<QProgressBar *>();
    for (int round = 1; round <= 2; ++round) {
        QEventLoop waiting; // sleeps between events, as the application's own loop does
        int steps = 0;
        const auto onLoaded = QObject::connect(&window, &MainWindow::traceLoaded, &waiting, &QEventLoop::quit);
        const auto onProgress = QObject::connect(progress, &QProgressBar::valueChanged, [&] { ++steps; });
        QElapsedTimer timer;
        timer.start();
        window.openFile(path);
        waiting.exec();
        view->repaint(); // the first paint of the new model, now rather than at the next event
        const double seconds = double(timer.nsecsElapsed()) / 1e9;
        QObject::disconnect(onLoaded);
        QObject::disconnect(onProgress);
        std::printf("{\"open\": %d, \"seconds_to_timeline\": %.3f, \"progress_steps\": %d}\n", round, seconds, steps);
        std::fflush(stdout);
        // Let the charts computed after the load finish, as a user would, before opening again.
        QEventLoop settling;
        QTimer::singleShot(3000, &settling, &QEventLoop::quit);
        settling.exec();
    }
    return 0;
}
