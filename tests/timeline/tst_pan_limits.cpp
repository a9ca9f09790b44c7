// Panning and jumping stop at the trace's ends, on ResNet-50 in the real view:
// drags, keys, the wheel, the scroll bar and a jump to the first event never
// show more than a small margin past the trace, zooming out stops at the whole
// trace, and the ruler never counts back before the trace start.
#include "timeline/ruler_labels.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"
#include "timeline/zoom_control.h"

#include "cached_import.h"
#include "shared_traces.h"
#include "test_registry.h"

#include <QScrollBar>
#include <QtTest>

using namespace tracelane;

class TestPanLimits : public QObject
{
    Q_OBJECT

    std::unique_ptr<TimelineView> m_view;
    std::shared_ptr<const Trace> m_trace;

    ZoomControl *zoom() const { return m_view->zoomControl(); }
    QWidget *viewport() const { return m_view->viewport(); }
    TimeNs span() const { return m_trace->endNs - m_trace->startNs; }
    // What the view may show past an end: a fiftieth of its length.
    TimeNs margin() const { return zoom()->rangeLength() / 50; }

    void zoomIn(int steps)
    {
        for (int i = 0; i < steps; ++i)
            QTest::keyClick(viewport(), Qt::Key_W);
    }

    QString range() const
    {
        return QStringLiteral("view %1 .. %2 ns from the trace start, trace %3 ns long")
            .arg(zoom()->rangeStart() - m_trace->startNs)
            .arg(zoom()->rangeEnd() - m_trace->startNs)
            .arg(span());
    }

    // The first tick label the ruler writes counts from the trace start, not before it.
    bool rulerStartsAtOrAfterTraceStart()
    {
        const RulerTicks ticks = rulerTicks(m_view->currentFrame());
        return ticks.first >= ticks.origin;
    }

private slots:
    void initTestCase()
    {
        m_trace = test::cachedTraceOrWarn(test::resnetTrace());
        QVERIFY(m_trace);
        m_view = std::make_unique<TimelineView>();
        m_view->resize(1400, 700);
        m_view->setModel(std::make_shared<TimelineModel>(m_trace));
        m_view->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
        m_view->setFocus();
    }

    void cleanupTestCase() { m_view.reset(); }

    void init()
    {
        m_view->clearSelection();
        zoom()->fitAll();
    }

    void keysStopAtTheStart()
    {
        zoomIn(8);
        for (int i = 0; i < 60; ++i)
            QTest::keyClick(viewport(), Qt::Key_A);
        QVERIFY2(zoom()->rangeStart() >= m_trace->startNs - margin(), qPrintable(range()));
        QVERIFY(rulerStartsAtOrAfterTraceStart());
    }

    void keysStopAtTheEnd()
    {
        zoomIn(8);
        for (int i = 0; i < 60; ++i)
            QTest::keyClick(viewport(), Qt::Key_D);
        QVERIFY2(zoom()->rangeEnd() <= m_trace->endNs + margin(), qPrintable(range()));
    }

    void dragStopsAtTheStart()
    {
        zoomIn(6);
        QTest::keyClick(viewport(), Qt::Key_Home);
        zoomIn(6);
        const int y = TimelineView::kRulerHeight + 300;
        const QPoint from(TimelineView::kGutterWidth + 20, y), to(viewport()->width() - 10, y);
        for (int i = 0; i < 4; ++i) { // each drag pans right by most of a view
            QTest::mousePress(viewport(), Qt::LeftButton, {}, from);
            QTest::mouseMove(viewport(), (from + to) / 2);
            QTest::mouseMove(viewport(), to);
            QTest::mouseRelease(viewport(), Qt::LeftButton, {}, to);
        }
        QVERIFY2(zoom()->rangeStart() >= m_trace->startNs - margin(), qPrintable(range()));
        QVERIFY(rulerStartsAtOrAfterTraceStart());
    }

    void wheelZoomsOutToTheWholeTraceAtMost()
    {
        const QPoint at(TimelineView::kGutterWidth + 100, TimelineView::kRulerHeight + 200);
        for (int i = 0; i < 20; ++i) {
            QWheelEvent wheel(at, viewport()->mapToGlobal(at), {}, QPoint(0, -120), Qt::NoButton, {}, Qt::NoScrollPhase,
                              false);
            QCoreApplication::sendEvent(viewport(), &wheel);
        }
        QVERIFY2(zoom()->rangeLength() <= span() + 2 * (span() / 100), qPrintable(range()));
        QVERIFY2(zoom()->rangeStart() >= m_trace->startNs - span() / 100, qPrintable(range()));
        QVERIFY2(zoom()->rangeEnd() <= m_trace->endNs + span() / 100, qPrintable(range()));
    }

    void scrollBarStopsAtTheEnd()
    {
        zoomIn(5);
        QScrollBar *bar = m_view->horizontalScrollBar();
        bar->setValue(bar->maximum());
        QVERIFY2(zoom()->rangeEnd() <= m_trace->endNs + margin(), qPrintable(range()));
        bar->setValue(bar->minimum());
        QVERIFY2(zoom()->rangeStart() >= m_trace->startNs - margin(), qPrintable(range()));
    }

    // A search match at the very start, revealed while zoomed in: the view does
    // not centre it at the cost of showing time before the trace.
    void jumpToTheFirstEventShowsNoNegativeTime()
    {
        zoomIn(12);
        QTest::keyClick(viewport(), Qt::Key_End);
        EventRef first;
        for (std::uint32_t t = 0; t < m_trace->tracks.size(); ++t)
            if (!m_trace->tracks[t].events.empty() && m_trace->tracks[t].events.front().start == m_trace->startNs)
                first = {t, 0};
        QVERIFY(first.isValid());
        m_view->selectEvent(first, true);
        QVERIFY(zoom()->rangeStart() <= m_trace->startNs); // revealed
        QVERIFY2(zoom()->rangeStart() >= m_trace->startNs - margin(), qPrintable(range()));
        QVERIFY(rulerStartsAtOrAfterTraceStart());
    }
};

TRACELANE_TEST_MAIN(TestPanLimits)
#include "tst_pan_limits.moc"
