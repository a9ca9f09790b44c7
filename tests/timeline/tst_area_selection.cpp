// The area selection in the main window on a real PyTorch trace: Shift+drag
// across lanes with simulated mouse input selects those lanes and the dragged
// time, the Selection dock comes forward and shows what `tracelane-cli window`
// prints for the same window and tracks (run as a separate process); a drag in
// one row takes that lane only, a drag in the ruler takes all lanes, Escape
// clears, and "List Instances" outlines a row's instances on the timeline.
#include "main_window.h"

#include "cli_run.h"
#include "panels/selection/selection_panel.h"
#include "panels/selection/window_summary_model.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"
#include "timeline/zoom_control.h"

#include "shared_traces.h"
#include "test_registry.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QMenu>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTreeView>
#include <QtTest>

#include <map>

using namespace tracelane;
using namespace tracelane::test;

namespace {

struct Figures
{
    long long count = 0, total = 0, min = 0, max = 0;
    friend bool operator==(const Figures &, const Figures &) = default;
};
using Rows = std::map<std::pair<QString, QString>, Figures>; // (kind, name)

// The rows of `tracelane-cli window ... --format csv`.
Rows cliRows(const QString &out)
{
    Rows rows;
    QStringList lines = out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    lines.removeFirst();
    for (const QString &line : lines) {
        const QStringList c = line.split(QLatin1Char(','));
        QString name = c.mid(1, c.size() - 6).join(QLatin1Char(','));
        if (name.startsWith(QLatin1Char('"')))
            name = name.mid(1, name.size() - 2).replace(QStringLiteral("\"\""), QStringLiteral("\""));
        rows[{c[0], name}] = {c[c.size() - 5].toLongLong(), c[c.size() - 4].toLongLong(), c[c.size() - 2].toLongLong(),
                              c[c.size() - 1].toLongLong()};
    }
    return rows;
}

// The name rows the Selection dock shows, read back from its view.
Rows panelRows(const QTreeView *view)
{
    Rows rows;
    const QAbstractItemModel *m = view->model();
    const auto value = [m](const QModelIndex &i, int column) {
        return m->data(i.siblingAtColumn(column), WindowSummaryModel::SortRole).toLongLong();
    };
    for (int g = 0; g < m->rowCount(); ++g) {
        const QModelIndex group = m->index(g, 0);
        for (int r = 0; r < m->rowCount(group); ++r) {
            const QModelIndex i = m->index(r, 0, group);
            rows[{group.data().toString(), i.data().toString()}] = {
                value(i, WindowSummaryModel::CountColumn), value(i, WindowSummaryModel::TotalColumn),
                value(i, WindowSummaryModel::MinColumn), value(i, WindowSummaryModel::MaxColumn)};
        }
    }
    return rows;
}

} // namespace

class TestAreaSelection : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    TimelineView *view() const { return m_window->timeline(); }
    ZoomControl *zoom() const { return view()->zoomControl(); }
    const Trace &trace() const { return view()->model()->trace(); }
    LayoutRows rows() const { return view()->model()->layout().rows(RowMetrics{}, trace().tracks.size()); }

    // Viewport y of the middle of the first row of `track`.
    int yOfTrack(std::uint32_t track) const
    {
        const LayoutRows r = rows();
        const int row = r.rowOfTrack[track];
        return row < 0 ? -1
                       : TimelineView::kRulerHeight
                + r.screenY(r.rows[std::size_t(row)].span.top, view()->verticalScrollBar()->value()) + 9;
    }
    int xOf(TimeNs t) const
    {
        const TimeAxis axis{zoom()->rangeStart(), zoom()->rangeEnd(),
                            double(view()->viewport()->width() - TimelineView::kGutterWidth)};
        return TimelineView::kGutterWidth + int(std::lround(axis.xOf(t)));
    }
    std::uint32_t firstTrackOf(TrackKind kind) const
    {
        for (std::uint32_t t = 0; t < trace().tracks.size(); ++t)
            if (trace().tracks[t].kind == kind && !trace().tracks[t].events.empty())
                return t;
        return ~0u;
    }
    void shiftDrag(QPoint from, QPoint to, Qt::KeyboardModifiers modifiers = Qt::ShiftModifier)
    {
        QTest::mousePress(view()->viewport(), Qt::LeftButton, modifiers, from);
        QTest::mouseMove(view()->viewport(), (from + to) / 2);
        QTest::mouseMove(view()->viewport(), to);
        QTest::mouseRelease(view()->viewport(), Qt::LeftButton, modifiers, to);
    }
    bool waitForPanel() const
    {
        SelectionPanel *panel = m_window->selectionPanel();
        return QTest::qWaitFor([panel] { return !panel->isComputing(); }, 20000);
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("TracelaneTests"));
    }

    void init()
    {
        m_window = std::make_unique<MainWindow>();
        m_window->setErrorReporter([](const QString &, const QString &message) { QFAIL(qPrintable(message)); });
        m_window->resize(1400, 1000);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QSignalSpy loaded(m_window.get(), &MainWindow::traceLoaded);
        m_window->openFile(resnetTrace());
        QVERIFY(loaded.wait(30000));
        // Checks the tree model's invariants through every reset and sort.
        new QAbstractItemModelTester(m_window->selectionPanel()->view()->model(),
                                     QAbstractItemModelTester::FailureReportingMode::QtTest, m_window.get());
        // 100 .. 110 ms: the backward pass, with kernels and API calls on every lane.
        const TimeNs origin = trace().startNs;
        zoom()->setRange(origin + 98'000'000, origin + 112'000'000);
        view()->verticalScrollBar()->setValue(0);
    }

    void cleanup() { m_window.reset(); }

    void dragAcrossLanesMatchesTheCli()
    {
        // From an API lane down to the GPU stream: every lane between is taken.
        const std::uint32_t api = firstTrackOf(TrackKind::ThreadApi), stream = firstTrackOf(TrackKind::GpuStream);
        QVERIFY(api != ~0u && stream != ~0u);
        const int yA = yOfTrack(api), yB = yOfTrack(stream);
        QVERIFY2(yA > TimelineView::kRulerHeight && yB > yA && yB < view()->viewport()->height(), "lanes in view");
        const TimeNs origin = trace().startNs;
        QSignalSpy selected(view(), &TimelineView::areaSelected);
        QSignalSpy ready(m_window->selectionPanel(), &SelectionPanel::ready);
        shiftDrag(QPoint(xOf(origin + 100'000'000), yA), QPoint(xOf(origin + 110'000'000), yB));
        QCOMPARE(selected.count(), 1);

        // The lanes: the tracks of the rows from the API lane's to the stream's.
        const LayoutRows r = rows();
        std::vector<std::uint32_t> expected;
        for (int i = r.rowOfTrack[api]; i <= r.rowOfTrack[stream]; ++i)
            if (!r.rows[std::size_t(i)].isGroup)
                expected.push_back(std::uint32_t(r.rows[std::size_t(i)].track));
        std::sort(expected.begin(), expected.end());
        QCOMPARE(view()->selectedTracks(), expected);
        QVERIFY(expected.size() >= 3);

        QVERIFY(ready.wait(20000) || ready.count() == 1);
        QVERIFY(!m_window->findChild<QDockWidget *>(QStringLiteral("selectionDock"))->visibleRegion().isEmpty());
        const TimeNs from = zoom()->selectionStart(), to = zoom()->selectionEnd();
        QVERIFY(std::abs(double(from - origin - 100'000'000)) < 100'000);
        QStringList ids;
        for (std::uint32_t t : expected)
            ids << QString::number(t);
        const CliRun cli = runCli({QStringLiteral("window"), resnetTrace(), QStringLiteral("--from"),
                                   QString::number(from - origin), QStringLiteral("--to"), QString::number(to - origin),
                                   QStringLiteral("--tracks"), ids.join(QLatin1Char(',')), QStringLiteral("--format"),
                                   QStringLiteral("csv")});
        QCOMPARE(cli.exitCode, 0);
        const Rows fromCli = cliRows(cli.out);
        const Rows shown = panelRows(m_window->selectionPanel()->view());
        QVERIFY(fromCli.size() > 10);
        QCOMPARE(shown.size(), fromCli.size());
        QVERIFY(shown == fromCli);

        // GPU busy: the headline says what the CLI says.
        const CliRun json = runCli({QStringLiteral("window"), resnetTrace(), QStringLiteral("--from"),
                                    QString::number(from - origin), QStringLiteral("--to"),
                                    QString::number(to - origin), QStringLiteral("--format"), QStringLiteral("json")});
        const QJsonObject object = QJsonDocument::fromJson(json.out.toUtf8()).object();
        QCOMPARE(qint64(m_window->selectionPanel()->summary().gpuBusy),
                 object.value(QStringLiteral("gpu_busy_ns")).toInteger());
        QVERIFY(m_window->selectionPanel()->summary().gpuBusy > 0);
        const QString headline = m_window->selectionPanel()->headline()->text();
        QVERIFY2(headline.contains(QStringLiteral("GPU busy")), qPrintable(headline));
        QVERIFY2(headline.contains(QStringLiteral("%1 of %2 lanes").arg(expected.size()).arg(trace().tracks.size())),
                 qPrintable(headline));
    }

    void dragInOneRowTakesThatLane()
    {
        const std::uint32_t stream = firstTrackOf(TrackKind::GpuStream);
        const TimeNs origin = trace().startNs;
        const int y = yOfTrack(stream);
        shiftDrag(QPoint(xOf(origin + 101'000'000), y), QPoint(xOf(origin + 105'000'000), y + 3));
        QCOMPARE(view()->selectedTracks(), std::vector<std::uint32_t>{stream});
        QVERIFY(waitForPanel());
        const WindowSummary &s = m_window->selectionPanel()->summary();
        QCOMPARE(s.trackCount, std::size_t(1));
        QVERIFY(!s.rows.empty());
        for (const WindowRow &row : s.rows)
            QVERIFY(row.group == WindowGroup::Kernels || row.group == WindowGroup::MemoryOps
                    || row.group == WindowGroup::Other);
    }

    // A trace with Python stacks opens with its GPU stream pinned under the ruler:
    // a drag in the pinned lane, with the rest scrolled to the bottom, takes that lane.
    void dragInPinnedLaneTakesThatLane()
    {
        QSignalSpy loaded(m_window.get(), &MainWindow::traceLoaded);
        m_window->openFile(QStringLiteral(TRACELANE_TEST_DATA "/chrome/python_stacks/resnet50_with_stack.json.gz"));
        QVERIFY(loaded.wait(30000));
        const std::uint32_t stream = firstTrackOf(TrackKind::GpuStream);
        QVERIFY(view()->isTrackPinned(stream));
        view()->verticalScrollBar()->setValue(view()->verticalScrollBar()->maximum());
        QVERIFY(view()->verticalScrollBar()->value() > 0);
        const TimeNs origin = trace().startNs;
        zoom()->setRange(origin + 98'000'000, origin + 112'000'000);
        const int y = yOfTrack(stream);
        QVERIFY(y > TimelineView::kRulerHeight && y < view()->viewport()->height());
        shiftDrag(QPoint(xOf(origin + 101'000'000), y), QPoint(xOf(origin + 105'000'000), y + 3));
        QCOMPARE(view()->selectedTracks(), std::vector<std::uint32_t>{stream});
    }

    void rulerDragTakesAllLanesAndEscapeClears()
    {
        const TimeNs origin = trace().startNs;
        const int y = TimelineView::kRulerHeight / 2;
        shiftDrag(QPoint(xOf(origin + 102'000'000), y), QPoint(xOf(origin + 104'000'000), y), {});
        QVERIFY(zoom()->hasSelection());
        QVERIFY(view()->selectedTracks().empty());
        QVERIFY(waitForPanel());
        QCOMPARE(m_window->selectionPanel()->summary().trackCount, trace().tracks.size());
        QVERIFY(!m_window->selectionPanel()->summary().rows.empty());
        QVERIFY(m_window->selectionPanel()->headline()->text().contains(QStringLiteral("all lanes")));

        QTest::keyClick(view(), Qt::Key_Escape);
        QVERIFY(!zoom()->hasSelection());
        QVERIFY(m_window->selectionPanel()->summary().rows.empty());
    }

    void listInstancesOutlinesThem()
    {
        const TimeNs origin = trace().startNs;
        const int y = TimelineView::kRulerHeight / 2;
        shiftDrag(QPoint(xOf(origin + 100'000'000), y), QPoint(xOf(origin + 110'000'000), y), {});
        QVERIFY(waitForPanel());
        QTreeView *tree = m_window->selectionPanel()->view();
        // The first name of the first kind (sorted by total): a row with several instances.
        const QModelIndex group = tree->model()->index(0, 0);
        const QModelIndex first = tree->model()->index(0, 0, group);
        QVERIFY(first.isValid());
        const long long count = tree->model()
                                    ->data(first.siblingAtColumn(WindowSummaryModel::CountColumn),
                                           WindowSummaryModel::SortRole)
                                    .toLongLong();
        tree->scrollTo(first);
        QTimer::singleShot(50, this, [] {
            auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
            QVERIFY(menu);
            menu->actions().first()->trigger();
            menu->close();
        });
        emit tree->customContextMenuRequested(tree->visualRect(first).center());
        QCOMPARE(qint64(view()->highlighted().size()), qint64(count));
    }
};

TRACELANE_TEST_MAIN(TestAreaSelection)
#include "tst_area_selection.moc"
