// The Efficiency dock of the main window on real traces: it sits with the other
// analysis docks, its charts and tables hold what the core computes for the
// loaded trace, clicking a gap shows it on the timeline and selects the late
// launch call, times follow the unit preference, and a trace without GPU work
// gets a message instead of empty charts.
#include "qcustomplot_include.h" // first: see there

#include "main_window.h"

#include "gpu_labels.h"
#include "gpu_time_chart.h"
#include "idle_causes_chart.h"
#include "launch_delay_chart.h"
#include "panels/efficiency/efficiency_panel.h"
#include "panels/efficiency/idle_gap_model.h"
#include "panels/summaries/summary_table_view.h"
#include "preferences.h"
#include "time_format.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"
#include "timeline/zoom_control.h"

#include "analysis/efficiency/launch_overheads.h"
#include "analysis/summaries/kernel_summary.h"

#include "panel_cells.h"
#include "test_registry.h"

#include <QDockWidget>
#include <QHeaderView>
#include <QTableView>
#include <QMenuBar>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QtTest>

using namespace tracelane;
using tracelane::test::number;

namespace {

QString shared(const char *relative)
{
    return QStringLiteral(TRACELANE_SHARED_TRACES "/") + QLatin1String(relative);
}

} // namespace

class TestEfficiencyDock : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    EfficiencyPanel *panel() const { return m_window->efficiency(); }

    // QVERIFY failures end this function; callers check QTest::currentTestFailed().
    void open(const QString &path)
    {
        QSignalSpy loaded(m_window.get(), &MainWindow::traceLoaded);
        QSignalSpy ready(panel(), &EfficiencyPanel::ready);
        m_window->openFile(path);
        QVERIFY(loaded.wait(60000));
        // The panel computes on a worker thread and shows its results when they are ready.
        QTRY_VERIFY_WITH_TIMEOUT(ready.size() == 1, 30000);
    }

    // Brings the dock and one of its tabs to the front, so that clicks land.
    void showTab(QWidget *page)
    {
        m_window->findChild<QDockWidget *>(QStringLiteral("efficiencyDock"))->raise();
        panel()->tabs()->setCurrentIndex(panel()->tabs()->indexOf(page));
        QTRY_VERIFY(page->isVisible());
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("TracelaneTests"));
        m_window = std::make_unique<MainWindow>();
        m_window->setErrorReporter([](const QString &, const QString &message) { qWarning() << message; });
        m_window->resize(1600, 1000);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        open(shared("kineto/transformer_train_2streams.json.gz"));
    }

    void cleanupTestCase() { m_window.reset(); }

    void dockSitsWithTheAnalysisDocks()
    {
        auto *dock = m_window->findChild<QDockWidget *>(QStringLiteral("efficiencyDock"));
        QVERIFY(dock);
        QCOMPARE(dock->widget(), panel());
        QCOMPARE(m_window->dockWidgetArea(dock), Qt::BottomDockWidgetArea);
        const auto tabbed = m_window->tabifiedDockWidgets(dock);
        QVERIFY(tabbed.contains(m_window->findChild<QDockWidget *>(QStringLiteral("breakdownDock"))));
        QVERIFY(panel()->showsResults());
        QCOMPARE(panel()->tabs()->count(), 5);

        // File > Export offers its three charts.
        QStringList exportActions;
        for (QAction *menu : m_window->menuBar()->actions())
            if (menu->menu())
                for (QAction *action : menu->menu()->actions())
                    if (action->menu())
                        for (QAction *item : action->menu()->actions())
                            exportActions << item->text().remove(QLatin1Char('&'));
        for (const char *chart : {"GPU Time Chart…", "Idle Causes Chart…", "Launch Delay Chart…"})
            QVERIFY2(exportActions.contains(QString::fromUtf8(chart)), chart);
    }

    void gpuTimeBarsAreTheCoreNumbers()
    {
        const Trace &trace = m_window->model()->trace();
        const GpuTimeBreakdown expected = gpuTimeBreakdown(trace);
        QCOMPARE(expected.streams.size(), std::size_t(2)); // the compute stream and the prefetching side stream
        charts::GpuTimeChart *chart = panel()->gpuTimeChart();
        QCOMPARE(chart->rowCount(), 3);
        const GpuTimeRow &device = chart->rows()[0];
        QCOMPARE(device.span, expected.devices[0].span);
        QCOMPARE(device.busy, expected.devices[0].busy);
        QCOMPARE(device.compute, expected.devices[0].compute);
        // The drawn bars: idle, compute and non-compute shares of the span, top row first.
        const auto value = [&](charts::GpuTimeChart::Part part, int row) {
            return chart->bars(part)->data()->findBegin(double(3 - row), false)->value;
        };
        const double span = double(expected.devices[0].span);
        QCOMPARE(value(charts::GpuTimeChart::Idle, 0), 100.0 * double(expected.devices[0].idle()) / span);
        QCOMPARE(value(charts::GpuTimeChart::Compute, 0), 100.0 * double(expected.devices[0].compute) / span);
        for (int s = 0; s < 2; ++s) {
            const GpuTimeRow &stream = expected.streams[std::size_t(s)];
            QCOMPARE(chart->rows()[std::size_t(s + 1)].busy, stream.busy);
            QCOMPARE(value(charts::GpuTimeChart::Idle, s + 1), 100.0 * double(stream.idle()) / double(stream.span));
        }
    }

    void idleCausesChartAndTableAgree()
    {
        const Trace &trace = m_window->model()->trace();
        const auto streams = gpuStreamOps(trace);
        const auto expected = idleByStream(trace, streams, idleGaps(trace, streams));
        charts::IdleCausesChart *chart = panel()->idleCausesChart();
        QCOMPARE(chart->rows().size(), expected.size());
        SummaryTableView *table = panel()->idleTable();
        QCOMPARE(table->shownRowCount(), int(expected.size()));
        QCOMPARE(QString::fromStdString(table->table().columns[2]), QStringLiteral("Host Wait (ns)"));
        for (std::size_t i = 0; i < expected.size(); ++i) {
            QCOMPARE(chart->rows()[i].hostWait, expected[i].hostWait);
            QCOMPARE(number(table->shownText(int(i), 1)), qint64(expected[i].streamId));
            QCOMPARE(number(table->shownText(int(i), 2)), qint64(expected[i].hostWait));
            QCOMPARE(number(table->shownText(int(i), 3)), qint64(expected[i].kernelWait));
        }
        // Sortable like the summary tables: numbers as numbers.
        table->sortBy(4, Qt::DescendingOrder);
        QVERIFY(number(table->shownText(0, 4)) >= number(table->shownText(1, 4)));
        table->sortBy(-1, Qt::AscendingOrder);
    }

    void overheadsTableIsTheCoreTable()
    {
        const Table expected = overheadsTable(launchOverheads(m_window->model()->trace()));
        SummaryTableView *table = panel()->overheadsTable();
        QCOMPARE(table->table().columns, expected.columns);
        QVERIFY(expected.rows.size() > 5);
        QCOMPARE(table->shownRowCount(), int(expected.rows.size()));
        QCOMPARE(table->shownText(0, 0), QString::fromStdString(expected.rows[0][0].toString()));
        table->sortBy(5, Qt::DescendingOrder); // T5 Total (ns); the T1 and T4 rows have none
        QVERIFY(number(table->shownText(0, 5)) >= number(table->shownText(1, 5)));
        table->sortBy(-1, Qt::AscendingOrder);
    }

    // As the CLI prints them: the stream or the operator first, the totals last.
    // (nsys-style summaries, with the name last, show the name first.)
    void tablesShowTheirColumnsInTheReportsOrder()
    {
        for (SummaryTableView *table : {panel()->idleTable(), panel()->overheadsTable()}) {
            const QHeaderView *header = table->view()->horizontalHeader();
            QStringList shown, report;
            for (int visual = 0; visual < header->count(); ++visual)
                shown << table->view()->model()->headerData(header->logicalIndex(visual), Qt::Horizontal).toString();
            for (const std::string &column : table->table().columns)
                report << QString::fromStdString(column);
            QCOMPARE(shown, report);
        }
        SummaryTableView summary;
        summary.setTable(kernelSummaryTable(kernelSummary(m_window->model()->trace())));
        const QHeaderView *header = summary.view()->horizontalHeader();
        QCOMPARE(summary.view()->model()->headerData(header->logicalIndex(0), Qt::Horizontal).toString(),
                 QStringLiteral("Name"));
        // A table of the other kind after it: the view's order follows the new table.
        summary.setTable(overheadsTable(launchOverheads(m_window->model()->trace())));
        QCOMPARE(header->logicalIndex(0), 0);
    }

    void launchDelayHistogramCountsEveryLaunch()
    {
        const auto records = launchRecords(m_window->model()->trace());
        QVERIFY(records.size() > 1000);
        charts::LaunchDelayChart *chart = panel()->launchDelayChart();
        double drawn = 0;
        for (QCPBars *bars : {chart->withinBars(), chart->delayedBars()})
            for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it)
                drawn += it->value;
        QCOMPARE(qint64(drawn), qint64(records.size()));
        QCOMPARE(chart->summary().delayedLaunches, summarizeLaunches(records).delayedLaunches);
    }

    void clickingAGapShowsItAndSelectsTheLateCall()
    {
        const Trace &trace = m_window->model()->trace();
        const auto streams = gpuStreamOps(trace);
        const auto expected = longestGaps(idleGaps(trace, streams), EfficiencyReport::kLongestGaps);
        QTableView *view = panel()->gapView();
        QCOMPARE(view->model()->rowCount(), int(expected.size()));
        QCOMPARE(panel()->gapModel()->gaps().front().start, expected.front().start);

        // The longest gap with a launch call (a host wait: the CPU was late).
        const auto late = std::find_if(expected.begin(), expected.end(),
                                       [](const IdleGap &g) { return g.launchCall.isValid(); });
        QVERIFY(late != expected.end());
        const int row = int(late - expected.begin());
        QCOMPARE(view->model()->index(row, IdleGapModel::CauseColumn).data().toString(),
                 charts::GpuLabels::idleCause(late->cause));
        showTab(view->parentWidget());
        ZoomControl *zoom = m_window->timeline()->zoomControl();
        zoom->fitAll();
        m_window->timeline()->selectEvent({});
        view->scrollTo(view->model()->index(row, 0));
        const QPoint cell = view->visualRect(view->model()->index(row, 0)).center();
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, cell);

        QVERIFY(zoom->rangeStart() < late->start);
        QVERIFY(zoom->rangeEnd() > late->end);
        QVERIFY(zoom->rangeLength() <= std::max<TimeNs>(late->length() * 2, ZoomControl::kMinimumRange));
        QCOMPARE(m_window->timeline()->selectedEvent(), late->launchCall);
        QVERIFY(trace.event(late->launchCall).kind == EventKind::ApiCall);
        // The gap itself is marked as the time selection.
        QVERIFY(zoom->hasSelection());
        QCOMPARE(zoom->selectionStart(), late->start);
        QCOMPARE(zoom->selectionEnd(), late->end);

        // Sorted by length, shortest first: numbers, not text.
        view->sortByColumn(IdleGapModel::LengthColumn, Qt::AscendingOrder);
        const auto length = [&](int r) {
            return view->model()->index(r, IdleGapModel::LengthColumn).data(IdleGapModel::kSortRole).toLongLong();
        };
        QCOMPARE(length(0), qint64(expected.back().length()));
        for (int r = 1; r < view->model()->rowCount(); ++r)
            QVERIFY(length(r - 1) <= length(r));
        view->sortByColumn(-1, Qt::AscendingOrder);
    }

    void gapWithoutLaunchCallSelectsTheNextOp()
    {
        // An op without a correlation has no launch call: its gap selects the op itself.
        const auto &gaps = panel()->gapModel()->gaps();
        QVERIFY(!gaps.empty());
        IdleGap gap = gaps.front();
        gap.launchCall = {};
        QSignalSpy requested(panel(), &EfficiencyPanel::gapRequested);
        panel()->gapModel()->setGaps(m_window->model()->tracePointer(), {gap});
        QTableView *view = panel()->gapView();
        showTab(view->parentWidget());
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(view->model()->index(0, 0)).center());
        QCOMPARE(requested.size(), 1);
        QCOMPARE(requested[0][2].value<EventRef>(), gap.nextOp);
        QCOMPARE(m_window->timeline()->selectedEvent(), gap.nextOp);
        QCOMPARE(view->model()->index(0, IdleGapModel::LaunchCallColumn).data().toString(),
                 IdleGapModel::tr("none in the trace"));
        panel()->gapModel()->setGaps(m_window->model()->tracePointer(), panel()->report().longestGaps);
    }

    void gapTimesFollowTheUnitPreference()
    {
        const IdleGap &gap = panel()->gapModel()->gaps().front();
        const QModelIndex length = panel()->gapModel()->index(0, IdleGapModel::LengthColumn);
        const QModelIndex start = panel()->gapModel()->index(0, IdleGapModel::StartColumn);
        Preferences prefs = m_window->preferences();
        prefs.timeUnit = Preferences::TimeUnit::Nanoseconds;
        m_window->setPreferences(prefs);
        QCOMPARE(length.data().toString(), QStringLiteral("%1 ns").arg(gap.length()));
        QCOMPARE(start.data().toString(), QStringLiteral("%1 ns").arg(gap.start - m_window->model()->trace().startNs));
        prefs.timeUnit = Preferences::TimeUnit::Automatic;
        m_window->setPreferences(prefs);
        QCOMPARE(length.data().toString(), TimeFormat::duration(gap.length()));
    }

    void nsysTraceFillsTheDock()
    {
        // Nsight Systems: no CPU ops, so the overheads come from the NVTX ranges.
        open(shared("nsys/nvtx_cnn.sqlite"));
        if (QTest::currentTestFailed())
            return;
        QVERIFY(panel()->showsResults());
        const Trace &trace = m_window->model()->trace();
        QCOMPARE(panel()->gpuTimeChart()->rows()[0].busy, gpuTimeBreakdown(trace).devices[0].busy);
        QCOMPARE(panel()->launchDelayChart()->histogram().total(), std::int64_t(launchRecords(trace).size()));
        const Table overheads = overheadsTable(launchOverheads(trace));
        QVERIFY(!overheads.rows.empty());
        QCOMPARE(panel()->overheadsTable()->shownRowCount(), int(overheads.rows.size()));
        QCOMPARE(panel()->overheadsTable()->shownText(0, 0), QString::fromStdString(overheads.rows[0][0].toString()));
    }

    void traceWithoutGpuWorkSaysSo()
    {
        open(shared("hta/cupti_profiler_counters.json.gz"));
        if (QTest::currentTestFailed())
            return;
        QVERIFY(gpuStreamOps(m_window->model()->trace()).empty());
        QVERIFY(!panel()->showsResults());
        QCOMPARE(panel()->messageText(), QStringLiteral("No GPU operations in this trace"));
        QCOMPARE(panel()->gapModel()->rowCount(), 0);
        QCOMPARE(panel()->gpuTimeChart()->rowCount(), 0);

        // The next trace with GPU work brings the tabs back.
        open(shared("opencl/dvdt_prof_armcl.json"));
        if (QTest::currentTestFailed())
            return;
        QVERIFY(panel()->showsResults());
        QCOMPARE(panel()->gpuTimeChart()->rowCount(), 2); // one device, one queue
    }
};

TRACELANE_TEST_MAIN(TestEfficiencyDock)
#include "tst_efficiency_dock.moc"
