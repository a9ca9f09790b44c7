// The Instances panel, driven as a user drives it: a search listed with the
// button and with Alt+Enter, a row clicked (and Enter pressed on one) selects
// its event and brings it into view; a summary row's context menu lists all
// its instances; sorting, the filter and CSV export; a list of 200,000 events.
// Counts are checked against SQL over the trace (core/sql) and the summary
// tables, not against the panel's own numbers.
#include "main_window.h"

#include "analysis/summaries/longest_instance.h"
#include "model/trace_builder.h"
#include "panels/instances/instance_list_panel.h"
#include "panels/instances/instance_table_model.h"
#include "panels/instances/search_bar.h"
#include "panels/summaries/summary_panel.h"
#include "panels/summaries/summary_table_view.h"
#include "sql/event_id.h"
#include "sql/trace_database.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"
#include "timeline/zoom_control.h"

#include "shared_traces.h"
#include "test_registry.h"

#include <QAbstractItemModelTester>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <QToolButton>
#include <QtTest>

using namespace tracelane;
using tracelane::test::sharedTrace;

namespace {

long long sqlCount(const std::shared_ptr<const Trace> &trace, const std::string &sql)
{
    TraceDatabase db(trace);
    const SqlResult result = db.query(sql);
    if (!result.status.ok() || result.rows.empty())
        return -1;
    return result.rows[0][0].i;
}

// Right-clicks `row` of `view` and clicks the menu entry named `entry`.
void chooseFromContextMenu(QTableView *view, int row, const QString &entry)
{
    const QPoint pos = view->visualRect(view->model()->index(row, 0)).center();
    bool clicked = false;
    QTimer::singleShot(0, view, [&] {
        auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
        QVERIFY(menu);
        for (QAction *action : menu->actions()) {
            if (action->text() == entry) {
                QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(action).center());
                clicked = true;
                return;
            }
        }
        menu->close();
    });
    QContextMenuEvent event(QContextMenuEvent::Mouse, pos, view->viewport()->mapToGlobal(pos));
    QApplication::sendEvent(view->viewport(), &event);
    QVERIFY2(clicked, qPrintable(entry));
}

bool inView(MainWindow &window, EventRef ref)
{
    const Event &e = window.model()->trace().event(ref);
    const ZoomControl *zoom = window.timeline()->zoomControl();
    return e.end() >= zoom->rangeStart() && e.start <= zoom->rangeEnd()
        && window.timeline()->eventRectInViewport(ref).has_value();
}

// `count` launches: a cudaLaunchKernel each, and its kernel (four names, two
// streams) with durations over four decades.
std::shared_ptr<const Trace> manyLaunches(int count)
{
    TraceBuilder b;
    const auto api = b.threadTrack(b.thread(b.process(1), 1), TrackKind::ThreadApi);
    const auto device = b.device(0);
    const std::uint32_t streams[] = {b.streamTrack(b.stream(device, 7), TrackKind::GpuStream),
                                     b.streamTrack(b.stream(device, 8), TrackKind::GpuStream)};
    const StringId call = b.intern("cudaLaunchKernel");
    const StringId names[] = {b.intern("gemm_a"), b.intern("gemm_b"), b.intern("relu"), b.intern("Softmax")};
    for (int i = 0; i < count; ++i) {
        const TimeNs t = TimeNs(i) * 1000;
        const auto id = CorrelationId(i + 1);
        b.addEvent(api, Event{t, 100, call, kNoArgs, id, EventKind::ApiCall});
        b.addEvent(streams[i % 2],
                   Event{t + 500, 1 + TimeNs(i) * 7919 % 9973, names[i % 4], kNoArgs, id, EventKind::Kernel});
    }
    return b.finish();
}

} // namespace

class TestInstanceList : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    InstanceListPanel *panel() const { return m_window->instances(); }
    QTableView *table() const { return panel()->view(); }

    void open(const char *relative)
    {
        QSignalSpy loaded(m_window.get(), &MainWindow::traceLoaded);
        m_window->openFile(sharedTrace(relative));
        QVERIFY(loaded.wait(30000));
    }

    // Ctrl+F, the pattern typed, then the search bar's List All.
    void listSearch(const QString &pattern, bool withKey)
    {
        QTest::keyClick(m_window.get(), Qt::Key_F, Qt::ControlModifier);
        SearchBar *search = m_window->searchBar();
        QVERIFY(search->isVisible());
        auto *edit = search->findChild<QLineEdit *>();
        QVERIFY(edit->hasFocus());
        QTest::keyClicks(edit, pattern);
        if (withKey) {
            QTest::keyClick(edit, Qt::Key_Return, Qt::AltModifier);
        } else {
            auto *button = search->findChild<QToolButton *>(QStringLiteral("searchListAll"));
            QVERIFY(button);
            QTest::mouseClick(button, Qt::LeftButton);
        }
        QTRY_VERIFY(table()->isVisible());
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
        m_window->setErrorReporter([](const QString &, const QString &message) { qWarning() << message; });
        m_window->resize(1600, 1000);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }

    void cleanup() { m_window.reset(); }

    void searchListAndClickSelects()
    {
        open("kineto/resnet50_train.json.gz");
        QVERIFY(!m_window->findChild<QDockWidget *>(QStringLiteral("instancesDock"))->isVisible());
        listSearch(QStringLiteral("gemm"), false);
        const auto trace = m_window->model()->tracePointer();
        const long long expected = sqlCount(trace, "SELECT count(*) FROM event WHERE name LIKE '%gemm%'");
        QVERIFY(expected > 100);
        QCOMPARE(table()->model()->rowCount(), int(expected));
        QCOMPARE(panel()->title(), QStringLiteral("Matches of “gemm”"));
        QCOMPARE(m_window->timeline()->highlighted().size(), std::size_t(expected));
        // Kernels: grid, block and the launching call are shown.
        QVERIFY(!table()->isColumnHidden(InstanceTableModel::GridColumn));

        // Zoomed into the first microsecond, the clicked kernel is out of view until clicked.
        m_window->timeline()->zoomControl()->setRange(trace->startNs, trace->startNs + 1000);
        const int row = int(expected) / 2;
        table()->scrollTo(table()->model()->index(row, 0));
        const QModelIndex index = table()->model()->index(row, InstanceTableModel::NameColumn);
        const EventRef ref = panel()->model()->eventAt(row);
        QVERIFY(!inView(*m_window, ref));
        QTest::mouseClick(table()->viewport(), Qt::LeftButton, {}, table()->visualRect(index).center());
        QCOMPARE(m_window->timeline()->selectedEvent(), ref);
        QVERIFY(inView(*m_window, ref));
        // The row names the event that was selected, and the launch call is its flow partner.
        QCOMPARE(index.data().toString(),
                 QString::fromUtf8(trace->name(ref).data(), qsizetype(trace->name(ref).size())));
        const QString launcher = table()->model()->index(row, InstanceTableModel::LaunchedByColumn).data().toString();
        const auto flows = trace->flowsTo(ref);
        QCOMPARE(flows.size(), std::size_t(1));
        QCOMPARE(flows[0]->kind, FlowKind::Launch);
        const std::string_view call = trace->name(flows[0]->from);
        QCOMPARE(launcher, QString::fromUtf8(call.data(), qsizetype(call.size())));
        // The rows stay, and so do the outlines.
        QCOMPARE(table()->model()->rowCount(), int(expected));
        QCOMPARE(m_window->timeline()->highlighted().size(), std::size_t(expected));

        // Enter on another row (walked to with the keyboard) selects it too.
        table()->setFocus();
        for (int i = 0; i < 3; ++i)
            QTest::keyClick(table(), Qt::Key_Down);
        QTest::keyClick(table(), Qt::Key_Return);
        const EventRef below = panel()->model()->eventAt(row + 3);
        QCOMPARE(m_window->timeline()->selectedEvent(), below);
        QVERIFY(inView(*m_window, below));
    }

    void altEnterListsAnExactName()
    {
        open("kineto/dlrm_train.json.gz");
        listSearch(QStringLiteral("^cudaLaunchKernel$"), true);
        const auto trace = m_window->model()->tracePointer();
        const long long expected = sqlCount(trace, "SELECT count(*) FROM event WHERE name = 'cudaLaunchKernel'");
        QVERIFY(expected > 100);
        QCOMPARE(table()->model()->rowCount(), int(expected));
        // API calls have no grid, block or launching call.
        QVERIFY(table()->isColumnHidden(InstanceTableModel::GridColumn));
        QVERIFY(table()->isColumnHidden(InstanceTableModel::LaunchedByColumn));
        for (int row = 0; row < int(expected); row += 97)
            QCOMPARE(trace->event(panel()->model()->eventAt(row)).kind, EventKind::ApiCall);
    }

    void summaryRowListsAllInstances_data()
    {
        QTest::addColumn<QString>("trace");
        QTest::addColumn<int>("kind");
        QTest::newRow("kernels") << QStringLiteral("kineto/resnet50_train.json.gz") << int(SummaryKind::Kernel);
        QTest::newRow("api calls") << QStringLiteral("kineto/resnet50_train.json.gz") << int(SummaryKind::ApiCall);
        QTest::newRow("nvtx ranges") << QStringLiteral("nsys/nvtx_cnn.sqlite") << int(SummaryKind::Range);
    }
    void summaryRowListsAllInstances()
    {
        QFETCH(QString, trace);
        QFETCH(int, kind);
        open(trace.toUtf8().constData());
        SummaryPanel *summaries = m_window->summaries();
        SummaryTableView *summary = summaries->table(SummaryKind(kind));
        QTRY_VERIFY_WITH_TIMEOUT(summary->shownRowCount() > 2, 10000);
        m_window->findChild<QDockWidget *>(QStringLiteral("summariesDock"))->raise();
        summaries->tabs()->setCurrentWidget(summary);
        QTRY_VERIFY(summary->view()->isVisible());

        // The first rows (the most time) and the last one (often a single instance).
        for (const int row : {0, 1, summary->shownRowCount() - 1}) {
            const qint64 count = summary->shownText(row, 2).toLongLong(); // Instances / Num Calls
            const QString name = summary->shownText(row, summary->table().columns.size() - 1);
            QVERIFY(count > 0);
            m_window->findChild<QDockWidget *>(QStringLiteral("summariesDock"))->raise();
            QTRY_VERIFY(summary->view()->isVisible());
            chooseFromContextMenu(summary->view(), row, QStringLiteral("List All Instances"));
            QTRY_VERIFY(table()->isVisible());
            QCOMPARE(qint64(table()->model()->rowCount()), count);
            QVERIFY2(panel()->title().endsWith(name), qPrintable(panel()->title()));
        }
        // Show Longest Instance from the same menu still selects the longest.
        m_window->findChild<QDockWidget *>(QStringLiteral("summariesDock"))->raise();
        QTRY_VERIFY(summary->view()->isVisible());
        chooseFromContextMenu(summary->view(), 0, QStringLiteral("Show Longest Instance"));
        const EventRef selected = m_window->timeline()->selectedEvent();
        QVERIFY(selected.isValid());
        QCOMPARE(qint64(m_window->model()->trace().event(selected).duration), summary->shownText(0, 6).toLongLong());
    }

    void sortFilterAndExport()
    {
        open("kineto/resnet50_train.json.gz");
        listSearch(QStringLiteral("gemm|elementwise"), false);
        QAbstractItemModelTester tester(table()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        const Trace &trace = m_window->model()->trace();
        const int total = table()->model()->rowCount();
        QVERIFY(total > 1000);

        // A click on the Duration header sorts by the number of ns, not the text
        // ("9.1 µs" after "10.2 µs", "1.2 ms" between them as text).
        QHeaderView *header = table()->horizontalHeader();
        const auto clickHeader = [header](int column) {
            const QPoint pos(header->sectionViewportPosition(column) + header->sectionSize(column) / 2,
                             header->height() / 2);
            QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, pos);
        };
        clickHeader(InstanceTableModel::DurationColumn);
        auto duration = [&](int row) { return trace.event(panel()->model()->eventAt(row)).duration; };
        QVERIFY(duration(0) * 100 < duration(total - 1)); // several units apart, so a text order would fail
        for (int row = 1; row < total; ++row)
            QVERIFY(duration(row - 1) <= duration(row));
        clickHeader(InstanceTableModel::DurationColumn);
        QCOMPARE(header->sortIndicatorOrder(), Qt::DescendingOrder);
        for (int row = 1; row < total; ++row)
            QVERIFY(duration(row - 1) >= duration(row));
        clickHeader(InstanceTableModel::StartColumn);
        for (int row = 1; row < total; ++row)
            QVERIFY(trace.event(panel()->model()->eventAt(row - 1)).start
                    <= trace.event(panel()->model()->eventAt(row)).start);

        // The filter keeps the rows whose name (or lane) contains the text, any case.
        int containing = 0;
        for (EventRef ref : panel()->events()) {
            const std::string_view name = trace.name(ref);
            if (QString::fromUtf8(name.data(), qsizetype(name.size()))
                    .contains(QStringLiteral("elementwise"), Qt::CaseInsensitive))
                ++containing;
        }
        QVERIFY(containing > 0 && containing < total);
        QTest::keyClicks(panel()->filterEdit(), QStringLiteral("ElementWise"));
        QCOMPARE(table()->model()->rowCount(), containing);
        QCOMPARE(panel()->countText(),
                 QStringLiteral("%1 of %2 instances").arg(QLocale().toString(containing), QLocale().toString(total)));
        QCOMPARE(m_window->timeline()->highlighted().size(), std::size_t(containing)); // outlines follow the filter
        // A lane's text filters too: every row is on stream 7.
        panel()->filterEdit()->setText(QStringLiteral("stream 7"));
        QCOMPARE(table()->model()->rowCount(), total);
        panel()->filterEdit()->setText(QStringLiteral("ElementWise"));

        // Export writes the rows shown, in the order shown, times in ns.
        clickHeader(InstanceTableModel::DurationColumn); // ascending again
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("instances.csv"));
        QString error;
        QVERIFY2(panel()->exportCsv(path, &error), qPrintable(error));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.first(), QStringLiteral("Id,Start (ns),Duration (ns),Lane,Name,Grid,Block,Launched by"));
        QCOMPARE(lines.size(), containing + 1);
        const EventRef first = panel()->model()->eventAt(0);
        const QStringList fields = lines[1].split(QLatin1Char(','));
        QCOMPARE(fields[0].toLongLong(), sqlEventId(first));
        QCOMPARE(fields[1].toLongLong(), trace.event(first).start - trace.startNs);
        QCOMPARE(fields[2].toLongLong(), trace.event(first).duration);
        QVERIFY(!QFileInfo(dir.filePath(QStringLiteral("missing/dir/x.csv"))).exists());
        QVERIFY(!panel()->exportCsv(dir.filePath(QStringLiteral("missing/dir/x.csv")), &error));
        QVERIFY(!error.isEmpty());

        // A new list starts unfiltered and keeps the sort column.
        m_window->searchBar()->findChild<QLineEdit *>()->clear();
        listSearch(QStringLiteral("relu"), true);
        const long long relus = sqlCount(m_window->model()->tracePointer(),
                                         "SELECT count(*) FROM event WHERE name LIKE '%relu%'");
        QVERIFY(relus > 10);
        QVERIFY(panel()->filterEdit()->text().isEmpty());
        QCOMPARE(table()->model()->rowCount(), int(relus));
        QCOMPARE(m_window->timeline()->highlighted().size(), std::size_t(relus));
        QCOMPARE(header->sortIndicatorSection(), int(InstanceTableModel::DurationColumn));
        for (int row = 1; row < int(relus); ++row)
            QVERIFY(duration(row - 1) <= duration(row));
    }

    // 200,000 rows: listing, every column's sort and a filter stay well under a
    // second each (a per-row QString or a QVariant comparison would not).
    void largeListStaysFast()
    {
        const auto trace = manyLaunches(100000);
        m_window->showModel(std::make_shared<TimelineModel>(trace), QStringLiteral("many.json"));
        std::vector<EventRef> all; // the calls and their kernels
        for (std::uint32_t t = 0; t < trace->tracks.size(); ++t)
            for (std::uint32_t i = 0; i < trace->tracks[t].events.size(); ++i)
                all.push_back(EventRef{t, i});
        const auto count = int(all.size());
        QCOMPARE(count, 200000);
        QElapsedTimer timer;
        timer.start();
        m_window->listInstances(QStringLiteral("many"), all);
        QCOMPARE(table()->model()->rowCount(), count);
        qInfo("list %d rows: %lld ms", count, timer.restart());
        for (int column = 0; column < InstanceTableModel::ColumnCount; ++column) {
            table()->sortByColumn(column, Qt::DescendingOrder);
            const qint64 ms = timer.restart();
            qInfo("sort by column %d: %lld ms", column, ms);
            QVERIFY2(ms < 3000, qPrintable(QString::number(ms)));
        }
        table()->sortByColumn(InstanceTableModel::NameColumn, Qt::DescendingOrder);
        QCOMPARE(table()->model()->index(0, InstanceTableModel::NameColumn).data().toString(),
                 QStringLiteral("Softmax")); // case-insensitive: Softmax after relu
        QCOMPARE(table()->model()->index(count - 1, InstanceTableModel::NameColumn).data().toString(),
                 QStringLiteral("cudaLaunchKernel"));
        panel()->filterEdit()->setText(QStringLiteral("gemm_b"));
        qInfo("filter: %lld ms", timer.restart());
        QCOMPARE(table()->model()->rowCount(), 25000);
        QCOMPARE(table()->model()->index(0, InstanceTableModel::LaunchedByColumn).data().toString(),
                 QStringLiteral("cudaLaunchKernel"));
    }
};

TRACELANE_TEST_MAIN(TestInstanceList)
#include "tst_instance_list.moc"
