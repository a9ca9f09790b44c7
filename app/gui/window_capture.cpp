#include "window_capture.h"

#include "event_search.h"
#include "main_window.h"
#include "theme.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"
#include "timeline/zoom_control.h"

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

void selectWhenShown(MainWindow *window, const QString &pattern)
{
    QObject::connect(window, &MainWindow::traceLoaded, window, [window, pattern] {
        const SearchResult found = EventSearch::run(window->model()->trace(), pattern);
        if (!found.ok() || found.matches.empty()) {
            std::fprintf(stderr, "tracelane: no event matches %s\n", qPrintable(pattern));
            return;
        }
        const EventRef ref = found.matches.front();
        window->timeline()->selectEvent(ref, true);
        const Event &e = window->model()->trace().event(ref);
        window->timeline()->zoomControl()->fit(e.start, e.end());
    });
}

void applyViewWhenShown(MainWindow *window, const QString &list)
{
    const QStringList choices = list.split(QLatin1Char(','), Qt::SkipEmptyParts);
    if (choices.contains(QStringLiteral("dark")))
        window->timeline()->setDarkPalette(applyTheme(Preferences::Theme::Dark));
    QObject::connect(window, &MainWindow::traceLoaded, window, [window, choices] {
        TimelineView *view = window->timeline();
        if (choices.contains(QStringLiteral("hide-python")))
            view->setPythonFramesHidden(true);
        if (choices.contains(QStringLiteral("all-rows")))
            for (std::uint32_t t = 0; t < window->model()->trace().tracks.size(); ++t)
                view->setLaneExpanded(t, true);
    });
}

} // namespace tracelane
