// Linked panels on the ResNet-50 recording: clicks on the Breakdown and Kernel
// Statistics charts outline exactly the GPU work they stand for on the
// timeline, the Breakdown tree jumps to a kernel, and the range panel follows
// the selection by its rule (docs/DECISIONS_PANELS.md). The expected sets come
// from a direct walk over the launch flows, and the op's device time from the CLI.
#include "qcustomplot_include.h" // first: see there

#include "cli_run.h"
#include "main_window.h"

#include "analysis/gpu/kernel_name.h"
#include "breakdown_chart.h"
#include "kernel_stats_chart.h"
#include "panels/selection/details_panel.h"
#include "panels/selection/range_kernels_panel.h"
#include "panels/summaries/summary_panel.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"

#include "shared_traces.h"
#include "test_registry.h"

#include <QDockWidget>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTreeWidget>
#include <QtTest>

#include <set>

using namespace tracelane;
using tracelane::test::resnetTrace;

namespace {

// The GPU work launched inside every instance of `opName` at the top of its
// thread: API calls on the op's thread within the op, followed along their
// launch flows. (ResNet-50 has no Python frames, so Event::depth 0 is the top.)
std::set<EventRef> launchedByOps(const Trace &trace, std::string_view opName)
{
    std::set<EventRef> work;
    for (const Track &opTrack : trace.tracks) {
        if (opTrack.kind != TrackKind::CpuThread)
            continue;
        for (const Event &op : opTrack.events) {
            if (op.kind != EventKind::CpuOp || op.depth != 0 || trace.strings.view(op.name) != opName)
                continue;
            for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
                if (trace.tracks[t].kind != TrackKind::ThreadApi || trace.tracks[t].thread != opTrack.thread)
                    continue;
                const auto &calls = trace.tracks[t].events;
                for (std::uint32_t i = 0; i < calls.size(); ++i) {
                    if (calls[i].start < op.start || calls[i].end() > op.end())
                        continue;
                    for (const Flow &flow : trace.flowsFrom(EventRef{t, i}))
                        if (flow.kind == FlowKind::Launch && isGpuWork(trace.event(flow.to).kind))
                            work.insert(flow.to);
                }
            }
        }
    }
    return work;
}

std::set<EventRef> highlightedSet(const TimelineView *view, const Trace &trace)
{
    std::set<EventRef> found;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t)
        for (std::uint32_t i = 0; i < trace.tracks[t].events.size(); ++i)
            if (view->highlighted().contains({t, i}))
                found.insert({t, i});
    return found;
}

TimeNs summedDuration(const Trace &trace, const std::set<EventRef> &events)
{
    TimeNs sum = 0;
    for (const EventRef ref : events)
        sum += trace.event(ref).duration;
    return sum;
}

// "Op Device Time (ns)" of `op` in `tracelane-cli breakdown --format csv`.
qint64 cliDeviceTime(const QString &op)
{
    const test::CliRun run = test::runCli(
        {QStringLiteral("breakdown"), resnetTrace(), QStringLiteral("--format"), QStringLiteral("csv")});
    if (!run.finished || run.exitCode != 0)
        return -1;
    for (const QString &line : run.out.split(QLatin1Char('\n')))
        if (line.startsWith(op + QLatin1Char(',')))
            return line.section(QLatin1Char(','), 2, 2).toLongLong();
    return -1;
}

// Where the row of bar `i` (of `n`, the first on top) is drawn, left of the plot on its label.
QPoint onLabel(QCustomPlot *plot, int i, int n)
{
    return {plot->axisRect()->left() - 12, qRound(plot->yAxis->coordToPixel(double(n - i)))};
}

} // namespace

class TestLinkedPanels : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    const Trace &trace() const { return m_window->model()->trace(); }
    TimelineView *view() const { return m_window->timeline(); }

    int conv2dBar() const
    {
        return int(m_window->breakdownChart()->barLabels().indexOf(QStringLiteral("aten::conv2d")));
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
        QSignalSpy loaded(m_window.get(), &MainWindow::traceLoaded);
        m_window->openFile(resnetTrace());
        QVERIFY(loaded.wait(30000));
        QTRY_VERIFY_WITH_TIMEOUT(conv2dBar() >= 0, 10000);
        for (const Track &track : trace().tracks)
            for (const Event &e : track.events)
                QVERIFY(e.kind != EventKind::PythonFunction); // launchedByOps() relies on it
    }

    void cleanupTestCase() { m_window.reset(); }

    void init()
    {
        view()->selectEvent({});
        QVERIFY(view()->highlighted().empty());
    }

    // The op's name (or the empty part of its row): all of its GPU work.
    void breakdownBarOutlinesTheOpsKernels()
    {
        charts::BreakdownChart *chart = m_window->breakdownChart();
        QCustomPlot *plot = chart->plot();
        QVERIFY(plot->isVisible());
        const int bar = conv2dBar();
        const QPoint at = onLabel(plot, bar, int(chart->barLabels().size()));
        QCOMPARE(chart->barAt(at), bar);
        QCOMPARE(chart->segmentAt(at), -1);
        QSignalSpy requested(chart, &charts::BreakdownChart::instancesRequested);
        QTest::mouseClick(plot, Qt::LeftButton, {}, at);
        QCOMPARE(requested.size(), 1);

        const std::set<EventRef> expected = launchedByOps(trace(), "aten::conv2d");
        QVERIFY(expected.size() > 100);
        QCOMPARE(view()->highlighted().size(), expected.size());
        QCOMPARE(highlightedSet(view(), trace()), expected);
        QCOMPARE(qint64(summedDuration(trace(), expected)), cliDeviceTime(QStringLiteral("aten::conv2d")));
    }

    // A segment: the op's GPU work of that colour's kernel only.
    void breakdownSegmentOutlinesOneKernel()
    {
        charts::BreakdownChart *chart = m_window->breakdownChart();
        QCustomPlot *plot = chart->plot();
        const int bar = conv2dBar();
        const int n = int(chart->barLabels().size());
        const QStringList series = chart->seriesNames();
        QCOMPARE(plot->plottableCount(), int(series.size()));
        // The bottom-most stacked series with time in this bar starts at 0.
        int s = 0;
        double value = 0;
        for (; s < plot->plottableCount() - 1; ++s) { // "Other kernels" (last) has no single name
            auto *bars = qobject_cast<QCPBars *>(plot->plottable(s));
            const auto it = bars->data()->findBegin(double(n - bar), false);
            if (it != bars->data()->constEnd() && it->key == double(n - bar) && it->value > 0) {
                value = it->value;
                break;
            }
        }
        QVERIFY2(value > 0, "aten::conv2d has a kernel with a colour of its own");
        const QPoint at(qRound(plot->xAxis->coordToPixel(value / 2)),
                        qRound(plot->yAxis->coordToPixel(double(n - bar))));
        QCOMPARE(chart->segmentAt(at), s);
        QTest::mouseClick(plot, Qt::LeftButton, {}, at);

        std::set<EventRef> expected;
        for (const EventRef ref : launchedByOps(trace(), "aten::conv2d"))
            if (QString::fromStdString(shortKernelName(trace().name(ref))) == series[s])
                expected.insert(ref);
        QVERIFY(!expected.empty());
        QCOMPARE(highlightedSet(view(), trace()), expected);
    }

    // A Kernel Statistics row: every instance of that kernel, whoever launched it.
    void kernelStatisticsBarOutlinesItsInstances()
    {
        charts::KernelStatsChart *chart = m_window->kernelStatsChart();
        m_window->findChild<QDockWidget *>(QStringLiteral("summariesDock"))->raise();
        m_window->summaries()->tabs()->setCurrentWidget(chart);
        QTRY_VERIFY_WITH_TIMEOUT(chart->barCount() > 3 && chart->plot()->isVisible(), 10000);
        QCustomPlot *plot = chart->plot();
        plot->replot(); // lay out the axes at the tab's size
        const int row = 1;
        const QPoint at = onLabel(plot, row, chart->barCount());
        QCOMPARE(chart->rowAt(at), row);
        QTest::mouseClick(plot, Qt::LeftButton, {}, at);

        const std::string &name = chart->summary().rows[row].name;
        std::set<EventRef> expected;
        for (std::uint32_t t = 0; t < trace().tracks.size(); ++t)
            for (std::uint32_t i = 0; i < trace().tracks[t].events.size(); ++i)
                if (trace().tracks[t].events[i].kind == EventKind::Kernel && trace().name({t, i}) == name)
                    expected.insert({t, i});
        QCOMPARE(qint64(expected.size()), chart->summary().rows[row].stats.count);
        QCOMPARE(highlightedSet(view(), trace()), expected);
        m_window->findChild<QDockWidget *>(QStringLiteral("breakdownDock"))->raise();
    }

    // Double-click on a kernel in the tree: the longest of its instances under that op.
    void breakdownTreeJumpsToAKernel()
    {
        QTreeWidget *tree = m_window->breakdownChart()->table();
        QTreeWidgetItem *op = nullptr;
        for (int i = 0; i < tree->topLevelItemCount(); ++i)
            if (tree->topLevelItem(i)->toolTip(0) == QLatin1String("aten::conv2d"))
                op = tree->topLevelItem(i);
        QVERIFY(op && op->childCount() > 1);
        tree->expandItem(op);
        QTreeWidgetItem *kernel = op->child(1);
        tree->scrollToItem(kernel);
        const QPoint cell = tree->visualItemRect(kernel).center();
        QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, cell); // a double click starts with a press
        QTest::mouseDClick(tree->viewport(), Qt::LeftButton, {}, cell);

        const EventRef selected = view()->selectedEvent();
        QVERIFY(selected.isValid());
        const std::string_view name = trace().name(selected);
        QCOMPARE(QString::fromUtf8(name.data(), qsizetype(name.size())), kernel->toolTip(0));
        // Long names lose their middle (variants differ at the end); the full name is the tooltip.
        QCOMPARE(tree->textElideMode(), Qt::ElideMiddle);
        TimeNs longest = 0;
        for (const EventRef ref : launchedByOps(trace(), "aten::conv2d"))
            if (trace().name(ref) == name)
                longest = std::max(longest, trace().event(ref).duration);
        QCOMPARE(trace().event(selected).duration, longest);
        QVERIFY(view()->highlighted().contains(selected)); // its instances stay outlined
        QVERIFY(!m_window->rangeKernels()->hasRange());
    }

    // The range panel's rule, with a chart's outlines in between.
    // Kineto writes the correlation id among a kernel's and an API call's
    // arguments too; Details lists it once.
    void detailsListTheCorrelationOnce()
    {
        auto *args = m_window->details()->findChild<QTableWidget *>(QStringLiteral("detailsArgs"));
        QVERIFY(args);
        int checked = 0;
        for (const EventKind kind : {EventKind::Kernel, EventKind::ApiCall}) {
            EventRef ref;
            for (std::uint32_t t = 0; t < trace().tracks.size() && !ref.isValid(); ++t)
                for (std::uint32_t i = 0; i < trace().tracks[t].events.size(); ++i)
                    if (trace().tracks[t].events[i].kind == kind && trace().arg({t, i}, "correlation")) {
                        ref = {t, i};
                        break;
                    }
            QVERIFY(ref.isValid());
            view()->selectEvent(ref);
            QTRY_COMPARE(m_window->details()->event(), ref);
            int rows = 0;
            for (int row = 0; row < args->rowCount(); ++row)
                rows += args->item(row, 0)->text() == QLatin1String("correlation");
            QCOMPARE(rows, 1);
            QCOMPARE(args->rowCount(), int(trace().args(ref).size())); // every other argument still listed
            ++checked;
        }
        QCOMPARE(checked, 2);
    }

    void rangePanelFollowsTheSelection()
    {
        RangeKernelsPanel *panel = m_window->rangeKernels();
        EventRef conv;
        for (std::uint32_t t = 0; t < trace().tracks.size() && !conv.isValid(); ++t)
            for (std::uint32_t i = 0; i < trace().tracks[t].events.size(); ++i)
                if (trace().tracks[t].events[i].kind == EventKind::CpuOp && trace().name({t, i}) == "aten::conv2d") {
                    conv = {t, i};
                    break;
                }
        QVERIFY(conv.isValid());
        view()->selectEvent(conv);
        QVERIFY(panel->hasRange());
        QVERIFY2(panel->titleText().contains(QStringLiteral("aten::conv2d")), qPrintable(panel->titleText()));
        const std::vector<EventRef> launched = panel->launchedOps();
        QVERIFY(!launched.empty());
        QCOMPARE(view()->highlighted().size(), std::set<EventRef>(launched.begin(), launched.end()).size());

        // One of its listed ops: the list and the outlines stay.
        view()->selectEvent(launched.front());
        QCOMPARE(panel->range(), conv);
        QCOMPARE(view()->highlighted().size(), launched.size());

        // A chart's outlines replace the range's; the panel still names its range.
        charts::BreakdownChart *chart = m_window->breakdownChart();
        QTest::mouseClick(chart->plot(), Qt::LeftButton, {},
                          onLabel(chart->plot(), conv2dBar(), int(chart->barLabels().size())));
        const std::size_t outlined = view()->highlighted().size();
        QVERIFY(outlined > launched.size());
        QCOMPARE(panel->range(), conv);

        // An outlined kernel the panel does not list: the panel clears, the outlines stay.
        EventRef other;
        for (const EventRef ref : launchedByOps(trace(), "aten::conv2d"))
            if (!panel->lists(ref))
                other = ref;
        QVERIFY(other.isValid());
        view()->selectEvent(other);
        QVERIFY(!panel->hasRange());
        QCOMPARE(view()->highlighted().size(), outlined);

        // Anything else clears both.
        view()->selectEvent({});
        QVERIFY(!panel->hasRange());
        QVERIFY(view()->highlighted().empty());
    }
};

TRACELANE_TEST_MAIN(TestLinkedPanels)
#include "tst_linked_panels.moc"
