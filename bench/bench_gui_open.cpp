// Time from opening a trace to its timeline on screen, in the real window:
// load on the worker thread, the model swapped in, the first paint. The file is
// opened twice in the same window; the second open must not be slower.
//   QT_QPA_PLATFORM=offscreen bench_gui_open TRACE
// Prints one JSON line per open: seconds to the painted timeline and the
// number of progress steps the window showed on the way.
//   QT_QPA_PLATFORM=offscreen bench_gui_open TRACE TRACE...
// Several traces: each opened in turn (one after another, as without
// groups), then all of them at once in one window, twice each, alternating.
#include "main_window.h"
#include "timeline/timeline_view.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTimer>
#include <QProgressBar>

#include <cstdio>
#include <functional>

using namespace tracelane;

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_gui_open TRACE\n");
        return 2;
    }
    QStringList paths;
    for (int i = 1; i < argc; ++i)
        paths << QString::fromLocal8Bit(argv[i]);
    const QString path = paths.front();
    MainWindow window;
    window.resize(1920, 1080);
    window.show();
    app.processEvents();
    auto *view = window.findChild<TimelineView *>();
    auto *progress = window.findChild<QProgressBar *>();
    // Opens with `open` and waits for the painted timeline; seconds.
    const auto timed = [&](const std::function<void()> &open) {
        QEventLoop waiting;
        const auto onLoaded = QObject::connect(&window, &MainWindow::traceLoaded, &waiting, &QEventLoop::quit);
        QElapsedTimer timer;
        timer.start();
        open();
        waiting.exec();
        view->repaint();
        const double seconds = double(timer.nsecsElapsed()) / 1e9;
        QObject::disconnect(onLoaded);
        QEventLoop settling; // the charts computed after the load, as a user would wait for them
        QTimer::singleShot(1500, &settling, &QEventLoop::quit);
        settling.exec();
        return seconds;
    };
    if (paths.size() > 1) {
        for (int round = 1; round <= 2; ++round) {
            double oneAfterAnother = 0.0;
            for (const QString &file : paths)
                oneAfterAnother += timed([&] { window.openFile(file); });
            const double together = timed([&] { window.openTraces(paths); });
            std::printf("{\"round\": %d, \"files\": %lld, \"one_after_another_s\": %.3f, \"one_window_s\": %.3f}\n",
                        round, static_cast<long long>(paths.size()), oneAfterAnother, together);
            std::fflush(stdout);
        }
        return 0;
    }
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
