// View > Show All Flows on ResNet-50, whose 4,610 flows are more than a
// zoomed-out view once drew: at full view every arrow with an end in view is
// painted, from the first step to the last, not only those found first.
#include "timeline/flow_arrow_set.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"

#include "cached_import.h"
#include "shared_traces.h"
#include "test_registry.h"

#include <QtTest>

using namespace tracelane;

namespace {

// Did the arrows change anything within two pixels of `at`?
bool paintedNear(const QImage &before, const QImage &after, QPoint at)
{
    for (int dy = -2; dy <= 2; ++dy)
        for (int dx = -2; dx <= 2; ++dx) {
            const QPoint p = at + QPoint(dx, dy);
            if (before.rect().contains(p) && before.pixel(p) != after.pixel(p))
                return true;
        }
    return false;
}

} // namespace

class TestAllFlows : public QObject
{
    Q_OBJECT

    std::unique_ptr<TimelineView> m_view;
    std::shared_ptr<const Trace> m_trace;

private slots:
    void initTestCase()
    {
        m_trace = test::cachedTraceOrWarn(test::resnetTrace());
        QVERIFY(m_trace);
        QVERIFY(m_trace->flows.size() > 4000); // launches and forward-backward links
        m_view = std::make_unique<TimelineView>();
        m_view->resize(1600, 1000);
        m_view->setModel(std::make_shared<TimelineModel>(m_trace));
        m_view->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
    }

    void cleanupTestCase() { m_view.reset(); }

    // Each flow whose source lies in the right half of the view starts an arrow there.
    void arrowsCoverTheRightHalfAtFullView()
    {
        m_view->setShowAllFlows(false);
        const QImage without = m_view->viewport()->grab().toImage();
        m_view->setShowAllFlows(true);
        const QImage with = m_view->viewport()->grab().toImage();

        const TimeAxis axis{m_view->zoomControl()->rangeStart(), m_view->zoomControl()->rangeEnd(),
                            double(m_view->viewport()->width() - TimelineView::kGutterWidth)};
        const double middle = axis.width / 2;
        int sources = 0, drawn = 0;
        QStringList missing;
        for (const Flow &flow : m_trace->flows) {
            const auto from = m_view->eventRectInViewport(flow.from);
            const auto to = m_view->eventRectInViewport(flow.to);
            const double x = axis.xOf(m_trace->event(flow.from).start);
            if (!from || !to || x < middle || x > axis.width - 2)
                continue;
            ++sources;
            const QPoint start(TimelineView::kGutterWidth + int(x), from->center().y());
            if (paintedNear(without, with, start))
                ++drawn;
            else if (missing.size() < 5)
                missing << QStringLiteral("%1 at %2,%3")
                               .arg(QString::fromUtf8(m_trace->name(flow.from).data(),
                                                      qsizetype(m_trace->name(flow.from).size())))
                               .arg(start.x())
                               .arg(start.y());
        }
        QVERIFY2(sources > 1000, qPrintable(QString::number(sources)));
        QVERIFY2(drawn == sources,
                 qPrintable(QStringLiteral("%1 of %2 arrows drawn; missing e.g. %3")
                                .arg(drawn)
                                .arg(sources)
                                .arg(missing.join(QStringLiteral(", ")))));
    }

    // The arrows stand for every flow with an end in view, each counted once,
    // and fewer arrows are drawn than there are flows: those sharing pixels merge.
    void mergedArrowsAccountForEveryFlow()
    {
        m_view->zoomControl()->fitAll();
        const TimelineFrame frame = m_view->currentFrame();
        const FlowArrowSet set = collectFlowArrows(frame);
        std::uint64_t expected = 0;
        for (const Flow &flow : m_trace->flows)
            if (frame.eventRect(flow.from) && frame.eventRect(flow.to))
                ++expected;
        QCOMPARE(set.flows, expected);
        std::uint64_t counted = 0;
        for (const FlowArrow &arrow : set.arrows)
            counted += arrow.flows;
        QCOMPARE(counted, expected);
        QVERIFY2(set.arrows.size() < expected / 2, qPrintable(QString::number(set.arrows.size())));
    }
};

TRACELANE_TEST_MAIN(TestAllFlows)
#include "tst_all_flows.moc"
