// The shortcuts that keep frames cheap must not change what is drawn: folding
// through DepthIndex's block ends gives the same spans as searching the events
// themselves, and painting the draw list batched by colour gives the same pixels
// as painting its items one by one.
#include "depth_index.h"
#include "event_folding.h"
#include "fill_batches.h"
#include "model/trace_builder.h"
#include "timeline_geometry.h"
#include "timeline_model.h"

#include <QImage>
#include <QPainter>
#include <QtTest>

#include <random>

using namespace tracelane;

namespace {

// One depth of `count` events: mostly sub-pixel ones in bursts with gaps of
// every size, and now and then a long one, from a fixed seed.
std::shared_ptr<const Trace> burstyTrace(int count)
{
    TraceBuilder b;
    const auto track = b.threadTrack(b.thread(b.process(1), 1), TrackKind::CpuThread);
    const StringId names[] = {b.intern("a"), b.intern("b"), b.intern("c")};
    std::mt19937 random(7);
    TimeNs t = 0;
    for (int i = 0; i < count; ++i) {
        const TimeNs duration = random() % 50 == 0 ? 50'000 + random() % 500'000 : 1 + random() % 400;
        const TimeNs gap = random() % 20 == 0 ? random() % 2'000'000 : random() % 300;
        b.addEvent(track, Event{t, duration, names[random() % 3], kNoArgs, 0, EventKind::CpuOp});
        t += duration + gap;
    }
    return b.finish();
}

std::vector<FoldedSpan> fold(const Trace &trace, const DepthIndex &index, const TimeAxis &axis, bool useBlocks)
{
    std::vector<FoldedSpan> spans;
    const auto collect = [&](const FoldedSpan &span) { spans.push_back(span); };
    const auto &events = trace.tracks[0].events;
    if (useBlocks)
        foldEvents(events, index.events(0, 0), index.blockEnds(0, 0), DepthIndex::kEndBlock, axis, collect);
    else
        foldEvents(events, index.events(0, 0), axis, collect);
    return spans;
}

QImage paintedOneByOne(const TimelineGeometry &g, QSize size)
{
    QImage image(size, QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter p(&image);
    for (const DrawItem &item : g.items)
        p.fillRect(item.rect, QColor(item.color));
    return image;
}

QImage paintedBatched(const TimelineGeometry &g, QSize size)
{
    QImage image(size, QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter p(&image);
    p.setPen(Qt::NoPen);
    for (const FillBatch &batch : g.fills) {
        p.setBrush(QColor(batch.color));
        p.drawRects(g.fillRects.data() + batch.first, int(batch.count));
    }
    return image;
}

bool anyOverlap(const std::vector<QRect> &rects)
{
    for (std::size_t i = 0; i < rects.size(); ++i)
        for (std::size_t j = i + 1; j < rects.size(); ++j)
            if (rects[i].intersects(rects[j]))
                return true;
    return false;
}

} // namespace

class TestTimelineBatching : public QObject
{
    Q_OBJECT

private slots:
    void blockEndsAreTheEndsOfEveryBlock()
    {
        const auto trace = burstyTrace(1000);
        const DepthIndex index(*trace);
        const auto order = index.events(0, 0);
        const auto ends = index.blockEnds(0, 0);
        QCOMPARE(order.size(), std::size_t(1000));
        QCOMPARE(ends.size(), std::size_t(63)); // 62 full blocks of 16 and one of 8
        QCOMPARE(ends[0], trace->tracks[0].events[order[15]].end());
        QCOMPARE(ends[61], trace->tracks[0].events[order[991]].end());
        QCOMPARE(ends[62], trace->tracks[0].events[order[999]].end());
        QVERIFY(index.blockEnds(0, 1).empty());
        QVERIFY(index.blockEnds(5, 0).empty());
    }

    void foldingThroughBlocksMatchesTheEvents_data()
    {
        QTest::addColumn<double>("fraction"); // of the trace in view
        QTest::addColumn<double>("offset");   // of the view's start, as a fraction of the trace
        QTest::newRow("whole trace") << 1.0 << 0.0;
        QTest::newRow("a tenth") << 0.1 << 0.45;
        QTest::newRow("a thousandth") << 0.001 << 0.5;
        QTest::newRow("left edge") << 0.01 << 0.0;
        QTest::newRow("right edge") << 0.01 << 0.99;
    }
    void foldingThroughBlocksMatchesTheEvents()
    {
        QFETCH(double, fraction);
        QFETCH(double, offset);
        const auto trace = burstyTrace(200'000);
        const DepthIndex index(*trace);
        const auto &events = trace->tracks[0].events;
        const TimeNs span = trace->endNs - trace->startNs;
        const TimeNs start = trace->startNs + TimeNs(double(span) * offset);
        const TimeAxis axis{start, start + TimeNs(double(span) * fraction), 1600.0};

        const auto blocked = fold(*trace, index, axis, true);
        const auto plain = fold(*trace, index, axis, false);
        QCOMPARE(blocked.size(), plain.size());
        QVERIFY(!blocked.empty());
        const auto order = index.events(0, 0);
        for (std::size_t i = 0; i < blocked.size(); ++i) {
            const FoldedSpan &s = blocked[i];
            QCOMPARE(s.first, plain[i].first);
            QCOMPARE(s.count, plain[i].count);
            QCOMPARE(s.start, plain[i].start);
            QCOMPARE(s.end, plain[i].end);
            // Spans follow each other without skipping an event, and a merged
            // one holds only sub-pixel events and ends where its last one ends.
            if (i > 0)
                QCOMPARE(s.first, blocked[i - 1].first + blocked[i - 1].count);
            QCOMPARE(s.start, events[order[s.first]].start);
            if (s.count > 1) {
                TimeNs end = 0;
                for (std::uint32_t k = s.first; k < s.first + s.count; ++k) {
                    QVERIFY(double(events[order[k]].duration) < axis.nsPerPixel());
                    end = std::max(end, events[order[k]].end());
                }
                QCOMPARE(s.end, end);
            }
        }
        // Every event in view is in some span; far fewer spans than events at full view.
        QVERIFY(events[order[blocked.front().first]].end() >= axis.start);
        QVERIFY(blocked.front().first == 0 || events[order[blocked.front().first - 1]].end() < axis.start);
        const std::uint32_t after = blocked.back().first + blocked.back().count;
        QVERIFY(after == order.size() || events[order[after]].start > axis.end);
        if (fraction == 1.0)
            QVERIFY2(blocked.size() < 4 * 1600, qPrintable(QString::number(blocked.size())));
    }

    // Boxes forced to a pixel's width reach into the next box, which paints over
    // them; touching boxes of one colour merge; counter bars have their own heights.
    void batchesPaintLikeItemsOneByOne()
    {
        const QRgb red = qRgb(200, 40, 40), blue = qRgb(40, 40, 200), green = qRgb(40, 160, 40);
        TimelineGeometry g;
        const auto item = [&](int x, int width, int top, int height, QRgb color) {
            DrawItem i;
            i.rect = QRect(x, top, width, height);
            i.color = color;
            g.items.push_back(i);
        };
        item(-1, 1, 0, 17, red); // clamped at the left edge, covered by the next
        item(-1, 4, 0, 17, blue);
        item(3, 4, 0, 17, blue); // touches the previous blue box: one rectangle
        item(7, 1, 0, 17, green);
        item(7, 1, 0, 17, red); // same pixel: red wins
        item(8, 30, 0, 17, green);
        item(38, 1, 0, 17, blue);
        g.bands.push_back(DrawBand{0, 0, RowSpan{0, 18}, 0, std::uint32_t(g.items.size()), LaneKind::Events});
        const std::uint32_t counterFirst = std::uint32_t(g.items.size());
        item(0, 5, 30, 6, green);
        item(5, 3, 20, 16, green); // taller bar right after: stays a separate rectangle
        item(8, 10, 36, 0, green); // a zero sample draws nothing
        g.bands.push_back(DrawBand{1, 0, RowSpan{18, 36}, counterFirst, 3, LaneKind::Counter});
        batchFills(g);

        const QSize size(60, 60);
        QCOMPARE(paintedBatched(g, size), paintedOneByOne(g, size));
        QVERIFY(!anyOverlap(g.fillRects));
        QCOMPARE(int(g.fills.size()), 3);
        QCOMPARE(int(g.fillRects.size()), 6); // blue -1..6, green 8..37, red 7, blue 38, two bars
        const auto blueRun = std::find(g.fillRects.begin(), g.fillRects.end(), QRect(-1, 0, 8, 17));
        QVERIFY(blueRun != g.fillRects.end());
    }

    void batchedGeometryPaintsLikeItemsOneByOne_data()
    {
        QTest::addColumn<double>("fraction");
        QTest::newRow("whole trace") << 1.0;
        QTest::newRow("a hundredth") << 0.01;
        QTest::newRow("a ten-thousandth") << 0.0001;
    }
    void batchedGeometryPaintsLikeItemsOneByOne()
    {
        QFETCH(double, fraction);
        const TimelineModel model(burstyTrace(100'000));
        const LayoutRows rows = model.layout().rows(RowMetrics{}, model.trace().tracks.size());
        // Centred on an event, so that even the deepest zoom shows something.
        const TimeNs span = model.trace().endNs - model.trace().startNs;
        const TimeNs start = model.trace().tracks[0].events[50'000].start - TimeNs(double(span) * fraction / 2);
        GeometryRequest request;
        request.model = &model;
        request.rows = &rows;
        request.axis = TimeAxis{start, start + TimeNs(double(span) * fraction), 1200.0};
        request.height = 300;
        const TimelineGeometry g = buildGeometry(request);
        QVERIFY(!g.items.empty());
        QVERIFY(g.fillRects.size() <= g.items.size());
        const QSize size(1210, 300);
        QCOMPARE(paintedBatched(g, size), paintedOneByOne(g, size));
    }
};

QTEST_APPLESS_MAIN(TestTimelineBatching)
#include "tst_timeline_batching.moc"
