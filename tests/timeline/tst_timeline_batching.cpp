// The shortcuts that keep frames cheap must not change what is drawn: folding
// through DepthIndex's block ends gives the same spans as searching the events
// themselves, and painting the draw list batched by colour gives the same pixels
// as painting its items one by one. Idle shading and queue lanes cost pixels,
// not gaps or samples, and their merged runs say what they merge.
#include "model/depth_index.h"
#include "model/trace_builder.h"
#include "timeline/efficiency_lanes.h"
#include "timeline/event_folding.h"
#include "timeline/fill_batches.h"
#include "timeline/timeline_geometry.h"
#include "timeline/timeline_model.h"

#include "idle_colours.h"
#include "test_registry.h"

#include <QImage>
#include <QPainter>
#include <QtTest>

#include <random>
#include <set>

using namespace tracelane;
using tracelane::test::causeColour;

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

// A hand-made trace (no shared trace has this many gaps): one GPU stream with
// `count` kernels, each launched from a CPU thread, with idle gaps of every
// size between them and launches sometimes late (host waits), from a fixed seed.
std::shared_ptr<const Trace> gappyStream(int count)
{
    TraceBuilder b;
    const auto api = b.threadTrack(b.thread(b.process(1), 1), TrackKind::ThreadApi);
    const auto gpu = b.streamTrack(b.stream(b.device(0), 7), TrackKind::GpuStream);
    const StringId launch = b.intern("cudaLaunchKernel");
    const StringId names[] = {b.intern("gemm"), b.intern("relu"), b.intern("copy")};
    std::mt19937 random(11);
    TimeNs gpuTime = 1'000'000, cpuTime = 0;
    for (int i = 0; i < count; ++i) {
        const TimeNs gap = random() % 10 == 0 ? random() % 400'000 : random() % 3'000;
        const TimeNs duration = random() % 30 == 0 ? 100'000 + random() % 900'000 : 500 + random() % 8'000;
        gpuTime += gap;
        // Mostly well ahead of the GPU; now and then after the stream ran dry.
        cpuTime = random() % 7 == 0 ? gpuTime - std::min<TimeNs>(gap, 1 + random() % 1'000) + 1
                                    : cpuTime + 1 + random() % 2'000;
        cpuTime = std::min(cpuTime, gpuTime);
        const auto correlation = CorrelationId(i + 1);
        b.addEvent(api, Event{cpuTime, 1, launch, kNoArgs, correlation, EventKind::ApiCall});
        b.addEvent(gpu, Event{gpuTime, duration, names[random() % 3], kNoArgs, correlation, EventKind::Kernel});
        gpuTime += duration;
    }
    return b.finish();
}

std::uint32_t gpuTrack(const Trace &trace)
{
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t)
        if (trace.tracks[t].kind == TrackKind::GpuStream)
            return t;
    return ~0u;
}

QImage paintedOneByOne(const std::vector<DrawItem> &items, QSize size)
{
    QImage image(size, QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter p(&image);
    for (const DrawItem &item : items)
        p.fillRect(item.rect, QColor(item.color));
    return image;
}

QImage paintedOneByOne(const TimelineGeometry &g, QSize size)
{
    return paintedOneByOne(g.items, size);
}

QImage paintedBatched(const std::vector<FillBatch> &fills, const std::vector<QRect> &rects, QSize size)
{
    QImage image(size, QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter p(&image);
    p.setPen(Qt::NoPen);
    for (const FillBatch &batch : fills) {
        p.setBrush(QColor(batch.color));
        p.drawRects(rects.data() + batch.first, int(batch.count));
    }
    return image;
}

QImage paintedBatched(const TimelineGeometry &g, QSize size)
{
    return paintedBatched(g.fills, g.fillRects, size);
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

    void rangeMaxMatchesAScan()
    {
        std::mt19937 random(3);
        for (std::size_t n : {std::size_t(0), std::size_t(1), std::size_t(63), std::size_t(64), std::size_t(65),
                              std::size_t(5000), std::size_t(300'000)}) {
            std::vector<std::int32_t> values(n);
            for (auto &v : values)
                v = std::int32_t(random() % 1000);
            const RangeMax maxima(values);
            QCOMPARE(maxima.size(), n);
            for (int query = 0; query < 300; ++query) {
                std::size_t first = n ? random() % n : 0, last = n ? random() % (n + 1) : 0;
                if (query % 3 == 0 && n > 10) // short ranges too
                    last = std::min(n, first + random() % 10);
                if (first > last)
                    std::swap(first, last);
                std::int32_t expected = -5;
                for (std::size_t i = first; i < last; ++i)
                    expected = std::max(expected, values[i]);
                QCOMPARE(maxima.max(first, last, -5), expected);
            }
        }
    }

    // At any zoom the shading has at most a couple of shades per pixel column,
    // however many gaps the stream has; each shade lies within its gaps' span and
    // a merged one is coloured by the cause with the most idle time in it.
    void idleShadingCostsPixelsNotGaps_data()
    {
        QTest::addColumn<double>("fraction");
        QTest::newRow("whole trace") << 1.0;
        QTest::newRow("a hundredth") << 0.01;
        QTest::newRow("a ten-thousandth") << 0.0001;
    }
    void idleShadingCostsPixelsNotGaps()
    {
        QFETCH(double, fraction);
        static const TimelineModel model(gappyStream(200'000));
        const std::uint32_t track = gpuTrack(model.trace());
        const StreamGaps *gaps = model.efficiency().gaps(track);
        QVERIFY(gaps);
        QVERIFY(gaps->size() > 190'000);
        std::set<IdleCause> causes(gaps->causes.begin(), gaps->causes.end());
        QCOMPARE(int(causes.size()), 3);

        const LayoutRows rows = model.layout().rows(RowMetrics{}, model.trace().tracks.size(), true);
        const TimeNs span = model.trace().endNs - model.trace().startNs;
        const TimeNs start = model.trace().startNs + TimeNs(double(span) * (0.5 - fraction / 2));
        GeometryRequest request;
        request.model = &model;
        request.rows = &rows;
        request.axis = TimeAxis{start, start + TimeNs(double(span) * fraction), 1200.0};
        request.height = 600;
        request.idleGaps = true;
        request.palette = TimelinePalette::light();
        const TimelineGeometry g = buildGeometry(request);

        QCOMPARE(int(g.shadeBands.size()), 1);
        QVERIFY(!g.shadeItems.empty());
        QVERIFY2(g.shadeItems.size() <= 2 * 1200 + 2, qPrintable(QString::number(g.shadeItems.size())));
        QVERIFY(g.shadeRects.size() <= g.shadeItems.size());
        QCOMPARE(paintedBatched(g.shadeFills, g.shadeRects, QSize(1210, 600)),
                 paintedOneByOne(g.shadeItems, QSize(1210, 600)));
        const TimelinePalette palette = TimelinePalette::light();
        std::uint32_t previousEnd = 0;
        for (const DrawItem &shade : g.shadeItems) {
            QVERIFY(shade.event >= previousEnd); // in order, none drawn twice
            previousEnd = shade.event + shade.count;
            QCOMPARE(shade.start, gaps->starts[shade.event]);
            QCOMPARE(shade.end, gaps->ends[shade.event + shade.count - 1]);
            TimeNs idle[3] = {0, 0, 0};
            for (std::uint32_t k = shade.event; k < shade.event + shade.count; ++k)
                idle[std::size_t(gaps->causes[k])] += gaps->ends[k] - gaps->starts[k];
            const IdleCause most = IdleCause(std::max_element(idle, idle + 3) - idle);
            QCOMPARE(shade.color, causeColour(palette, most));
            if (shade.count > 1)
                QVERIFY(double(gaps->ends[shade.event] - gaps->starts[shade.event]) < request.axis.nsPerPixel());
        }

        // The queue lane under the stream: at most one bar per pixel column, each
        // as high as the deepest queue within its columns.
        const StreamQueue *queue = model.efficiency().queue(track);
        QVERIFY(queue && queue->times.size() > 300'000);
        int queueBars = 0;
        for (const DrawBand &band : g.bands) {
            if (band.lane != LaneKind::QueueDepth)
                continue;
            queueBars += int(band.itemCount);
            for (std::uint32_t i = band.firstItem; i < band.firstItem + band.itemCount; ++i) {
                const DrawItem &bar = g.items[i];
                const double height = double(bar.rect.height());
                const double expected = std::max(1.0,
                                                 std::round(double(queue->maxIn(bar.start, bar.end)) / queue->max
                                                            * (RowMetrics{}.counterHeight - 2)));
                QVERIFY2(std::abs(height - expected) <= 1.0,
                         qPrintable(QStringLiteral("%1 vs %2").arg(height).arg(expected)));
            }
        }
        QVERIFY(queueBars > 0);
        QVERIFY(queueBars <= 1200);
    }
};

TRACELANE_TEST_APPLESS_MAIN(TestTimelineBatching)
#include "tst_timeline_batching.moc"
