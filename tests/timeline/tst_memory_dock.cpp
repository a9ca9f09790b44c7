// The Memory dock: on a profile_memory trace its three tables are the core's
// reports (`tracelane-cli memory`, `--by-op`, `--peak`) row for row, with
// translated headers that keep their units; a trace without memory records
// says how to record them.
#include "qcustomplot_include.h" // first: see there

#include "main_window.h"

#include "dock_test_window.h"

#include "active_memory_chart.h"
#include "memory_curves_chart.h"
#include "panels/memory/memory_panel.h"
#include "panels/summaries/summary_table_view.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"

#include "analysis/memory/memory_summary.h"
#include "analysis/memory/op_memory.h"
#include "analysis/memory/snapshot_allocations.h"
#include "analysis/memory/snapshot_segments.h"
#include "import/importer.h"

#include "test_registry.h"

#include <QDockWidget>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace tracelane;

class TestMemoryDock : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    MemoryPanel *panel() const { return m_window->memoryPanel(); }

    void open(const QString &path)
    {
        QVERIFY(tracelane::test::openAndWaitForPanel(*m_window, path, panel(), &MemoryPanel::ready));
    }

private slots:
    void initTestCase()
    {
        m_window = tracelane::test::shownDockTestWindow();
    }

    void cleanupTestCase() { m_window.reset(); }

    void tablesAreTheCoreReports()
    {
        open(QStringLiteral(TRACELANE_TEST_DATA "/chrome/profile_memory/hta_df_index_resolver.json.gz"));
        auto *dock = m_window->findChild<QDockWidget *>(QStringLiteral("memoryDock"));
        QVERIFY(dock);
        QVERIFY(m_window->tabifiedDockWidgets(dock).contains(
            m_window->findChild<QDockWidget *>(QStringLiteral("findingsDock"))));
        QVERIFY(panel()->showsResults());
        const Trace &trace = m_window->model()->trace();
        const MemoryEvents events = collectMemoryEvents(trace);
        const MemorySummary summary = summarizeMemory(events);
        const Table devices = memoryTable(summary);
        QCOMPARE(panel()->devicesTable()->shownRowCount(), int(devices.rows.size()));
        QCOMPARE(panel()->devicesTable()->table().rows.size(), devices.rows.size());
        for (std::size_t r = 0; r < devices.rows.size(); ++r)
            for (std::size_t c = 0; c < devices.columns.size(); ++c)
                QCOMPARE(panel()->devicesTable()->table().rows[r][c].toString(), devices.rows[r][c].toString());
        QCOMPARE(panel()->byOpTable()->table().rows.size(), memoryByOp(trace, events).size());
        QCOMPARE(panel()->atPeakTable()->table().rows.size(),
                 peakTable(trace, events, summary, allocatingOps(trace, events)).rows.size());
        QCOMPARE(panel()->neverFreedTable()->table().rows.size(),
                 neverFreedTable(trace, events, summary, allocatingOps(trace, events)).rows.size());
    }

    // A click on an allocation alive at the peak selects the op that made it.
    void peakRowSelectsItsOp()
    {
        m_window->findChild<QDockWidget *>(QStringLiteral("memoryDock"))->raise();
        SummaryTableView *table = panel()->atPeakTable();
        QTabWidget *tabs = qobject_cast<QTabWidget *>(table->parentWidget()->parentWidget());
        QVERIFY(tabs);
        tabs->setCurrentWidget(table);
        QTRY_VERIFY(table->view()->isVisible());
        const Trace &trace = m_window->model()->trace();
        const MemoryEvents events = collectMemoryEvents(trace);
        const MemorySummary summary = summarizeMemory(events);
        const std::vector<EventRef> ops = allocatingOps(trace, events);
        const std::vector<std::size_t> alive = aliveAtPeak(events, summary, summary.devices.back()); // GPU 1
        QVERIFY(!alive.empty());
        // The GPU's rows follow the CPU's in the table; the first of them is its largest allocation.
        const int row = int(aliveAtPeak(events, summary, summary.devices.front()).size());
        const QModelIndex index = table->view()->model()->index(row, 0);
        QTest::mouseClick(table->view()->viewport(), Qt::LeftButton, {}, table->view()->visualRect(index).center());
        QCOMPARE(m_window->timeline()->selectedEvent(), ops[summary.allocations[alive.front()].alloc]);
    }

    // Over Time: a curve per counter track, each allocated curve's peak the
    // Devices table's; it exports to the three formats.
    void curvesShowThePeaks()
    {
        const charts::MemoryCurvesChart *chart = panel()->curvesChart();
        const Trace &trace = m_window->model()->trace();
        const MemorySummary summary = summarizeMemory(collectMemoryEvents(trace));
        int allocatedCurves = 0;
        for (const auto &curve : chart->curves()) {
            QVERIFY(trace.tracks[curve.track].derived);
            QCOMPARE(std::size_t(curve.graph->dataCount()), trace.tracks[curve.track].events.size() + 1);
            if (curve.reserved)
                continue;
            const DeviceMemory &device = summary.devices[std::size_t(allocatedCurves++)]; // CPU first, as the chart
            QCOMPARE(std::int64_t(curve.peak), device.peakAllocated);
            QCOMPARE(curve.peakAt, device.peakAt);
        }
        QCOMPARE(allocatedCurves, int(summary.devices.size()));
        QVERIFY(chart->toolTipAt(chart->plot()->axisRect()->rect().center()).contains(QStringLiteral("GPU 1 allocated")));
        QTemporaryDir dir;
        for (const char *suffix : {"png", "pdf", "svg"}) {
            const QString path = dir.filePath(QStringLiteral("memory.") + QLatin1String(suffix));
            QVERIFY(panel()->curvesChart()->exportTo(path, QSize(900, 500)));
            QVERIFY(QFileInfo(path).size() > 1000);
        }
    }

    // A snapshot adds its pages: the chart, the allocations (a click shows the
    // stack and selects the alloc's event), the segments and the OOM.
    void snapshotPages()
    {
        open(QStringLiteral(TRACELANE_TEST_DATA "/snapshot/oom.pickle"));
        SnapshotPages *pages = panel()->snapshotPages();
        QVERIFY(pages->shown());
        QCOMPARE(panel()->tabs()->currentWidget(), static_cast<QWidget *>(pages->chart()));
        const Trace &trace = m_window->model()->trace();
        QVERIFY(trace.memorySnapshot);
        const SnapshotAllocations allocations = snapshotAllocations(*trace.memorySnapshot);
        QCOMPARE(pages->allocationsTable()->table().rows.size(), allocations.allocations.size());
        QCOMPARE(pages->segmentsTable()->table().rows.size(), snapshotSegmentTable(*trace.memorySnapshot).rows.size());
        QCOMPARE(pages->oomTable()->table().rows.size(), snapshotOoms(*trace.memorySnapshot).size());
        QVERIFY(pages->oomTable()->table().rows.size() > 0);
        QVERIFY(!pages->oomSummary().startsWith(QLatin1String("No ")));
        QCOMPARE(pages->chart()->bandCurves().size(), pages->chart()->timeline().bands.size());
        QVERIFY(pages->chart()->timeline().peak > 0);

        // The last allocation made in the trace: its row selects its [memory] event.
        int row = -1;
        for (std::size_t a = 0; a < allocations.allocations.size(); ++a)
            if (allocations.allocations[a].allocEntry != kNoSnapshotEntry)
                row = int(a);
        QVERIFY(row >= 0);
        SummaryTableView *table = pages->allocationsTable();
        panel()->tabs()->setCurrentWidget(table->parentWidget()->parentWidget());
        QTRY_VERIFY(table->view()->isVisible());
        table->view()->sortByColumn(-1, Qt::AscendingOrder);
        const QModelIndex index = table->view()->model()->index(row, 0);
        table->view()->scrollTo(index);
        QTest::mouseClick(table->view()->viewport(), Qt::LeftButton, {}, table->view()->visualRect(index).center());
        const EventRef selected = m_window->timeline()->selectedEvent();
        QVERIFY(selected.isValid());
        const SnapshotAllocation &a = allocations.allocations[std::size_t(row)];
        QCOMPARE(trace.arg(selected, "Addr")->asInt().value_or(-1), std::int64_t(a.address));
        QCOMPARE(trace.arg(selected, "Bytes")->asInt().value_or(-1), a.size);
        QVERIFY(!pages->stackText().isEmpty());

        // Another kind of trace takes the pages away.
        open(QStringLiteral(TRACELANE_TEST_DATA "/chrome/profile_memory/hta_df_index_resolver.json.gz"));
        QVERIFY(!pages->shown());
        QCOMPARE(panel()->tabs()->count(), 5);
    }

    // One stream at a time: only its allocations, stacked on their own.
    void activeMemoryByStream()
    {
        const ImportResult loaded = loadTrace(TRACELANE_TEST_DATA "/snapshot/training_timed.pickle");
        QVERIFY2(loaded.ok(), loaded.error.c_str());
        charts::ActiveMemoryChart chart;
        chart.setTrace(loaded.trace);
        QCOMPARE(chart.streams().size(), std::size_t(2));
        const std::int64_t allPeak = chart.timeline().peak;
        std::size_t bands = 0;
        for (const std::int64_t stream : chart.streams()) {
            chart.setStream(stream);
            QCOMPARE(chart.timeline().stream.value_or(-1), stream);
            QVERIFY(!chart.timeline().bands.empty());
            for (const TimelineBand &band : chart.timeline().bands)
                QCOMPARE(chart.allocations().allocations[band.allocation].stream, stream);
            QCOMPARE(chart.bandCurves().size(), chart.timeline().bands.size());
            QVERIFY(chart.timeline().peak <= allPeak);
            bands += chart.timeline().bands.size();
        }
        chart.setStream(std::nullopt);
        QCOMPARE(chart.timeline().bands.size(), bands);
    }

    void traceWithoutMemoryRecordsSaysHow()
    {
        open(QStringLiteral(TRACELANE_SHARED_TRACES "/kineto/compiled_mlp_train.json.gz"));
        QVERIFY(!panel()->showsResults());
        QVERIFY(panel()->messageText().contains(QStringLiteral("profile_memory=True")));
        QVERIFY(panel()->messageText().contains(QStringLiteral("--cuda-memory-usage=true")));
        QVERIFY(panel()->curvesChart()->curves().empty());
    }
};

TRACELANE_TEST_MAIN(TestMemoryDock)
#include "tst_memory_dock.moc"
