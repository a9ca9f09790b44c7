// Markers in the main window with simulated input: M on a clicked event marks
// its span, M with the mouse over the lanes marks that time, the Markers list
// renames, selects and removes; a new window opening the same file gets them
// back, another file does not. Settings are the test's own (test mode, own
// application name).
#include "main_window.h"

#include "marker_store.h"
#include "panels/marker_panel.h"
#include "timeline/marker_painting.h"
#include "timeline/marker_set.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"
#include "timeline/zoom_control.h"

#include "shared_traces.h"
#include "test_registry.h"

#include <QDockWidget>
#include <QLineEdit>
#include <QMenuBar>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

using namespace tracelane;
using tracelane::test::compiledMlpTrace;

namespace {

const QString kOtherTrace = QStringLiteral(TRACELANE_SHARED_TRACES "/nsys/nvtx_cnn.sqlite");

std::unique_ptr<MainWindow> openWindow(const QString &path)
{
    auto window = std::make_unique<MainWindow>();
    window->setErrorReporter([](const QString &title, const QString &message) {
        QFAIL(qPrintable(title + QStringLiteral(": ") + message));
    });
    window->resize(1400, 800);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return nullptr;
    QSignalSpy loaded(window.get(), &MainWindow::traceLoaded);
    window->openFile(path);
    if (!loaded.wait(30000))
        return nullptr;
    return window;
}

QString nameOf(const Trace &trace, EventRef ref)
{
    const std::string_view v = trace.name(ref);
    return QString::fromUtf8(v.data(), qsizetype(v.size()));
}

QAction *menuAction(MainWindow &window, const QString &text)
{
    for (QAction *a : window.menuBar()->findChildren<QAction *>())
        if (a->text().remove(QLatin1Char('&')) == text)
            return a;
    return nullptr;
}

// Clicks the event where it is drawn, scrolling its row into view first.
void clickEvent(TimelineView *view, EventRef ref)
{
    const TimelineModel &model = *view->model();
    const Event &e = model.trace().event(ref);
    const LayoutRows rows = model.layout().rows(RowMetrics{}, model.trace().tracks.size());
    const LayoutRow &row = rows.rows[std::size_t(rows.rowOfTrack[ref.track])];
    const int y = TimelineView::kRulerHeight + row.span.top + e.depth * RowMetrics{}.rowHeight + 8;
    view->verticalScrollBar()->setValue(std::max(0, y - 300));
    const TimeAxis axis{view->zoomControl()->rangeStart(), view->zoomControl()->rangeEnd(),
                        double(view->viewport()->width() - TimelineView::kGutterWidth)};
    const QPoint at(TimelineView::kGutterWidth + int(axis.xOf(e.start + e.duration / 2)),
                    y - view->verticalScrollBar()->value());
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at);
}

} // namespace

class TestTimelineMarkers : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("TracelaneTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_timeline_markers"));
    }

    void init() { QSettings().remove(QStringLiteral("markers")); }

    void markersSurviveARestart()
    {
        auto window = openWindow(compiledMlpTrace());
        QVERIFY(window);
        TimelineView *view = window->timeline();
        const Trace &trace = window->model()->trace();
        QVERIFY(view->markers()->isEmpty());

        // The longest kernel: there whatever the profiler named it.
        EventRef kernel;
        for (std::uint32_t t = 0; t < trace.tracks.size(); ++t)
            for (std::uint32_t i = 0; i < trace.tracks[t].events.size(); ++i)
                if (trace.tracks[t].events[i].kind == EventKind::Kernel
                    && (!kernel.isValid() || trace.tracks[t].events[i].duration > trace.event(kernel).duration))
                    kernel = {t, i};
        QVERIFY(kernel.isValid());
        const Event &e = trace.event(kernel);
        view->zoomControl()->fit(e.start, e.end(), 0.5);
        clickEvent(view, kernel);
        QCOMPARE(view->selectedEvent(), kernel);

        // M with an event selected: its span, named after it.
        QTest::keyClick(view, Qt::Key_M);
        QCOMPARE(view->markers()->size(), 1);
        const Marker span = view->markers()->at(0);
        QCOMPARE(span.time, e.start);
        QCOMPARE(span.end, std::optional<TimeNs>(e.end()));
        QCOMPARE(span.name, nameOf(trace, kernel));

        // The span is marked already: M now marks the time under the mouse.
        const int mouseX = TimelineView::kGutterWidth + 100;
        QTest::mouseMove(view->viewport(), QPoint(mouseX, 200));
        QTest::keyClick(view, Qt::Key_M);
        QCOMPARE(view->markers()->size(), 2);
        const ZoomControl *zoom = view->zoomControl();
        const double pixels = view->viewport()->width() - TimelineView::kGutterWidth;
        const TimeNs expected = zoom->rangeStart() + std::llround(100.0 * double(zoom->rangeLength()) / pixels);
        const int timeIndex = view->markers()->find(expected, std::nullopt);
        QVERIFY2(timeIndex >= 0, qPrintable(QString::number(expected)));
        QVERIFY(expected > zoom->rangeStart() && expected < e.start); // left of the kernel, 100 px in
        QCOMPARE(view->markers()->selected(), timeIndex);             // the new marker is the picked one

        // A third from the menu with nothing selected and the mouse gone: the centre; Delete removes it.
        QTest::keyClick(view, Qt::Key_Escape);
        QTest::mouseMove(window->menuBar(), QPoint(5, 5));
        QEvent leave(QEvent::Leave);
        QCoreApplication::sendEvent(view, &leave);
        QAction *add = menuAction(*window, QStringLiteral("Add Marker"));
        QVERIFY(add);
        QCOMPARE(add->shortcut(), QKeySequence(Qt::Key_M)); // shown in the shortcut column
        add->trigger();
        QCOMPARE(view->markers()->size(), 3);
        const int centreIndex = view->markers()->find(zoom->rangeStart() + zoom->rangeLength() / 2, std::nullopt);
        QVERIFY(centreIndex >= 0);

        QAction *list = menuAction(*window, QStringLiteral("Show Markers List"));
        QVERIFY(list);
        list->trigger();
        QTableView *table = window->markerPanel()->table();
        QVERIFY(QTest::qWaitForWindowExposed(table->window()));
        QTRY_VERIFY(table->isVisible());
        QCOMPARE(table->model()->rowCount(), 3);
        QCOMPARE(table->currentIndex().row(), centreIndex); // follows the set's selection
        table->setFocus();
        QTest::keyClick(table, Qt::Key_Delete);
        QCOMPARE(view->markers()->size(), 2);
        QVERIFY(view->markers()->find(zoom->rangeStart() + zoom->rangeLength() / 2, std::nullopt) < 0);

        // Rename the time marker in place.
        const int row = view->markers()->find(expected, std::nullopt);
        table->setCurrentIndex(table->model()->index(row, 2));
        QTest::keyClick(table, Qt::Key_F2);
        auto *editor = qobject_cast<QLineEdit *>(QApplication::focusWidget());
        QVERIFY(editor);
        editor->selectAll();
        QTest::keyClicks(editor, QStringLiteral("warm-up ends"));
        QTest::keyClick(editor, Qt::Key_Return); // the delegate commits on the next event loop turn
        QTRY_COMPARE(view->markers()->at(row).name, QStringLiteral("warm-up ends"));
        QCOMPARE(table->model()->index(row, 2).data().toString(), QStringLiteral("warm-up ends"));

        // Its flag in the ruler picks it; the list follows.
        view->markers()->select(-1);
        const auto flags = markerFlags(view->currentFrame());
        const auto flag = std::find_if(flags.begin(), flags.end(),
                                       [row](const MarkerFlag &f) { return f.index == row; });
        QVERIFY(flag != flags.end());
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, flag->rect.center());
        QCOMPARE(view->markers()->selected(), row);
        QCOMPARE(table->currentIndex().row(), row);
        QCOMPARE(view->selectedEvent(), EventRef{}); // a flag click selects no event

        // Double-click in the list centres the view on it.
        view->zoomControl()->fitAll();
        view->zoomControl()->zoomAround(trace.endNs, 0.01);
        const QRect cell = table->visualRect(table->model()->index(row, 0));
        QSignalSpy jumps(window->markerPanel(), &MarkerPanel::jumpRequested);
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center()); // mouseDClick sends no press
        QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, cell.center());
        QCOMPARE(jumps.size(), 1);
        QVERIFY(std::abs(zoom->rangeStart() + zoom->rangeLength() / 2 - expected) <= 1);
        const std::vector<Marker> before = view->markers()->markers();

        // Restart: a new window on the same file gets them back.
        window.reset();
        window = openWindow(compiledMlpTrace());
        QVERIFY(window);
        QCOMPARE(window->timeline()->markers()->markers(), before);
        QCOMPARE(window->markerPanel()->table()->model()->rowCount(), 2);

        // Another file does not get them, and opening it keeps the first file's.
        QSignalSpy loaded(window.get(), &MainWindow::traceLoaded);
        window->openFile(kOtherTrace);
        QVERIFY(loaded.wait(30000));
        QVERIFY(window->timeline()->markers()->isEmpty());
        QCOMPARE(window->markerPanel()->table()->model()->rowCount(), 0);
        window->openFile(compiledMlpTrace());
        QVERIFY(loaded.wait(30000));
        QCOMPARE(window->timeline()->markers()->markers(), before);
    }

    void storeKeepsTheRecentTraces()
    {
        QTemporaryDir dir;
        const Marker m{1000, std::nullopt, QStringLiteral("m"), QColor(Qt::red)};
        for (int i = 0; i < MarkerStore::kMaxTraces + 5; ++i)
            MarkerStore::save(dir.filePath(QStringLiteral("trace%1.json").arg(i)), {m});
        QCOMPARE(MarkerStore::files().size(), MarkerStore::kMaxTraces);
        QVERIFY(MarkerStore::load(dir.filePath(QStringLiteral("trace0.json"))).empty()); // the oldest went
        QCOMPARE(MarkerStore::load(dir.filePath(QStringLiteral("trace54.json"))), std::vector<Marker>{m});
        MarkerStore::save(dir.filePath(QStringLiteral("trace54.json")), {});
        QVERIFY(MarkerStore::load(dir.filePath(QStringLiteral("trace54.json"))).empty());
        QCOMPARE(MarkerStore::files().size(), MarkerStore::kMaxTraces - 1);
    }

    // Hand-written edge cases: what a damaged settings file may hold.
    void setRepairsBadMarkers()
    {
        MarkerSet set;
        set.setMarkers({{TimeNs(1) << 62, std::nullopt, QStringLiteral("beyond the model"), {}},
                        {500, 400, QStringLiteral("end before start"), {}},
                        {100, std::nullopt, QString(), QColor()}});
        QCOMPARE(set.size(), 2);
        QCOMPARE(set.at(0).time, 100);
        QVERIFY(!set.at(0).name.isEmpty());
        QVERIFY(set.at(0).color.isValid());
        QCOMPARE(set.at(1).end, std::nullopt); // kept as a time marker
        for (int i = set.size(); i < MarkerSet::kMaxMarkers; ++i)
            QVERIFY(set.add({i, std::nullopt, {}, {}}) >= 0);
        QCOMPARE(set.add({0, std::nullopt, {}, {}}), -1);
        set.remove(-1);
        set.remove(set.size());
        set.rename(0, QStringLiteral("   "));
        QVERIFY(!set.at(0).name.trimmed().isEmpty());
    }
};

TRACELANE_TEST_MAIN(TestTimelineMarkers)
#include "tst_timeline_markers.moc"
