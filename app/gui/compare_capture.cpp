#include "compare_capture.h"

#include "iteration_compare_chart.h"
#include "main_window.h"
#include "panels/compare/compare_breakdown.h"
#include "panels/compare/compare_charts.h"
#include "panels/compare/compare_panel.h"

#include <QApplication>
#include <QPainter>
#include <QScreen>
#include <QTableView>
#include <QTimer>

#include <cstdio>

namespace tracelane {
namespace {

constexpr int kPollMs = 100;
constexpr int kGiveUpMs = 60000;
constexpr int kSettleMs = 500; // queued layouts and replots

void fail(const char *why)
{
    std::fprintf(stderr, "tracelane: %s\n", why);
    QTimer::singleShot(0, qApp, [] { QApplication::exit(1); }); // also before the event loop runs
}

// Clicks the first row of the diff named `name`; false when there is none.
bool clickRow(ComparePanel *panel, const QString &name)
{
    for (int row = 0; row < panel->shownRowCount(); ++row) {
        if (panel->shownText(row, 0) != name)
            continue;
        const QModelIndex index = panel->view()->model()->index(row, 0);
        panel->view()->selectRow(row);
        panel->view()->scrollTo(index);
        QMetaObject::invokeMethod(panel->view(), "clicked", Q_ARG(QModelIndex, index)); // what a click emits
        return true;
    }
    return false;
}

// Both windows where they are on the screen, on a picture of the screen's size.
void saveBoth(MainWindow *window, const QString &path)
{
    const QRect area = window->screen()->availableGeometry();
    QImage image(area.size(), QImage::Format_RGB32);
    image.fill(Qt::black);
    QPainter painter(&image);
    for (MainWindow *shown : {window, window->compareWindow()})
        if (shown)
            painter.drawPixmap(shown->geometry().topLeft() - area.topLeft(), shown->grab());
    painter.end();
    const bool saved = image.save(path);
    if (!saved)
        std::fprintf(stderr, "tracelane: cannot write %s\n", qPrintable(path));
    QApplication::exit(saved ? 0 : 1);
}

} // namespace

void compareWhenShown(MainWindow *window, const QString &other, const QString &name, const QString &screenshot)
{
    if (!window->isLoading() && !window->model()) {
        fail("--compare needs a trace to compare with");
        return;
    }
    if (!screenshot.isEmpty()) // no message box: nobody is there to close it
        window->setErrorReporter([](const QString &, const QString &message) {
            std::fprintf(stderr, "tracelane: %s\n", qPrintable(message));
            QApplication::exit(1);
        });
    QObject::connect(
        window, &MainWindow::traceLoaded, window,
        [window, other, name, screenshot] {
            window->compareWith(other);
            auto *poll = new QTimer(window);
            auto clicked = std::make_shared<bool>(false);
            auto breakdownShown = std::make_shared<bool>(false); // a row was clicked: wait for its breakdown
            auto waited = std::make_shared<int>(0);
            QObject::connect(poll, &QTimer::timeout, window, [=] {
                if ((*waited += kPollMs) > kGiveUpMs) {
                    poll->stop();
                    fail("the comparison did not finish within a minute");
                    return;
                }
                ComparePanel *panel = window->comparePanel();
                CompareCharts *charts = window->compareCharts();
                if (!panel || !charts || panel->table().rows.empty())
                    return;
                if (!*clicked) {
                    *clicked = true;
                    *breakdownShown = !name.isEmpty() && clickRow(panel, name);
                    if (!name.isEmpty() && !*breakdownShown)
                        std::fprintf(stderr, "tracelane: no diff row is named %s\n", qPrintable(name));
                    if (!*breakdownShown)
                        charts->setCurrentWidget(charts->iterations()); // no row clicked: the iterations
                }
                const bool drawn = !charts->iterations()->isFinding() && !charts->iterations()->label(
                                       charts::IterationCompareChart::Control).isEmpty();
                const bool broken = !*breakdownShown || charts->breakdown()->isReady();
                if (!drawn || !broken)
                    return;
                poll->stop();
                if (!screenshot.isEmpty())
                    QTimer::singleShot(kSettleMs, window, [window, screenshot] { saveBoth(window, screenshot); });
            });
            poll->start(kPollMs);
        },
        Qt::SingleShotConnection);
}

} // namespace tracelane
