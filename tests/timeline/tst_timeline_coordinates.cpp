// The timeline's pure maths: time <-> x, row hit tests, line clipping, ruler
// steps and labels, and the sub-pixel folding that keeps frames cheap.
#include "time_format.h"
#include "timeline/event_folding.h"
#include "timeline/timeline_coordinates.h"

#include "test_registry.h"

#include <QtTest>

using namespace tracelane;

class TestTimelineCoordinates : public QObject
{
    Q_OBJECT

private slots:
    void xOfTime_data()
    {
        QTest::addColumn<qint64>("start");
        QTest::addColumn<qint64>("end");
        QTest::addColumn<double>("width");
        QTest::addColumn<qint64>("time");
        QTest::addColumn<double>("x");
        QTest::newRow("left edge") << qint64(1000) << qint64(2000) << 100.0 << qint64(1000) << 0.0;
        QTest::newRow("right edge") << qint64(1000) << qint64(2000) << 100.0 << qint64(2000) << 100.0;
        QTest::newRow("middle") << qint64(1000) << qint64(2000) << 100.0 << qint64(1500) << 50.0;
        QTest::newRow("before the range (no clamping)") << qint64(1000) << qint64(2000) << 100.0 << qint64(0) << -100.0;
        QTest::newRow("after the range (no clamping)") << qint64(1000) << qint64(2000) << 100.0 << qint64(4000) << 300.0;
        QTest::newRow("epoch-based, beyond 2^53")
            << qint64(1712195495519689047LL) << qint64(1712195495519690047LL) << 1000.0 << qint64(1712195495519689547LL)
            << 500.0;
        QTest::newRow("one ns per pixel") << qint64(0) << qint64(1920) << 1920.0 << qint64(7) << 7.0;
    }
    void xOfTime()
    {
        QFETCH(qint64, start);
        QFETCH(qint64, end);
        QFETCH(double, width);
        QFETCH(qint64, time);
        QFETCH(double, x);
        const TimeAxis axis{start, end, width};
        QCOMPARE(axis.xOf(time), x);
        QCOMPARE(qint64(axis.timeAt(x)), time);
    }

    void roundTripWithinOneNanosecond_data()
    {
        QTest::addColumn<qint64>("start");
        QTest::addColumn<qint64>("end");
        QTest::addColumn<double>("width");
        QTest::newRow("343 ms at 1660 px") << qint64(4502771091074249LL) << qint64(4502771427514883LL) << 1660.0;
        QTest::newRow("50 ns at 1660 px") << qint64(4502771091074249LL) << qint64(4502771091074299LL) << 1660.0;
        QTest::newRow("an hour at 800 px") << qint64(0) << qint64(3'600'000'000'000LL) << 800.0;
        QTest::newRow("epoch, 1 s") << qint64(1712195495519689047LL) << qint64(1712195496519689047LL) << 1333.0;
        QTest::newRow("zero width is treated as one pixel") << qint64(10) << qint64(20) << 0.0;
    }
    void roundTripWithinOneNanosecond()
    {
        QFETCH(qint64, start);
        QFETCH(qint64, end);
        QFETCH(double, width);
        const TimeAxis axis{start, end, width};
        const qint64 span = end - start;
        for (int i = -10; i <= 110; ++i) {
            const qint64 t = start + span / 100 * i + i; // odd offsets, also outside the range
            QVERIFY2(std::llabs(axis.timeAt(axis.xOf(t)) - t) <= 1, qPrintable(QString::number(t)));
        }
    }

    void rowAt_data()
    {
        QTest::addColumn<double>("y");
        QTest::addColumn<int>("row");
        QTest::newRow("first row top") << 0.0 << 0;
        QTest::newRow("inside the first") << 19.5 << 0;
        QTest::newRow("second row top") << 20.0 << 1;
        QTest::newRow("in the gap after the second") << 61.0 << -1;
        QTest::newRow("third") << 70.0 << 2;
        QTest::newRow("beyond all rows") << 500.0 << -1;
        QTest::newRow("negative y") << -1.0 << -1;
    }
    void rowAt()
    {
        QFETCH(double, y);
        QFETCH(int, row);
        const std::vector<RowSpan> rows = {{0, 20}, {20, 40}, {65, 18}};
        QCOMPARE(tracelane::rowAt(rows, y), row);
    }

    void rowAtWithNoRows()
    {
        QCOMPARE(tracelane::rowAt(std::span<const RowSpan>(), 5.0), -1);
    }

    void hitTolerance_data()
    {
        QTest::addColumn<double>("x");
        QTest::addColumn<bool>("hit");
        QTest::newRow("inside") << 10.5 << true;
        QTest::newRow("3 px left of a 1 px event") << 7.0 << true;
        QTest::newRow("4 px left") << 6.0 << false;
        QTest::newRow("3 px right") << 14.0 << true;
        QTest::newRow("4 px right") << 15.0 << false;
    }
    void hitTolerance()
    {
        QFETCH(double, x);
        QFETCH(bool, hit);
        QCOMPARE(hitsSpan(10.0, 11.0, x), hit);
    }

    void clipSegment_data()
    {
        QTest::addColumn<QPointF>("a");
        QTest::addColumn<QPointF>("b");
        QTest::addColumn<bool>("visible");
        QTest::addColumn<QPointF>("clippedA");
        QTest::addColumn<QPointF>("clippedB");
        QTest::newRow("inside") << QPointF(10, 10) << QPointF(50, 50) << true << QPointF(10, 10) << QPointF(50, 50);
        QTest::newRow("target far right") << QPointF(50, 50) << QPointF(1e9 + 50, 50) << true << QPointF(50, 50)
                                         << QPointF(100, 50);
        QTest::newRow("source far left") << QPointF(-1e12, 20) << QPointF(20, 20) << true << QPointF(0, 20)
                                        << QPointF(20, 20);
        QTest::newRow("diagonal through") << QPointF(-50, -50) << QPointF(150, 150) << true << QPointF(0, 0)
                                         << QPointF(100, 100);
        QTest::newRow("entirely above") << QPointF(0, -10) << QPointF(100, -5) << false << QPointF() << QPointF();
    }
    void clipSegment()
    {
        QFETCH(QPointF, a);
        QFETCH(QPointF, b);
        QFETCH(bool, visible);
        const auto clipped = tracelane::clipSegment({a.x(), a.y()}, {b.x(), b.y()}, 0, 0, 100, 100);
        QCOMPARE(clipped.has_value(), visible);
        if (!visible)
            return;
        QFETCH(QPointF, clippedA);
        QFETCH(QPointF, clippedB);
        QCOMPARE(QPointF(clipped->first.x, clipped->first.y), clippedA);
        QCOMPARE(QPointF(clipped->second.x, clipped->second.y), clippedB);
    }

    void rulerSteps_data()
    {
        QTest::addColumn<double>("minimum");
        QTest::addColumn<qint64>("step");
        QTest::newRow("below one") << 0.3 << qint64(1);
        QTest::newRow("exact") << 100.0 << qint64(100);
        QTest::newRow("to two") << 101.0 << qint64(200);
        QTest::newRow("to five") << 230.0 << qint64(500);
        QTest::newRow("to ten") << 501.0 << qint64(1000);
        QTest::newRow("ms") << 1.7e6 << qint64(2'000'000);
    }
    void rulerSteps()
    {
        QFETCH(double, minimum);
        QFETCH(qint64, step);
        QCOMPARE(qint64(TimeFormat::niceStep(minimum)), step);
    }

    void rulerLabels_data()
    {
        QTest::addColumn<qint64>("offset");
        QTest::addColumn<qint64>("step");
        QTest::addColumn<QString>("label");
        QTest::newRow("ns") << qint64(300) << qint64(100) << QStringLiteral("300 ns");
        QTest::newRow("µs") << qint64(2500) << qint64(500) << QString::fromUtf8("2.5 µs");
        QTest::newRow("ms by 50 ms") << qint64(150'000'000) << qint64(50'000'000) << QStringLiteral("150 ms");
        QTest::newRow("ms by 0.5 ms") << qint64(130'500'000) << qint64(500'000) << QStringLiteral("130.5 ms");
        QTest::newRow("s by 10 µs") << qint64(1'500'010'000) << qint64(10'000) << QStringLiteral("1.50001 s");
        QTest::newRow("zero") << qint64(0) << qint64(50'000'000) << QStringLiteral("0 ms");
    }
    void rulerLabels()
    {
        QFETCH(qint64, offset);
        QFETCH(qint64, step);
        QFETCH(QString, label);
        QCOMPARE(TimeFormat::offset(offset, step), label);
    }

    void durations()
    {
        QCOMPARE(TimeFormat::duration(850), QStringLiteral("850 ns"));
        QCOMPARE(TimeFormat::duration(2000), QString::fromUtf8("2.000 µs"));
        QCOMPARE(TimeFormat::duration(1'234'567), QStringLiteral("1.235 ms"));
        QCOMPARE(TimeFormat::duration(2'500'000'000), QStringLiteral("2.500 s"));
    }

    // 100,000 events of 5 ns every 10 ns in 1 ms shown on 1000 px: each pixel
    // holds 100 of them, so the fold must give at most ~1000 blocks that
    // together hold every event, and a wide event in between stays whole.
    void foldingFollowsPixels()
    {
        std::vector<Event> events;
        for (int i = 0; i < 50'000; ++i)
            events.push_back(Event{TimeNs(i) * 10, 5});
        events.push_back(Event{500'000, 100'000}); // 100 px wide
        for (int i = 0; i < 50'000; ++i)
            events.push_back(Event{600'000 + TimeNs(i) * 8, 4});
        std::vector<std::uint32_t> order(events.size());
        std::iota(order.begin(), order.end(), 0u);
        const TimeAxis axis{0, 1'000'000, 1000.0};
        std::size_t blocks = 0, covered = 0, wide = 0;
        foldEvents(events, order, axis, [&](const FoldedSpan &span) {
            ++blocks;
            covered += span.count;
            if (span.count == 1 && events[order[span.first]].duration == 100'000)
                ++wide;
            QVERIFY(span.end >= span.start);
        });
        QCOMPARE(covered, events.size());
        QCOMPARE(wide, std::size_t(1));
        QVERIFY2(blocks <= 1002, qPrintable(QString::number(blocks)));

        // Zoomed into 200 ns, every event is wide enough to stand alone.
        std::size_t alone = 0;
        foldEvents(events, order, TimeAxis{1000, 1200, 1000.0}, [&](const FoldedSpan &span) {
            QCOMPARE(span.count, 1u);
            ++alone;
        });
        QCOMPARE(alone, std::size_t(21)); // those starting at 1000, 1010, ..., 1200
    }
};

TRACELANE_TEST_APPLESS_MAIN(TestTimelineCoordinates)
#include "tst_timeline_coordinates.moc"
