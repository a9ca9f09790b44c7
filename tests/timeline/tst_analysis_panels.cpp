// The analysis panels of the main window on a real Nsight Systems export:
// selecting "Iteration 1" lists the GPU work nsys counts for it, an iteration
// bar zooms the timeline, and the summary tables sort, filter and export.
#include "qcustomplot_include.h" // first: see there

#include "analysis/summaries/kernel_summary.h"
#include "main_window.h"
#include "panels/selection/details_panel.h"
#include "preferences.h"
#include "report_csv.h"

#include "breakdown_chart.h"
#include "iteration_chart.h"
#include "kernel_stats_chart.h"
#include "panels/selection/range_kernels_panel.h"
#include "panels/summaries/summary_panel.h"
#include "panels/summaries/summary_table_view.h"
#include "time_format.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"
#include "timeline/zoom_control.h"

#include "panel_cells.h"
#include "test_registry.h"

#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

using namespace tracelane;
using tracelane::test::number;

namespace {

QString sharedPath(const char *relative)
{
    return QStringLiteral(TRACELANE_SHARED_TRACES "/") + QLatin1String(relative);
}

EventRef findRange(const Trace &trace, std::string_view name)
{
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        if (trace.tracks[t].kind != TrackKind::ThreadRanges)
            continue;
        for (std::uint32_t i = 0; i < trace.tracks[t].events.size(); ++i) {
            if (trace.name(EventRef{t, i}) == name)
                return EventRef{t, i};
        }
    }
    return {};
}

// As a user switches it: focus on the switch, an arrow key.
void chooseScope(RangeKernelsPanel *panel, LaunchScope scope)
{
    QComboBox *box = panel->scopeSwitch();
    box->setFocus();
    const int wanted = box->findData(int(scope));
    for (int tries = 0; tries < box->count() && box->currentIndex() != wanted; ++tries)
        QTest::keyClick(box, box->currentIndex() < wanted ? Qt::Key_Down : Qt::Key_Up);
    QCOMPARE(panel->scope(), scope);
}

} // namespace

class TestAnalysisPanels : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

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
        QSignalSpy loaded(m_window.get(), &MainWindow::traceLoaded);
        m_window->openFile(sharedPath("nsys/nvtx_cnn.sqlite"));
        QVERIFY(loaded.wait(30000));
    }

    void cleanupTestCase() { m_window.reset(); }

    void rangeListsWhatNsysCounts()
    {
        const auto expectedRows = test::readExpectedCsv(sharedPath("nsys/expected/nvtx_cnn_nvtx_gpu_proj_trace.csv"));
        test::CsvRow expected;
        for (const test::CsvRow &row : expectedRows) {
            if (row.value(QStringLiteral("Name")) == QLatin1String(":Iteration 1"))
                expected = row;
        }
        QVERIFY(!expected.isEmpty());
        const qint64 ops = number(expected.value(QStringLiteral("NumGPUOps")));
        const qint64 start = number(expected.value(QStringLiteral("Projected Start (ns)")));
        const qint64 duration = number(expected.value(QStringLiteral("Projected Duration (ns)")));
        QCOMPARE(ops, 26); // the numbers: the file is the one meant
        QCOMPARE(start, 8969790505);
        QCOMPARE(duration, 554957752);

        const Trace &trace = m_window->model()->trace();
        const EventRef iteration = findRange(trace, "Iteration 1");
        QVERIFY(iteration.isValid());
        m_window->timeline()->selectEvent(iteration); // what a click on it does

        // nsys projects a range onto the GPU through its own thread's calls: the switch's second choice.
        RangeKernelsPanel *panel = m_window->rangeKernels();
        QVERIFY(panel->hasRange());
        chooseScope(panel, LaunchScope::Thread);
        // The title names the range and its time, so the numbers are read as its own.
        QVERIFY2(panel->titleText().contains(QStringLiteral("Iteration 1")), qPrintable(panel->titleText()));
        QVERIFY2(panel->titleText().contains(TimeFormat::shownPosition(trace.event(iteration).start - trace.startNs)),
                 qPrintable(panel->titleText()));
        const RangeKernels &result = *panel->result();
        QCOMPARE(qint64(result.totals.launchingCalls), ops);
        QCOMPARE(qint64(result.launched.size()), ops);
        QCOMPARE(qint64(result.totals.projectedStart), start);
        QCOMPARE(qint64(result.totals.projectedDuration()), duration);

        QTableWidget *table = panel->launchedTable();
        QCOMPARE(qint64(table->rowCount()), ops);
        for (int row = 0; row < table->rowCount(); ++row) {
            const EventRef op = result.launched[std::size_t(row)].op;
            QVERIFY(isGpuWork(trace.event(op).kind));
            QCOMPARE(table->item(row, 0)->text(), QString::fromStdString(std::string(trace.name(op))));
            QVERIFY(m_window->timeline()->highlighted().contains(op));
        }
        QCOMPARE(qint64(m_window->timeline()->highlighted().size()), ops);

        const QString totals = panel->totalsText();
        QVERIFY2(totals.contains(TimeFormat::duration(duration)), qPrintable(totals));
        QVERIFY2(totals.contains(TimeFormat::offset(start - trace.startNs, 1)), qPrintable(totals));
        QVERIFY2(totals.contains(TimeFormat::duration(result.cpuDuration())), qPrintable(totals));
        QVERIFY2(totals.contains(QString::number(ops)), qPrintable(totals));
        QVERIFY(result.overlapping.size() >= result.launched.size());

        // Double-clicking a listed kernel selects it and keeps the range's list.
        const int row = 5;
        table->scrollToItem(table->item(row, 0));
        const QPoint cell = table->visualItemRect(table->item(row, 0)).center();
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell); // a double click starts with a press
        QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, cell);
        QCOMPARE(m_window->timeline()->selectedEvent(), result.launched[std::size_t(row)].op);
        QVERIFY(panel->hasRange());
        QCOMPARE(qint64(m_window->timeline()->highlighted().size()), ops);

        // The choice stays for the next range (the default again for the tests after this one).
        chooseScope(panel, LaunchScope::Process);
        QCOMPARE(qint64(m_window->timeline()->highlighted().size()), qint64(panel->launchedOps().size()));
        // Selecting something that launches nothing clears the list and the outlines.
        m_window->timeline()->selectEvent({});
        QVERIFY(!panel->hasRange());
        QVERIFY(m_window->timeline()->highlighted().empty());
    }

    // "BWD pass" holds the backward kernels that the autograd thread launched
    // while the main thread waited in it: by default the panel and the outlines
    // count every thread of the process; the switch says both counts and narrows
    // to the range's own thread (nsys's projection) and back.
    void rangeShowsTheWorkOfEveryThread()
    {
        const Trace &trace = m_window->model()->trace();
        const EventRef backward = findRange(trace, "BWD pass");
        QVERIFY(backward.isValid());
        const RangeKernelLookup lookup(trace);
        const auto all = qint64(lookup.find(backward, LaunchScope::Process).launched.size());
        const auto own = qint64(lookup.find(backward, LaunchScope::Thread).launched.size());
        QVERIFY2(all > own, qPrintable(QStringLiteral("%1 vs %2").arg(all).arg(own)));

        m_window->timeline()->selectEvent(backward);
        RangeKernelsPanel *panel = m_window->rangeKernels();
        QCOMPARE(panel->scope(), LaunchScope::Process);
        QCOMPARE(qint64(panel->launchedTable()->rowCount()), all);
        QCOMPARE(qint64(m_window->timeline()->highlighted().size()), all);
        QComboBox *scope = panel->scopeSwitch();
        QVERIFY(scope->isVisible());
        QVERIFY2(scope->itemText(0).contains(QString::number(all)), qPrintable(scope->itemText(0)));
        QVERIFY2(scope->itemText(1).contains(QString::number(own)), qPrintable(scope->itemText(1)));

        // The breakdown by range counts what the panel counts.
        charts::BreakdownChart *breakdown = m_window->breakdownChart();
        QTRY_COMPARE(breakdown->breakdown().options.scope, LaunchScope::Process);
        const TimeNs processTime = breakdown->breakdown().deviceTime;

        chooseScope(panel, LaunchScope::Thread);
        QCOMPARE(qint64(panel->launchedTable()->rowCount()), own);
        QCOMPARE(qint64(m_window->timeline()->highlighted().size()), own);
        QCOMPARE(panel->otherScopeOps(), all);
        QTRY_COMPARE(breakdown->breakdown().options.scope, LaunchScope::Thread);
        QVERIFY(breakdown->breakdown().deviceTime < processTime);
        chooseScope(panel, LaunchScope::Process);
        QCOMPARE(qint64(panel->launchedTable()->rowCount()), all);
        QCOMPARE(qint64(m_window->timeline()->highlighted().size()), all);
        QTRY_COMPARE(breakdown->breakdown().deviceTime, processTime);
        m_window->timeline()->selectEvent({});
    }

    void timeUnitPreferenceReachesThePanels()
    {
        const Trace &trace = m_window->model()->trace();
        const EventRef iteration = findRange(trace, "Iteration 1");
        m_window->timeline()->selectEvent(iteration);
        RangeKernelsPanel *panel = m_window->rangeKernels();
        QVERIFY(panel->hasRange());
        // The title names the range and its time, so the numbers are read as its own.
        QVERIFY2(panel->titleText().contains(QStringLiteral("Iteration 1")), qPrintable(panel->titleText()));
        QVERIFY2(panel->titleText().contains(TimeFormat::shownPosition(trace.event(iteration).start - trace.startNs)),
                 qPrintable(panel->titleText()));
        const TimeNs span = panel->result()->totals.projectedDuration();
        Preferences exact = m_window->preferences();
        exact.timeUnit = Preferences::TimeUnit::Nanoseconds;
        m_window->setPreferences(exact);
        QVERIFY2(panel->totalsText().contains(QStringLiteral("%1 ns").arg(span)), qPrintable(panel->totalsText()));
        const QString duration = QStringLiteral("%1 ns").arg(trace.event(iteration).duration);
        QVERIFY(m_window->details()->findChild<QLabel *>(QStringLiteral("detailsDuration"))->text() == duration);
        exact.timeUnit = Preferences::TimeUnit::Automatic;
        m_window->setPreferences(exact);
        QVERIFY(panel->totalsText().contains(TimeFormat::duration(span)));
        m_window->timeline()->selectEvent({});
    }

    void iterationBarZoomsTimeline()
    {
        charts::IterationChart *chart = m_window->iterationChart();
        QTRY_VERIFY_WITH_TIMEOUT(chart->iterations().iterations.size() >= 2, 10000);
        const auto &iterations = chart->iterations().iterations;
        const auto second = std::find_if(iterations.begin(), iterations.end(),
                                         [](const Iteration &it) { return it.name == "Iteration 2"; });
        QVERIFY(second != iterations.end());
        QCustomPlot *plot = chart->plot();
        QVERIFY(plot->isVisible());
        const QPoint onBar(qRound(plot->xAxis->coordToPixel(double(second->number))), plot->axisRect()->bottom() - 3);
        QCOMPARE(chart->iterationAt(onBar), int(second - iterations.begin()));

        ZoomControl *zoom = m_window->timeline()->zoomControl();
        zoom->fitAll();
        QTest::mouseClick(plot, Qt::LeftButton, {}, onBar);
        QVERIFY(zoom->rangeStart() <= second->start);
        QVERIFY(zoom->rangeEnd() >= second->end);
        QVERIFY(zoom->rangeLength() <= (second->end - second->start) * 11 / 10);
        QCOMPARE(m_window->timeline()->selectedEvent(), second->ref);
    }

    void breakdownUsesRangesWithoutCpuOps()
    {
        // An Nsight recording has NVTX ranges but no CPU ops: the panel breaks down ranges.
        auto *source = m_window->findChild<QComboBox *>(QStringLiteral("breakdownSource"));
        auto *depth = m_window->findChild<QSpinBox *>(QStringLiteral("breakdownDepth"));
        QVERIFY(source && depth);
        QCOMPARE(source->currentIndex(), 1);
        depth->setValue(1); // the phases inside each iteration
        charts::BreakdownChart *chart = m_window->breakdownChart();
        QTRY_VERIFY_WITH_TIMEOUT(chart->barLabels().contains(QStringLiteral("FWD pass")), 10000);
        QVERIFY(chart->barLabels().contains(QStringLiteral("BWD pass")));
        BreakdownOptions options;
        options.ranges = true;
        options.depth = 1;
        const OpKernelBreakdown expected = opKernelBreakdown(m_window->model()->trace(), options);
        const auto withGpuWork = std::count_if(expected.ops.begin(), expected.ops.end(),
                                               [](const OpBreakdown &op) { return op.deviceTime > 0; });
        QCOMPARE(chart->barLabels().size(), qsizetype(std::min<long>(withGpuWork, 10) + (withGpuWork > 10 ? 1 : 0)));
        QCOMPARE(chart->table()->topLevelItemCount(), chart->barLabels().size());
        source->setCurrentIndex(0); // CPU ops: there are none, and the chart says so
        QTRY_VERIFY_WITH_TIMEOUT(chart->barLabels().isEmpty(), 10000);
        depth->setValue(0);
        source->setCurrentIndex(1);
    }

    void kernelStatisticsBesideTheTables()
    {
        charts::KernelStatsChart *chart = m_window->kernelStatsChart();
        QVERIFY(chart);
        QVERIFY(m_window->summaries()->tabs()->indexOf(chart) >= 0);
        const NameSummary expected = kernelSummary(m_window->model()->trace());
        QVERIFY(expected.rows.size() > 3);
        QTRY_COMPARE_WITH_TIMEOUT(chart->barCount(), int(std::min<std::size_t>(expected.rows.size(), 15)), 10000);
        QCOMPARE(chart->summary().total, expected.total);
        QCOMPARE(chart->summary().rows.front().name, expected.rows.front().name);
        m_window->summaries()->tabs()->setCurrentWidget(chart);
        QCOMPARE(m_window->summaries()->currentTable(), nullptr); // File > Export falls back to the kernel table
        m_window->summaries()->tabs()->setCurrentIndex(0);
    }

    void summaryTablesSortAndFilter()
    {
        SummaryPanel *summaries = m_window->summaries();
        SummaryTableView *kernels = summaries->table(SummaryKind::Kernel);
        QTRY_VERIFY_WITH_TIMEOUT(kernels->shownRowCount() > 3, 10000);
        const int total = kernels->shownRowCount();

        // Numbers sort as numbers (as text, "9" would come after "10").
        kernels->sortBy(1, Qt::AscendingOrder);
        for (int row = 1; row < total; ++row)
            QVERIFY(number(kernels->shownText(row - 1, 1)) <= number(kernels->shownText(row, 1)));
        QVERIFY(number(kernels->shownText(0, 1)) < number(kernels->shownText(total - 1, 1)));
        kernels->sortBy(2, Qt::DescendingOrder);
        for (int row = 1; row < total; ++row)
            QVERIFY(number(kernels->shownText(row - 1, 2)) >= number(kernels->shownText(row, 2)));

        // The filter keeps exactly the rows containing the text, in any column.
        const QString needle = QStringLiteral("GEMM");
        int containing = 0;
        for (const auto &row : kernels->table().rows)
            containing += QString::fromStdString(row.back().s).contains(needle, Qt::CaseInsensitive) ? 1 : 0;
        QVERIFY(containing > 0 && containing < total);
        kernels->setFilter(needle.toLower());
        QCOMPARE(kernels->shownRowCount(), containing);
        for (int row = 0; row < containing; ++row)
            QVERIFY(kernels->shownText(row, 8).contains(needle, Qt::CaseInsensitive));

        // Export writes the report's header and the rows shown.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("kernels.csv"));
        QString error;
        QVERIFY2(kernels->exportCsv(path, &error), qPrintable(error));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.first(),
                 QStringLiteral("Time (%),Total Time (ns),Instances,Avg (ns),Med (ns),Min (ns),"
                                "Max (ns),StdDev (ns),Name"));
        QCOMPARE(lines.size(), containing + 1);

        // Double-clicking a row shows that kernel's longest instance.
        QTableView *view = kernels->view();
        summaries->tabs()->setCurrentWidget(kernels);
        m_window->findChild<QDockWidget *>(QStringLiteral("summariesDock"))->raise();
        QTRY_VERIFY(view->isVisible());
        const QString name = kernels->shownText(0, 8);
        const qint64 longest = number(kernels->shownText(0, 6));
        const QPoint cell = view->visualRect(view->model()->index(0, 0)).center();
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, cell); // a double click starts with a press
        QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, cell);
        const EventRef selected = m_window->timeline()->selectedEvent();
        QVERIFY(selected.isValid());
        const Trace &trace = m_window->model()->trace();
        QCOMPARE(QString::fromStdString(std::string(trace.name(selected))), name);
        QCOMPARE(qint64(trace.event(selected).duration), longest);
        kernels->setFilter({});
        QCOMPARE(kernels->shownRowCount(), total);
    }
};

TRACELANE_TEST_MAIN(TestAnalysisPanels)
#include "tst_analysis_panels.moc"
