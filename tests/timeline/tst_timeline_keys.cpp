// The timeline's keys follow the mouse: with the focus on another panel (the
// track list, the breakdown chart), moving the mouse over the timeline is
// enough for W/A/S/D, + / −, Home, End and M to act on it; text fields keep
// their keys. Shift+wheel and a sideways wheel pan; the View menu and the
// Keyboard Shortcuts dialog show the keys.
#include "main_window.h"

#include "breakdown_chart.h"
#include "cached_import.h"
#include "panels/instances/search_bar.h"
#include "shortcuts_dialog.h"
#include "timeline/marker_set.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"
#include "timeline/track_tree.h"
#include "timeline/zoom_control.h"

#include "shared_traces.h"
#include "test_registry.h"

#include <QDockWidget>
#include <QHeaderView>
#include <QLineEdit>
#include <QMenuBar>
#include <QRegularExpression>
#include <QScrollBar>
#include <QTableWidget>
#include <QtTest>

using namespace tracelane;
using tracelane::test::compiledMlpTrace;

namespace {

} // namespace

class TestTimelineKeys : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    ZoomControl *zoom() const { return m_window->timeline()->zoomControl(); }

    // Puts the mouse over the middle of the lanes, as a user moving it there would.
    void hoverTimeline()
    {
        QWidget *viewport = m_window->timeline()->viewport();
        const QPoint middle(TimelineView::kGutterWidth + (viewport->width() - TimelineView::kGutterWidth) / 2,
                            viewport->height() / 2);
        QTest::mouseMove(viewport, middle);
        QVERIFY(m_window->timeline()->isMouseOverViewport());
    }

    // A key as the keyboard delivers it: to the widget with the focus.
    static void pressKey(Qt::Key key, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
    {
        QWidget *focus = QApplication::focusWidget();
        QVERIFY(focus);
        QTest::keyClick(focus, key, modifiers);
    }

    void focusTrackTree()
    {
        m_window->trackTree()->setFocus();
        QTRY_VERIFY(m_window->trackTree()->hasFocus()
                    || m_window->trackTree()->isAncestorOf(QApplication::focusWidget()));
    }

    void wheel(QPoint angle, Qt::KeyboardModifiers modifiers)
    {
        QWidget *viewport = m_window->timeline()->viewport();
        const QPointF pos(TimelineView::kGutterWidth + 200, viewport->height() / 2);
        QWheelEvent event(pos, viewport->mapToGlobal(pos), QPoint(), angle, Qt::NoButton, modifiers, Qt::NoScrollPhase,
                          false);
        QApplication::sendEvent(viewport, &event);
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("TracelaneTests"));
        QVERIFY2(test::cachedTrace(compiledMlpTrace()), test::cachedImport(compiledMlpTrace()).error.c_str());
    }

    void init()
    {
        m_window = std::make_unique<MainWindow>();
        m_window->resize(1400, 800);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        m_window->showModel(std::make_shared<TimelineModel>(test::cachedTrace(compiledMlpTrace())), compiledMlpTrace());
        // Zoomed in to the middle, so that panning and zooming out both have room.
        const TimeNs start = zoom()->traceStart(), span = zoom()->traceEnd() - start;
        zoom()->setRange(start + span / 3, start + span * 2 / 3);
    }

    void cleanup() { m_window.reset(); }

    void keysFollowTheMouseNotTheFocus_data()
    {
        QTest::addColumn<QString>("focus");
        QTest::newRow("track list") << QStringLiteral("tree");
        QTest::newRow("breakdown chart") << QStringLiteral("chart");
    }
    void keysFollowTheMouseNotTheFocus()
    {
        QFETCH(QString, focus);
        if (focus == QLatin1String("tree")) {
            focusTrackTree();
        } else {
            // A click on the chart, as a user would: it takes the focus if it accepts any.
            m_window->findChild<QDockWidget *>(QStringLiteral("breakdownDock"))->raise();
            QWidget *chart = m_window->breakdownChart();
            QTRY_VERIFY(chart->isVisible());
            chart->setFocusPolicy(Qt::StrongFocus);
            QTest::mouseClick(chart, Qt::LeftButton, {}, QPoint(5, 5));
            QTRY_VERIFY(chart->hasFocus() || chart->isAncestorOf(QApplication::focusWidget()));
        }
        QWidget *focused = QApplication::focusWidget();
        QVERIFY(focused && focused != m_window->timeline());
        hoverTimeline();

        const TimeNs before = zoom()->rangeLength();
        pressKey(Qt::Key_W);
        QVERIFY2(zoom()->rangeLength() < before, "W zooms in");
        QCOMPARE(QApplication::focusWidget(), focused); // the focus stays where it was

        const TimeNs start = zoom()->rangeStart(), length = zoom()->rangeLength();
        pressKey(Qt::Key_A);
        QVERIFY2(zoom()->rangeStart() < start, "A pans left");
        QCOMPARE(zoom()->rangeLength(), length);
        pressKey(Qt::Key_D);
        pressKey(Qt::Key_D);
        QVERIFY2(zoom()->rangeStart() > start, "D pans right");

        pressKey(Qt::Key_Home);
        QVERIFY(zoom()->rangeStart() <= zoom()->traceStart());
        QVERIFY(zoom()->rangeEnd() >= zoom()->traceEnd());

        const int markers = m_window->timeline()->markers()->size();
        pressKey(Qt::Key_M);
        QCOMPARE(m_window->timeline()->markers()->size(), markers + 1);
    }

    // Away from the timeline the focused widget keeps the keys.
    void keysStayWithTheFocusElsewhere()
    {
        focusTrackTree();
        QTest::mouseMove(m_window->trackTree()->viewport(), QPoint(10, 10));
        QWidget *viewport = m_window->timeline()->viewport();
        QEvent leave(QEvent::Leave);
        QApplication::sendEvent(viewport, &leave);
        QVERIFY(!m_window->timeline()->isMouseOverViewport());
        const TimeNs before = zoom()->rangeLength();
        pressKey(Qt::Key_W);
        QCOMPARE(zoom()->rangeLength(), before);
    }

    void plusAndMinusZoom_data()
    {
        QTest::addColumn<int>("in");
        QTest::addColumn<int>("out");
        QTest::addColumn<int>("modifiers");
        QTest::newRow("main keys") << int(Qt::Key_Plus) << int(Qt::Key_Minus) << int(Qt::ShiftModifier);
        QTest::newRow("= and -") << int(Qt::Key_Equal) << int(Qt::Key_Minus) << int(Qt::NoModifier);
        QTest::newRow("keypad") << int(Qt::Key_Plus) << int(Qt::Key_Minus) << int(Qt::KeypadModifier);
    }
    void plusAndMinusZoom()
    {
        QFETCH(int, in);
        QFETCH(int, out);
        QFETCH(int, modifiers);
        focusTrackTree();
        hoverTimeline();
        const TimeNs before = zoom()->rangeLength();
        pressKey(Qt::Key(in), Qt::KeyboardModifiers(modifiers));
        const TimeNs zoomedIn = zoom()->rangeLength();
        QVERIFY2(zoomedIn < before, "+ zooms in");
        pressKey(Qt::Key(out), Qt::KeyboardModifiers(modifiers) & Qt::KeypadModifier);
        QVERIFY2(zoom()->rangeLength() > zoomedIn, "- zooms out");
    }

    // End keeps the zoom and shows the last part of the trace, checked against a separate import.
    void endShowsTheEndOfTheTrace()
    {
        const TimeNs traceEnd = test::cachedTrace(compiledMlpTrace())->endNs;
        m_window->timeline()->setFocus();
        hoverTimeline();
        pressKey(Qt::Key_W);
        const TimeNs length = zoom()->rangeLength();
        QVERIFY(zoom()->rangeEnd() < traceEnd);
        focusTrackTree();
        hoverTimeline();
        pressKey(Qt::Key_End);
        QCOMPARE(zoom()->rangeLength(), length);
        QVERIFY(zoom()->rangeStart() < traceEnd);
        QVERIFY(zoom()->rangeEnd() >= traceEnd);
        QVERIFY(zoom()->rangeEnd() - traceEnd <= length / 20);
    }

    void shiftWheelAndSidewaysWheelPan_data()
    {
        QTest::addColumn<QPoint>("angle");
        QTest::addColumn<int>("modifiers");
        QTest::newRow("shift+wheel down") << QPoint(0, -120) << int(Qt::ShiftModifier);
        QTest::newRow("touchpad swipe") << QPoint(-120, 0) << int(Qt::NoModifier);
        QTest::newRow("shift, turned sideways") << QPoint(-120, 0) << int(Qt::ShiftModifier);
    }
    void shiftWheelAndSidewaysWheelPan()
    {
        QFETCH(QPoint, angle);
        QFETCH(int, modifiers);
        const TimeNs start = zoom()->rangeStart(), length = zoom()->rangeLength();
        const int scroll = m_window->timeline()->verticalScrollBar()->value();
        wheel(angle, Qt::KeyboardModifiers(modifiers));
        QCOMPARE(zoom()->rangeLength(), length); // no zoom
        QVERIFY2(zoom()->rangeStart() > start, "pans towards the end");
        QCOMPARE(m_window->timeline()->verticalScrollBar()->value(), scroll);
        wheel(-angle, Qt::KeyboardModifiers(modifiers));
        QCOMPARE(zoom()->rangeStart(), start); // and back
        // A plain wheel still zooms.
        wheel(QPoint(0, 120), Qt::NoModifier);
        QVERIFY(zoom()->rangeLength() < length);
    }

    void typingInTheSearchBoxDoesNotZoom()
    {
        m_window->searchBar()->activate();
        auto *edit = qobject_cast<QLineEdit *>(QApplication::focusWidget());
        QVERIFY(edit);
        hoverTimeline();
        QCOMPARE(QApplication::focusWidget(), edit);
        const TimeNs start = zoom()->rangeStart(), length = zoom()->rangeLength();
        QTest::keyClicks(edit, QStringLiteral("wasd+-"));
        QCOMPARE(edit->text(), QStringLiteral("wasd+-"));
        QCOMPARE(zoom()->rangeLength(), length);
        QCOMPARE(zoom()->rangeStart(), start);
    }

    // The keys sit in the menu's shortcut column, not in the item text.
    void viewMenuShowsShortcuts()
    {
        const struct
        {
            const char *name;
            Qt::Key key;
        } expected[] = {{"zoomIn", Qt::Key_W},    {"zoomOut", Qt::Key_S},         {"showWholeTrace", Qt::Key_Home},
                        {"goToEnd", Qt::Key_End}, {"zoomToSelection", Qt::Key_Z}, {"addMarker", Qt::Key_M}};
        for (const auto &e : expected) {
            auto *action = m_window->findChild<QAction *>(QLatin1String(e.name));
            QVERIFY2(action, e.name);
            QCOMPARE(action->shortcut(), QKeySequence(e.key));
            QVERIFY2(!action->text().contains(QLatin1Char('(')), qPrintable(action->text()));
        }
        for (QAction *menu : m_window->menuBar()->actions())
            for (QAction *action : menu->menu()->actions())
                QVERIFY2(!action->text().contains(QRegularExpression(QStringLiteral("\\([A-Z]\\)$"))),
                         qPrintable(action->text()));
        // The menu item acts like its key.
        const TimeNs length = zoom()->rangeLength();
        m_window->findChild<QAction *>(QStringLiteral("zoomIn"))->trigger();
        QVERIFY(zoom()->rangeLength() < length);
    }

    // The dialog is as wide as its table: no column cut, no horizontal scrolling.
    void shortcutsDialogFitsItsTable()
    {
        ShortcutsDialog dialog(m_window.get());
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto *table = dialog.findChild<QTableWidget *>();
        QVERIFY(table);
        const int columns = table->horizontalHeader()->sectionSize(0) + table->horizontalHeader()->sectionSize(1);
        QVERIFY2(columns <= table->viewport()->width(),
                 qPrintable(QStringLiteral("%1 > %2").arg(columns).arg(table->viewport()->width())));
        for (int row = 0; row < table->rowCount(); ++row) {
            const QFontMetrics metrics(table->font());
            for (int column = 0; column < 2; ++column)
                QVERIFY2(metrics.horizontalAdvance(table->item(row, column)->text())
                             <= table->horizontalHeader()->sectionSize(column),
                         qPrintable(table->item(row, column)->text()));
        }
    }
};

TRACELANE_TEST_MAIN(TestTimelineKeys)
#include "tst_timeline_keys.moc"
