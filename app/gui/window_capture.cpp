#include "window_capture.h"

#include "breakdown_chart.h"
#include "event_search.h"
#include "main_window.h"
#include "timeline/marker_set.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"
#include "timeline/zoom_control.h"

#include <QApplication>
#include <QDockWidget>
#include <QTimer>

#include <algorithm>
#include <cstdio>

namespace tracelane {
namespace {

// Lets queued layout and the first paints of the timeline settle.
constexpr int kSettleMs = 500;
// How many outlined operations --click-breakdown zooms to.
constexpr std::size_t kShownOutlines = 12;

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

void clickBreakdownWhenShown(MainWindow *window, const QString &op)
{
    charts::BreakdownChart *chart = window->breakdownChart();
    auto *connection = new QMetaObject::Connection;
    *connection = QObject::connect(chart, &charts::ChartView::chartChanged, window, [window, chart, op, connection] {
        const int bar = int(chart->barLabels().indexOf(op));
        if (bar < 0)
            return;
        QObject::disconnect(*connection);
        delete connection;
        const std::vector<EventRef> work = chart->barEvents(bar);
        chart->requestInstances(bar);
        if (work.empty())
            return;
        const Trace &trace = window->model()->trace();
        const std::size_t last = std::min(work.size(), kShownOutlines) - 1;
        window->timeline()->selectEvent(work.front(), true);
        window->timeline()->zoomControl()->fit(trace.event(work.front()).start, trace.event(work[last]).end(), 0.1);
    });
}

void markWhenShown(MainWindow *window, const QStringList &specs)
{
    QObject::connect(window, &MainWindow::traceLoaded, window, [window, specs] {
        TimelineView *view = window->timeline();
        for (const QString &spec : specs) {
            const QString where = spec.section(QLatin1Char('='), 0, 0);
            const QString name = spec.section(QLatin1Char('='), 1);
            int index = -1;
            if (where == QLatin1String("selected")) {
                index = view->addMarkerHere();
            } else {
                bool ok = false;
                const qint64 ns = where.toLongLong(&ok);
                if (ok)
                    index = view->markers()->add(Marker{window->model()->trace().startNs + ns, std::nullopt, name, {}});
            }
            if (index < 0)
                std::fprintf(stderr, "tracelane: cannot add the marker %s\n", qPrintable(spec));
            else if (!name.isEmpty())
                view->markers()->rename(index, name);
        }
        if (auto *dock = window->findChild<QDockWidget *>(QStringLiteral("markersDock")))
            dock->raise();
    });
}

} // namespace tracelane
