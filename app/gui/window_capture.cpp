#include "window_capture.h"

#include "breakdown_chart.h"
#include "event_search.h"
#include "main_window.h"
#include "panels/instances/instance_list_panel.h"
#include "panels/instances/search_bar.h"
#include "theme.h"
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
// `--list` zooms to the first this many listed events.
constexpr std::size_t kListedInView = 12;
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

bool selectAreaWhenShown(MainWindow *window, const QString &spec)
{
    const QStringList parts = spec.split(QLatin1Char(','));
    std::vector<qlonglong> numbers;
    for (const QString &part : parts) {
        bool ok = false;
        numbers.push_back(part.trimmed().toLongLong(&ok));
        if (!ok || numbers.back() < 0)
            return false;
    }
    if (numbers.size() < 2 || numbers[1] <= numbers[0])
        return false;
    QObject::connect(window, &MainWindow::traceLoaded, window, [window, numbers] {
        const TimeNs origin = window->model()->trace().startNs;
        const TimeNs from = origin + numbers[0], to = origin + numbers[1];
        std::vector<std::uint32_t> tracks;
        for (std::size_t i = 2; i < numbers.size(); ++i)
            tracks.push_back(std::uint32_t(numbers[i]));
        window->timeline()->zoomControl()->fit(from, to, 0.25);
        window->timeline()->selectArea(from, to, tracks);
    });
    return true;
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
