#include "window_capture.h"

#include "event_search.h"
#include "main_window.h"
#include "panels/instance_list_panel.h"
#include "panels/search_bar.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"
#include "timeline/zoom_control.h"

#include <QApplication>
#include <QTimer>

#include <algorithm>
#include <cstdio>

namespace tracelane {
namespace {

// Lets queued layout and the first paints of the timeline settle.
constexpr int kSettleMs = 500;
// `--list` zooms to the first this many listed events.
constexpr std::size_t kListedInView = 12;

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

void listWhenShown(MainWindow *window, const QString &pattern)
{
    QObject::connect(window, &MainWindow::traceLoaded, window, [window, pattern] {
        SearchBar *search = window->searchBar();
        search->setPattern(pattern);
        search->show();
        search->listAll();
        if (window->instances()->events().empty()) {
            std::fprintf(stderr, "tracelane: no event matches %s\n", qPrintable(pattern));
            return;
        }
        window->instances()->selectRow(0);
        // Close enough to tell the outlined events apart: the first few listed.
        const Trace &trace = window->model()->trace();
        const std::vector<EventRef> shown = window->instances()->shownEvents();
        const std::size_t last = std::min<std::size_t>(shown.size(), kListedInView) - 1;
        window->timeline()->zoomControl()->fit(trace.event(shown.front()).start, trace.event(shown[last]).end());
    });
}

} // namespace tracelane
