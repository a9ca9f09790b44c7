// The timeline's highlight set: a frame asks only for the highlights near the
// visible range, and gets every one that intersects it.
#include "hand_built_trace.h"
#include "timeline/highlight_set.h"

#include "test_registry.h"

#include <QtTest>

using namespace tracelane;

class TestHighlightSet : public QObject
{
    Q_OBJECT

private slots:
    void candidatesCoverTheRange_data()
    {
        QTest::addColumn<qint64>("start");
        QTest::addColumn<qint64>("end");
        QTest::newRow("before all") << qint64(-500) << qint64(-1);
        QTest::newRow("inside one event") << qint64(1010) << qint64(1020);
        QTest::newRow("a gap between events") << qint64(1060) << qint64(1090);
        QTest::newRow("several events") << qint64(2500) << qint64(4100);
        QTest::newRow("after all") << qint64(1'000'000) << qint64(2'000'000);
    }
    void candidatesCoverTheRange()
    {
        QFETCH(qint64, start);
        QFETCH(qint64, end);
        // Events of 50 ns every 100 ns; every third one is highlighted.
        const auto trace = test::denseTrace(1000, 100, 50);
        std::vector<EventRef> refs;
        for (std::uint32_t i = 0; i < trace->tracks[0].events.size(); i += 3)
            refs.push_back(EventRef{0, i});
        HighlightSet set;
        set.set(*trace, refs);
        QCOMPARE(set.size(), refs.size());

        const auto candidates = set.candidatesIn(start, end);
        std::size_t intersecting = 0;
        for (EventRef ref : refs) {
            const Event &e = trace->event(ref);
            if (e.end() >= start && e.start <= end) {
                ++intersecting;
                QVERIFY(std::any_of(candidates.begin(), candidates.end(),
                                    [ref](const HighlightSet::Item &i) { return i.ref == ref; }));
            }
        }
        // At most one extra that ends before the range (the longest duration is 50 ns).
        QVERIFY(candidates.size() <= intersecting + 1);
    }

    void invalidRefsAreSkipped()
    {
        const auto trace = test::denseTrace(10, 100, 50);
        HighlightSet set;
        set.set(*trace, {EventRef{0, 2}, EventRef{}, EventRef{0, 99}, EventRef{5, 0}});
        QCOMPARE(set.size(), std::size_t(1));
        QVERIFY(set.contains(EventRef{0, 2}));
        QVERIFY(!set.contains(EventRef{0, 3}));
        set.clear();
        QVERIFY(set.empty());
    }
};

TRACELANE_TEST_MAIN(TestHighlightSet)
#include "tst_highlight_set.moc"
