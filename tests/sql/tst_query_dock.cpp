// The Query dock: a query runs off the GUI thread and fills the table, a bad
// one shows SQLite's message, Ctrl+Enter runs, every example of the menu runs,
// and clicking a row with an event id selects that event, on its own and in
// the main window's timeline.
#include "analysis/summaries/kernel_summary.h"
#include "cached_import.h"
#include "main_window.h"
#include "panels/common/result_table_model.h"
#include "panels/query/query_panel.h"
#include "sql/event_id.h"
#include "timeline/timeline_view.h"

#include "shared_traces.h"
#include "test_registry.h"

#include <QDockWidget>
#include <QLabel>
#include <QMenu>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QtTest>

using namespace tracelane;
using tracelane::test::resnetTrace;

namespace {

// The longest kernel, the first row of the test query (ties: lowest id).
EventRef longestKernel(const Trace &trace)
{
    EventRef best;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t)
        for (std::uint32_t i = 0; i < trace.tracks[t].events.size(); ++i) {
            const Event &e = trace.tracks[t].events[i];
            if (e.kind == EventKind::Kernel && (!best.isValid() || e.duration > trace.event(best).duration))
                best = {t, i};
        }
    return best;
}

bool runAndWait(QueryPanel &panel, const QString &sql)
{
    QSignalSpy finished(&panel, &QueryPanel::finished);
    panel.setQuery(sql);
    panel.run();
    return finished.wait(30000);
}

void clickRow(QTableView *view, int row, int column)
{
    const QModelIndex index = view->model()->index(row, column);
    view->scrollTo(index);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(index).center());
}

} // namespace

class TestQueryDock : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void runsAQueryAndSelectsItsEvents()
    {
        const auto trace = test::cachedTrace(resnetTrace());
        QVERIFY(trace);
        QueryPanel panel;
        panel.resize(900, 600);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.setTrace(trace);
        QVERIFY(runAndWait(
            panel,
            QStringLiteral("SELECT name, dur, id FROM event WHERE kind = 'kernel' ORDER BY dur DESC, id LIMIT 5")));
        QVERIFY2(!panel.lastQueryFailed(), qPrintable(panel.messageLabel()->text()));
        QCOMPARE(panel.resultModel()->rowCount(), 5);
        const EventRef longest = longestKernel(*trace);
        QCOMPARE(panel.resultModel()->index(0, 2).data().toLongLong(), sqlEventId(longest));
        QCOMPARE(panel.resultModel()->index(0, 0).data().toString(),
                 QString::fromStdString(std::string(trace->name(longest))));

        QSignalSpy requested(&panel, &QueryPanel::eventRequested);
        clickRow(panel.resultView(), 0, 0); // any cell of the row: its id column is used
        QCOMPARE(requested.size(), 1);
        QCOMPARE(requested.first().first().value<EventRef>(), longest);

        // A result without event ids selects nothing.
        QVERIFY(runAndWait(panel, QStringLiteral("SELECT kind, count(*) FROM event GROUP BY kind")));
        QVERIFY(panel.resultModel()->rowCount() > 1);
        clickRow(panel.resultView(), 0, 0);
        QCOMPARE(requested.size(), 1);

        // An error replaces the rows with SQLite's message.
        QVERIFY(runAndWait(panel, QStringLiteral("SELECT * FROM no_such_table")));
        QVERIFY(panel.lastQueryFailed());
        QCOMPARE(panel.resultModel()->rowCount(), 0);
        QVERIFY2(panel.messageLabel()->text().contains(QLatin1String("no such table: no_such_table")),
                 qPrintable(panel.messageLabel()->text()));

        // Ctrl+Enter in the editor runs the query.
        panel.setQuery(QStringLiteral("SELECT count(*) FROM kernel"));
        QSignalSpy finished(&panel, &QueryPanel::finished);
        panel.editor()->setFocus();
        QTest::keyClick(panel.editor(), Qt::Key_Return, Qt::ControlModifier);
        QVERIFY(finished.wait(30000));
        QCOMPARE(panel.resultModel()->index(0, 0).data().toULongLong(), trace->counts().kernels);
    }

    void everyExampleRuns()
    {
        const auto trace = test::cachedTrace(resnetTrace());
        QVERIFY(trace);
        QueryPanel panel;
        panel.setTrace(trace);
        const auto actions = panel.examplesMenu()->actions();
        QVERIFY(actions.size() >= 6);
        for (QAction *action : actions) {
            action->trigger();
            QVERIFY(!panel.query().isEmpty());
            QSignalSpy finished(&panel, &QueryPanel::finished);
            panel.run();
            QVERIFY(finished.wait(30000));
            QVERIFY2(!panel.lastQueryFailed(),
                     qPrintable(action->text() + QLatin1String(": ") + panel.messageLabel()->text()));
            QVERIFY2(panel.resultModel()->rowCount() > 0, qPrintable(action->text()));
        }
    }

    void stopInterruptsALongQuery()
    {
        const auto trace = test::cachedTrace(resnetTrace());
        QVERIFY(trace);
        QueryPanel panel;
        panel.setTrace(trace);
        QSignalSpy finished(&panel, &QueryPanel::finished);
        // Quadratic on purpose: minutes if nothing stops it.
        panel.setQuery(
            QStringLiteral("SELECT count(*) FROM event AS a, event AS b, event AS c WHERE a.dur + b.dur = c.dur"));
        panel.run();
        QVERIFY(panel.isRunning());
        QTest::qWait(300);
        panel.stop();
        QVERIFY(finished.wait(10000));
        QVERIFY(panel.lastQueryFailed());
        QCOMPARE(panel.messageLabel()->text(), QueryPanel::tr("Stopped."));
    }

    void mainWindowSelectsTheClickedEvent()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("TracelaneTests"));
        MainWindow window;
        window.setErrorReporter([](const QString &, const QString &message) { qWarning() << message; });
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QSignalSpy loaded(&window, &MainWindow::traceLoaded);
        window.openFile(resnetTrace());
        QVERIFY(loaded.wait(30000));
        auto *dock = window.findChild<QDockWidget *>(QStringLiteral("queryDock"));
        QVERIFY(dock);
        dock->show();
        dock->raise();
        QueryPanel *panel = window.queryPanel();
        QVERIFY(runAndWait(*panel, QStringLiteral("SELECT id, name FROM kernel ORDER BY dur DESC, id LIMIT 3")));
        QCOMPARE(panel->resultModel()->rowCount(), 3);
        const EventRef longest = longestKernel(window.model()->trace());
        QSignalSpy selected(window.timeline(), &TimelineView::eventSelected);
        clickRow(panel->resultView(), 0, 1);
        QVERIFY(selected.size() >= 1);
        QCOMPARE(window.timeline()->selectedEvent(), longest);
    }
};

TRACELANE_TEST_MAIN(TestQueryDock)
#include "tst_query_dock.moc"
