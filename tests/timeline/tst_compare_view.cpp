// File > Compare With…, driven through MainWindow::compareWith (what the menu
// calls after its dialog): the Compare dock's rows are the diff that
// `tracelane-cli diff` computes (diffTraces + asTable, called here directly),
// a click on a row selects the earliest event of that name in both windows
// (found here by a plain loop over the trace), and a trace compared with
// itself is unchanged everywhere. Its charts: the bars read back from
// QCustomPlot are detectIterations' numbers for each trace, and a clicked
// row's breakdown is opKernelBreakdown's op of that name in each trace.
#include "qcustomplot_include.h" // first: see there

#include "main_window.h"

#include "compare_choice_dialog.h"
#include "import/importer.h"
#include "timeline/track_grouping.h"

#include "analysis/compare/trace_diff.h"
#include "analysis/operators/iteration_table.h"
#include "analysis/operators/op_kernel_breakdown.h"
#include "chart_style.h"
#include "iteration_compare_chart.h"
#include "op_compare_chart.h"
#include "panels/compare/compare_breakdown.h"
#include "panels/compare/compare_charts.h"
#include "panels/compare/compare_panel.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"

#include "shared_traces.h"
#include "test_registry.h"

#include <QDockWidget>
#include <QLineEdit>
#include <QScreen>
#include <QSignalSpy>
#include <QTableView>
#include <QPointer>
#include <QSettings>
#include <QtTest>

#include <cmath>
#include <set>

using namespace tracelane;
using tracelane::test::sharedTrace;

namespace {

const char *const kResnetFile = "kineto/resnet50_train.json.gz";
const char *const kDlrm = "kineto/dlrm_train.json.gz";
// Two ranks of one run: the same iterations (551, 552), ops that differ.
const char *const kRank0File = "hta/sampled_rank-0.json.gz";
const char *const kRank1File = "hta/sampled_rank-1.json.gz";
// Iterations 4–7 against 5–9.
const char *const kTransformer = "kineto/transformer_train_2streams.json.gz";
const char *const kCompiledMlp = "kineto/compiled_mlp_train.json.gz";

// (key, value) of every bar of a plottable.
QMap<double, double> barValues(QCPAbstractPlottable *plottable)
{
    QMap<double, double> values;
    auto *bars = qobject_cast<QCPBars *>(plottable);
    if (!bars)
        return values;
    for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it)
        values.insert(it->key, it->value);
    return values;
}

// Per depth 0, 1, …: opKernelBreakdown of the trace, until a depth has no ops.
std::vector<OpKernelBreakdown> breakdownsByDepth(const Trace &trace)
{
    std::vector<OpKernelBreakdown> levels;
    for (int depth = 0; depth < CompareBreakdown::kMaxDepth; ++depth) {
        BreakdownOptions options;
        options.depth = depth;
        levels.push_back(opKernelBreakdown(trace, options));
        if (levels.back().ops.empty())
            break;
    }
    return levels;
}

// The op named `name` at the shallowest depth that has one, and that depth; null, -1 if none.
std::pair<const OpBreakdown *, int> findOp(const std::vector<OpKernelBreakdown> &levels, const std::string &name)
{
    for (std::size_t depth = 0; depth < levels.size(); ++depth)
        for (const OpBreakdown &op : levels[depth].ops)
            if (op.name == name)
                return {&op, int(depth)};
    return {nullptr, -1};
}

// Every event named `name`, the one with the smallest start (then track, index).
EventRef earliestByLoop(const Trace &trace, const std::string &name)
{
    EventRef best;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t)
        for (std::uint32_t i = 0; i < trace.tracks[t].events.size(); ++i) {
            const EventRef ref{t, i};
            if (trace.name(ref) != name)
                continue;
            if (!best.isValid() || trace.event(ref).start < trace.event(best).start)
                best = ref;
        }
    return best;
}

} // namespace

class TestCompareView : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    void open(const char *relative)
    {
        m_window = std::make_unique<MainWindow>();
        m_window->setErrorReporter([](const QString &, const QString &message) { QFAIL(qPrintable(message)); });
        m_window->show();
        QSignalSpy loaded(m_window.get(), &MainWindow::traceLoaded);
        m_window->openFile(sharedTrace(relative));
        QVERIFY(loaded.wait(30000));
    }

    // Compares with `relative` and waits for the dock's rows.
    void compare(const char *relative)
    {
        m_window->compareWith(sharedTrace(relative));
        QVERIFY(m_window->comparePanel());
        QVERIFY(m_window->compareWindow());
        QTRY_VERIFY_WITH_TIMEOUT(m_window->compareWindow()->model(), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->comparePanel()->table().rows.empty(), 30000);
    }

    // Waits until both traces' iterations are drawn.
    void waitForIterations(charts::IterationCompareChart *chart)
    {
        QTRY_VERIFY_WITH_TIMEOUT(!chart->isFinding() && !chart->label(charts::IterationCompareChart::Control).isEmpty(),
                                 30000);
    }

    // Opens `control`, compares it with `test` and returns the drawn iteration
    // chart; null after a failed check.
    charts::IterationCompareChart *compareIterations(const char *control, const char *test)
    {
        open(control);
        if (QTest::currentTestFailed())
            return nullptr;
        compare(test);
        if (QTest::currentTestFailed() || !m_window->compareCharts())
            return nullptr;
        charts::IterationCompareChart *chart = m_window->compareCharts()->iterations();
        waitForIterations(chart);
        return QTest::currentTestFailed() ? nullptr : chart;
    }

    // Clicks the table's row `row` as a user does: the table first (its tab in a narrow dock).
    void clickRow(int row)
    {
        auto *layout = qobject_cast<CompareLayout *>(
            m_window->findChild<QDockWidget *>(QStringLiteral("compareDock"))->widget());
        QVERIFY(layout);
        layout->showTable();
        QTableView *view = m_window->comparePanel()->view();
        QVERIFY(view->isVisible());
        const QModelIndex index = view->model()->index(row, 0);
        view->scrollTo(index);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(index).center());
    }

    // Checks the breakdown shown for `side` against opKernelBreakdown's op of that name.
    void checkBreakdownSide(CompareBreakdown::Side side, const Trace &trace, const std::string &name)
    {
        CompareBreakdown *breakdown = m_window->compareCharts()->breakdown();
        const auto levels = breakdownsByDepth(trace);
        const auto [expected, depth] = findOp(levels, name);
        const OpBreakdown *shown = breakdown->shownOp(side);
        const charts::OpCompareChart::Side chartSide = side == CompareBreakdown::Control
            ? charts::OpCompareChart::Control
            : charts::OpCompareChart::Test;
        charts::OpCompareChart *chart = breakdown->chart();
        const double row = side == CompareBreakdown::Control ? 2.0 : 1.0; // the control bar above
        if (!expected) {
            QVERIFY(!shown);
            QCOMPARE(breakdown->shownDepth(side), -1);
            QVERIFY2(breakdown->note(side).contains(QStringLiteral("no operator")), qPrintable(breakdown->note(side)));
            for (int i = 0; i < chart->plot()->plottableCount(); ++i)
                QVERIFY(!barValues(chart->plot()->plottable(i)).contains(row)); // no bar for that trace
            return;
        }
        QVERIFY(shown);
        QCOMPARE(breakdown->shownDepth(side), depth);
        QCOMPARE(shown->instances, expected->instances);
        QCOMPARE(shown->cpuTime, expected->cpuTime);
        QCOMPARE(shown->deviceTime, expected->deviceTime);
        QVERIFY(breakdown->note(side).contains(QString::number(expected->instances)));
        // The bar's segments add up to the op's device time; the kernels' launches to its kernels' counts.
        std::int64_t launches = 0;
        for (const KernelShare &k : expected->kernels)
            launches += k.count;
        std::int64_t chartLaunches = 0;
        for (const auto &[kernel, total] : chart->kernels(chartSide))
            chartLaunches += total.count;
        QCOMPARE(chartLaunches, launches);
        TimeNs segments = 0;
        double drawn = 0;
        for (int i = 0; i < chart->plot()->plottableCount(); ++i) {
            segments += chart->segmentTime(chartSide, i);
            drawn += barValues(chart->plot()->plottable(i)).value(row);
        }
        QCOMPARE(segments, expected->deviceTime);
        const TimeNs other = breakdown->shownOp(side == CompareBreakdown::Control ? CompareBreakdown::Test
                                                                                  : CompareBreakdown::Control)
            ? breakdown->shownOp(side == CompareBreakdown::Control ? CompareBreakdown::Test : CompareBreakdown::Control)
                  ->deviceTime
            : 0;
        const charts::TimeScale scale = charts::timeScaleFor(std::max(expected->deviceTime, other));
        QVERIFY2(std::abs(drawn - scale(expected->deviceTime)) <= 1e-9 * std::max(1.0, drawn),
                 qPrintable(QStringLiteral("%1 vs %2").arg(drawn).arg(scale(expected->deviceTime))));
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // the windows save their layout when closed
        QCoreApplication::setOrganizationName(QStringLiteral("TracelaneTests"));
    }

    void cleanup()
    {
        m_window.reset();
        QSettings().clear(); // every test starts with no saved layout
    }

    // Side by side, each window takes half the screen; the next start must not
    // restore that half as the main window's size.
    // A window of several traces compares one of them, on its own, with the
    // test: the rows are the diff of the two files, not of the merged ranks.
    void severalTracesCompareOneOfThem()
    {
        m_window = std::make_unique<MainWindow>();
        m_window->setErrorReporter([](const QString &, const QString &message) { QFAIL(qPrintable(message)); });
        m_window->show();
        QSignalSpy loaded(m_window.get(), &MainWindow::traceLoaded);
        m_window->openTraces({sharedTrace(kRank0File), sharedTrace(kRank1File)});
        QVERIFY(loaded.wait(30000));
        QCOMPARE(m_window->model()->trace().parts.size(), std::size_t(2));
        const TracePart &second = m_window->model()->trace().parts[1];
        m_window->compareWith(sharedTrace(kRank0File), 1);
        QTRY_VERIFY_WITH_TIMEOUT(m_window->compareWindow() && m_window->compareWindow()->model(), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->comparePanel()->table().rows.empty(), 30000);

        const auto control = loadTrace(second.source.path).trace;
        const auto test = loadTrace(sharedTrace(kRank0File).toStdString()).trace;
        QVERIFY(control && test);
        const Table expected = asTable(diffTraces(*control, *test));
        ComparePanel *panel = m_window->comparePanel();
        QCOMPARE(panel->shownRowCount(), int(expected.rows.size()));
        for (std::size_t r = 0; r < expected.rows.size(); ++r)
            for (int c = 0; c < int(expected.columns.size()); ++c)
                QCOMPARE(panel->shownText(int(r), c), QString::fromStdString(expected.rows[r][c].toString()));
        QVERIFY2(panel->title().contains(TrackGrouping::partLabel(second)), qPrintable(panel->title()));
        // The charts overlay that rank's iterations, not every rank's.
        waitForIterations(m_window->compareCharts()->iterations());
        QCOMPARE(m_window->compareCharts()->iterations()->label(charts::IterationCompareChart::Control),
                 TrackGrouping::partLabel(second));
    }

    // The dialog offers every trace as the control, and as the test the others and a file.
    void compareChoiceOffersTheOtherTraces()
    {
        CompareChoiceDialog dialog({QStringLiteral("Rank 0 · a.json"), QStringLiteral("Rank 1 · b.json"),
                                    QStringLiteral("Rank 2 · c.json")});
        QCOMPARE(dialog.controlTrace(), 0);
        const auto tests = [&] {
            QList<int> offered;
            for (int i = 0; i < dialog.testBox()->count(); ++i)
                offered << dialog.testBox()->itemData(i).toInt();
            return offered;
        };
        QCOMPARE(tests(), (QList<int>{1, 2, -1}));
        QCOMPARE(dialog.testTrace(), 1);
        dialog.controlBox()->setCurrentIndex(1);
        QCOMPARE(tests(), (QList<int>{0, 2, -1}));
        dialog.testBox()->setCurrentIndex(2);
        QCOMPARE(dialog.testTrace(), -1); // another file
    }

    void halfScreenSizeIsNotSaved()
    {
        QSettings().clear();
        open(kRank0File);
        const QSize size = m_window->size();
        const QByteArray before = m_window->saveGeometry();
        compare(kRank1File);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(m_window->size() != size); // placed beside the test window
        QPointer<MainWindow> test = m_window->compareWindow();
        test->close();
        QTRY_VERIFY(!test);
        QVERIFY2(!QSettings().contains(QStringLiteral("window/geometry")), "the test window saved its layout");
        QTRY_COMPARE(m_window->size(), size); // closing the test window gives the size back

        compare(kRank1File);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(m_window->size() != size);
        m_window->close(); // while comparing
        QCOMPARE(QSettings().value(QStringLiteral("window/geometry")).toByteArray(), before);
    }

    // Both ranks' iterations, bar for bar, are detectIterations' numbers of each trace.
    void iterationChartsOverlaid()
    {
        charts::IterationCompareChart *chart = compareIterations(kRank0File, kRank1File);
        QVERIFY(chart);
        const Trace *traces[2] = {&m_window->model()->trace(), &m_window->compareWindow()->model()->trace()};
        const IterationTable expected[2] = {detectIterations(*traces[0]), detectIterations(*traces[1])};
        QVERIFY(!expected[0].iterations.empty() && !expected[1].iterations.empty());
        QCOMPARE(chart->plot()->plottableCount(), 2);
        QVERIFY(chart->plot()->plottable(0)->name().contains(QStringLiteral("sampled_rank-0")));
        QVERIFY(chart->plot()->plottable(1)->name().contains(QStringLiteral("sampled_rank-1")));
        QVERIFY(chart->note().isEmpty()); // the same iteration numbers
        for (const auto metric :
             {charts::IterationCompareChart::Metric::CpuTime, charts::IterationCompareChart::Metric::GpuBusyTime}) {
            chart->setMetric(metric);
            const auto value = [metric](const Iteration &it) {
                return metric == charts::IterationCompareChart::Metric::CpuTime ? it.cpuTime() : it.gpu.busyTime;
            };
            TimeNs largest = 0;
            for (const IterationTable &table : expected)
                for (const Iteration &it : table.iterations)
                    largest = std::max(largest, value(it));
            const charts::TimeScale scale = charts::timeScaleFor(largest);
            for (int side = 0; side < 2; ++side) {
                const QMap<double, double> bars = barValues(chart->plot()->plottable(side));
                QCOMPARE(bars.size(), qsizetype(expected[side].iterations.size()));
                for (const Iteration &it : expected[side].iterations) {
                    QVERIFY(bars.contains(double(it.number)));
                    QCOMPARE(bars.value(double(it.number)), scale(value(it)));
                }
            }
        }
    }

    // Iterations 4–7 against 5–9: matched by number, the note names 4 and 8–9.
    void iterationsOneTraceLacks()
    {
        charts::IterationCompareChart *chart = compareIterations(kTransformer, kCompiledMlp);
        QVERIFY(chart);
        std::set<std::int64_t> numbers[2];
        for (const Iteration &it : detectIterations(m_window->model()->trace()).iterations)
            numbers[0].insert(it.number);
        for (const Iteration &it : detectIterations(m_window->compareWindow()->model()->trace()).iterations)
            numbers[1].insert(it.number);
        QCOMPARE(numbers[0], (std::set<std::int64_t>{4, 5, 6, 7}));
        QCOMPARE(numbers[1], (std::set<std::int64_t>{5, 6, 7, 8, 9}));
        const QMap<double, double> control = barValues(chart->plot()->plottable(0));
        const QMap<double, double> test = barValues(chart->plot()->plottable(1));
        QCOMPARE(control.keys(), (QList<double>{4, 5, 6, 7}));
        QCOMPARE(test.keys(), (QList<double>{5, 6, 7, 8, 9}));
        const QString note = chart->note();
        QVERIFY2(note.contains(QStringLiteral("Only in the control trace: 4"))
                     && note.contains(QStringLiteral("Only in the test trace: 8–9")),
                 qPrintable(note));
    }

    // A row clicked: both traces' breakdowns of that name, at depth 0 and deeper,
    // and a note where one trace has no such op.
    void clickShowsBothBreakdowns()
    {
        open(kRank0File);
        compare(kRank1File);
        if (QTest::currentTestFailed())
            return;
        ComparePanel *panel = m_window->comparePanel();
        const Trace &control = m_window->model()->trace();
        const Trace &test = m_window->compareWindow()->model()->trace();
        const auto controlLevels = breakdownsByDepth(control);
        const auto testLevels = breakdownsByDepth(test);
        // Rows to click: an op at depth 0 of both traces with GPU work, one
        // found only deeper, and one that is an op in neither or one trace.
        int topRow = -1, deepRow = -1, absentRow = -1;
        for (int r = 0; r < panel->shownRowCount(); ++r) {
            const std::string name = panel->shownText(r, 0).toStdString();
            const auto [c, cDepth] = findOp(controlLevels, name);
            const auto [t, tDepth] = findOp(testLevels, name);
            if (topRow < 0 && cDepth == 0 && tDepth == 0 && c->deviceTime > 0 && t->deviceTime > 0)
                topRow = r;
            else if (deepRow < 0 && cDepth > 0 && tDepth > 0 && c->deviceTime > 0)
                deepRow = r;
            else if (absentRow < 0 && (!c || !t) && (c || t))
                absentRow = r;
        }
        if (absentRow < 0) // no op in only one trace: a kernel is in neither
            for (int r = 0; r < panel->shownRowCount() && absentRow < 0; ++r)
                if (!findOp(controlLevels, panel->shownText(r, 0).toStdString()).first)
                    absentRow = r;
        QVERIFY(topRow >= 0);
        QVERIFY(deepRow >= 0);
        QVERIFY(absentRow >= 0);

        CompareBreakdown *breakdown = m_window->compareCharts()->breakdown();
        for (const int row : {topRow, deepRow, absentRow}) {
            const QString name = panel->shownText(row, 0);
            clickRow(row);
            QTRY_VERIFY_WITH_TIMEOUT(breakdown->isReady() && breakdown->name() == name, 30000);
            QVERIFY(breakdown->isVisible()); // the click brought it to the front
            checkBreakdownSide(CompareBreakdown::Control, control, name.toStdString());
            checkBreakdownSide(CompareBreakdown::Test, test, name.toStdString());
            if (QTest::currentTestFailed())
                return;
        }
    }

    // A wide dock shows the table and the charts beside each other; a narrow one
    // makes the table a tab, and a click then brings the breakdown to the front.
    void layoutFollowsTheDockWidth()
    {
        open(kRank0File);
        compare(kRank1File);
        if (QTest::currentTestFailed())
            return;
        auto *dock = m_window->findChild<QDockWidget *>(QStringLiteral("compareDock"));
        auto *layout = qobject_cast<CompareLayout *>(dock->widget());
        QVERIFY(layout);
        dock->setFloating(true);
        dock->resize(1400, 600);
        QTRY_VERIFY(layout->isSideBySide());
        QTableView *table = m_window->comparePanel()->view();
        QVERIFY(table->isVisible());
        QVERIFY(m_window->compareCharts()->isVisible());
        QVERIFY(m_window->compareCharts()->indexOf(m_window->comparePanel()) < 0);
        clickRow(0);
        QTRY_VERIFY(m_window->compareCharts()->breakdown()->isVisible());
        QVERIFY(table->isVisible()); // still beside it

        dock->resize(600, 600);
        QTRY_VERIFY(!layout->isSideBySide());
        QCOMPARE(m_window->compareCharts()->indexOf(m_window->comparePanel()), 0);
        layout->showTable();
        QVERIFY(table->isVisible());
        QVERIFY(!m_window->compareCharts()->breakdown()->isVisible());
    }

    void dockShowsTheCliDiff()
    {
        open(kResnetFile);
        compare(kDlrm);
        if (QTest::currentTestFailed())
            return;
        ComparePanel *panel = m_window->comparePanel();
        QVERIFY(panel->isVisible());
        QVERIFY(m_window->compareWindow()->isVisible());
        QVERIFY(m_window->compareWindow()->model()->trace().source.path.ends_with("dlrm_train.json.gz"));

        const Table expected = asTable(
            diffTraces(m_window->model()->trace(), m_window->compareWindow()->model()->trace()));
        QVERIFY(expected.rows.size() > 10);
        QCOMPARE(panel->shownRowCount(), int(expected.rows.size()));
        QCOMPARE(panel->view()->model()->columnCount(), int(expected.columns.size()));
        for (int c = 0; c < int(expected.columns.size()); ++c)
            QCOMPARE(panel->view()->model()->headerData(c, Qt::Horizontal).toString(),
                     QString::fromStdString(expected.columns[c]));
        for (std::size_t r : {std::size_t(0), std::size_t(1), expected.rows.size() / 2, expected.rows.size() - 1})
            for (int c = 0; c < int(expected.columns.size()); ++c)
                QCOMPARE(panel->shownText(int(r), c), QString::fromStdString(expected.rows[r][c].toString()));

        // Both windows share the screen, half each where that leaves them their
        // minimum width; the second never runs past the screen's right edge.
        const QRect area = m_window->screen()->availableGeometry();
        const QRect second = m_window->compareWindow()->geometry();
        QCOMPARE(m_window->geometry().left(), area.left());
        const int minimum = m_window->compareWindow()->minimumSizeHint().width();
        if (area.width() >= minimum) // a screen narrower than one window cannot hold it anyway
            QVERIFY2(second.right() <= area.right(),
                     qPrintable(QStringLiteral("%1 + %2").arg(second.left()).arg(second.width())));
        if (area.width() / 2 >= minimum)
            QCOMPARE(second.left(), area.left() + area.width() / 2);

        // Sorting by Control Time (ns) ascending orders numerically.
        const int timeColumn = 4;
        QCOMPARE(expected.columns[timeColumn], std::string("Control Time (ns)"));
        panel->view()->sortByColumn(timeColumn, Qt::AscendingOrder);
        for (int r = 1; r < panel->shownRowCount(); ++r)
            QVERIFY(panel->shownText(r - 1, timeColumn).toDouble() <= panel->shownText(r, timeColumn).toDouble());

        // The filter keeps the rows that mention the text.
        QTest::keyClicks(panel->filterEdit(), QStringLiteral("added"));
        int added = 0;
        for (const auto &row : expected.rows)
            added += row.back().s == "added" || row.front().s.find("added") != std::string::npos;
        QVERIFY(added > 0);
        QCOMPARE(panel->shownRowCount(), added);
        panel->filterEdit()->clear();
    }

    void clickSelectsEarliestInBoth()
    {
        open(kResnetFile);
        compare(kDlrm);
        if (QTest::currentTestFailed())
            return;
        ComparePanel *panel = m_window->comparePanel();
        MainWindow *other = m_window->compareWindow();
        // A name both traces have (neither added nor deleted).
        int row = -1;
        for (int r = 0; r < panel->shownRowCount() && row < 0; ++r)
            if (panel->shownText(r, 7) == QLatin1String("increased")
                || panel->shownText(r, 7) == QLatin1String("decreased"))
                row = r;
        QVERIFY(row >= 0);
        const QString name = panel->shownText(row, 0);
        QTableView *view = panel->view();
        view->scrollTo(view->model()->index(row, 0));
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {},
                          view->visualRect(view->model()->index(row, 0)).center());

        for (MainWindow *window : {m_window.get(), other}) {
            const Trace &trace = window->model()->trace();
            const EventRef expected = earliestByLoop(trace, name.toStdString());
            QVERIFY(expected.isValid());
            const EventRef selected = window->timeline()->selectedEvent();
            QVERIFY(selected.isValid());
            QCOMPARE(QString::fromUtf8(trace.name(selected)), name);
            QCOMPARE(trace.event(selected).start, trace.event(expected).start);
        }
    }

    void sameTraceIsUnchanged()
    {
        open(kResnetFile);
        compare(kResnetFile);
        if (QTest::currentTestFailed())
            return;
        ComparePanel *panel = m_window->comparePanel();
        QVERIFY(panel->shownRowCount() > 10);
        for (int r = 0; r < panel->shownRowCount(); ++r)
            QCOMPARE(panel->shownText(r, 7), QStringLiteral("unchanged"));
    }
};

TRACELANE_TEST_MAIN(TestCompareView)
#include "tst_compare_view.moc"
