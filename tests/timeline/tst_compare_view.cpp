// File > Compare With…, driven through MainWindow::compareWith (what the menu
// calls after its dialog): the Compare dock's rows are the diff that
// `tracelane-cli diff` computes (diffTraces + asTable, called here directly),
// a click on a row selects the earliest event of that name in both windows
// (found here by a plain loop over the trace), and a trace compared with
// itself is unchanged everywhere.
#include "main_window.h"

#include "analysis/trace_diff.h"
#include "panels/compare_panel.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"

#include <QDockWidget>
#include <QLineEdit>
#include <QScreen>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

using namespace tracelane;

namespace {

QString sharedTrace(const char *relative)
{
    return QStringLiteral(TRACELANE_SHARED_TRACES "/") + QLatin1String(relative);
}

const char *const kResnet = "kineto/resnet50_train.json.gz";
const char *const kDlrm = "kineto/dlrm_train.json.gz";

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

private slots:
    void cleanup() { m_window.reset(); }

    void dockShowsTheCliDiff()
    {
        open(kResnet);
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
        open(kResnet);
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
        open(kResnet);
        compare(kResnet);
        if (QTest::currentTestFailed())
            return;
        ComparePanel *panel = m_window->comparePanel();
        QVERIFY(panel->shownRowCount() > 10);
        for (int r = 0; r < panel->shownRowCount(); ++r)
            QCOMPARE(panel->shownText(r, 7), QStringLiteral("unchanged"));
    }
};

QTEST_MAIN(TestCompareView)
#include "tst_compare_view.moc"
