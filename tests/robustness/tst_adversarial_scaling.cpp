// Shapes of input that made one step per event walk over everything before it
// (see adversarial_traces.h). Each is checked twice: the result is right, and
// ten times the input takes less than fifty times as long (a quadratic step
// takes a hundred times as long; caches and allocators make a linear one take
// 10 to 30 times). Each size is timed best of three, and small timings are
// floored, so a busy machine does not fail the test.
#include "adversarial_traces.h"

#include "analysis/ranges/range_projection.h"
#include "import/importer.h"
#include "model/diagnostics.h"

#include "test_registry.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <functional>
#include <map>

using namespace tracelane;

namespace {

double bestSeconds(const std::function<void()> &work)
{
    double best = 1e9;
    for (int run = 0; run < 3; ++run) {
        QElapsedTimer timer;
        timer.start();
        work();
        best = std::min(best, double(timer.nsecsElapsed()) / 1e9);
    }
    return best;
}

// Times `work(n)` at n and 10 n; fails if the larger took 50 times as long or more.
void verifyLinear(const char *what, std::size_t n, const std::function<void(std::size_t)> &work)
{
    constexpr double kFloorSeconds = 0.005; // below this, timings are noise
    const double small = std::max(bestSeconds([&] { work(n); }), kFloorSeconds);
    const double large = bestSeconds([&] { work(10 * n); });
    qInfo("%s: %zu -> %.4f s, %zu -> %.4f s (x%.1f)", what, n, small, 10 * n, large, large / small);
    QVERIFY2(large < 50 * small, qPrintable(QStringLiteral("%1: 10x the input took %2x the time")
                                                .arg(QLatin1String(what))
                                                .arg(large / small)));
}

std::shared_ptr<const Trace> load(const std::string &path)
{
    ImportResult result = loadTrace(path);
    if (!result.ok())
        qFatal("%s", result.error.c_str());
    return result.trace;
}

} // namespace

class TestAdversarialScaling : public QObject
{
    Q_OBJECT

private slots:
    // Flows starting at the end of a long slice with many children: each start
    // binds to the long slice, each finish to its target.
    void flowsAtEndOfLongSlice()
    {
        QTemporaryDir dir;
        auto path = [&](std::size_t n) { return dir.filePath(QStringLiteral("flows_%1.json").arg(n)).toStdString(); };
        for (std::size_t n : {4000, 40000})
            adversarial::writeFlowsAtEndOfLongSlice(path(n), n);

        const auto trace = load(path(4000));
        std::size_t fromLong = 0;
        for (const Flow &f : trace->flows) {
            QCOMPARE(trace->name(f.to), std::string_view("target"));
            fromLong += trace->name(f.from) == "long";
        }
        QCOMPARE(fromLong, std::size_t(2000));
        QCOMPARE(trace->flows.size(), std::size_t(2000));
        QCOMPARE(trace->diagnostics.count("flow-unbound"), std::uint64_t(0));

        verifyLinear("flows at the end of a long slice", 4000, [&](std::size_t n) { load(path(n)); });
    }

    // Every async slice overlaps every other: each needs its own lane.
    void overlappingAsyncSlices()
    {
        QTemporaryDir dir;
        auto path = [&](std::size_t n) { return dir.filePath(QStringLiteral("async_%1.json").arg(n)).toStdString(); };
        for (std::size_t n : {5000, 50000})
            adversarial::writeOverlappingAsync(path(n), n);

        const auto trace = load(path(5000));
        const Track *async = nullptr;
        for (const Track &t : trace->tracks)
            if (t.kind == TrackKind::Async)
                async = &t;
        QVERIFY(async);
        QCOMPARE(async->events.size(), std::size_t(5000));
        for (std::size_t i = 0; i < async->events.size(); ++i) // lane i, drawn at most at level 255
            QCOMPARE(int(async->events[i].depth), int(std::min<std::size_t>(i, 255)));
        QCOMPARE(int(async->maxDepth), 255);

        verifyLinear("overlapping async slices", 5000, [&](std::size_t n) { load(path(n)); });
    }

    // Lanes are reused lowest first once a slice has ended.
    void asyncLanesReused()
    {
        TraceBuilder builder;
        const std::uint32_t track = builder.processTrack(builder.process(1), TrackKind::Async, builder.intern("a"));
        // [0,10] [1,3] [2,20] [4,6] [5,7]: lanes 0, 1, 2, 1, 3
        for (auto [start, end] : {std::pair{0, 10}, {1, 3}, {2, 20}, {4, 6}, {5, 7}}) {
            Event e;
            e.start = start;
            e.duration = end - start;
            e.kind = EventKind::Async;
            builder.addEvent(track, e);
        }
        const auto trace = builder.finish();
        std::vector<int> lanes;
        for (const Event &e : trace->tracks[0].events)
            lanes.push_back(e.depth);
        QCOMPARE(lanes, (std::vector<int>{0, 1, 2, 1, 3}));
    }

    // nsys JSON records of n kinds nobody knows: each kind's warning was looked
    // up among all earlier ones. All are counted; only 32 kinds are named.
    void manyUnknownRecordKinds()
    {
        QTemporaryDir dir;
        auto path = [&](std::size_t n) { return dir.filePath(QStringLiteral("kinds_%1.json").arg(n)).toStdString(); };
        for (std::size_t n : {5000, 50000})
            adversarial::writeUnknownRecordKinds(path(n), n);

        const auto trace = load(path(5000));
        QCOMPARE(trace->counts().kernels, std::uint64_t(1));
        QCOMPARE(trace->diagnostics.count("nsys-json-unknown-record"), std::uint64_t(5000));
        std::uint64_t skipped = 0;
        std::size_t kinds = 0;
        for (const Diagnostic &d : trace->diagnostics.entries())
            if (d.code.rfind("nsys-json-skipped:", 0) == 0) {
                skipped += d.count;
                ++kinds;
            }
        QCOMPARE(skipped, std::uint64_t(5000));
        QCOMPARE(kinds, std::size_t(33)); // 32 named, then "other unknown"
        QCOMPARE(trace->diagnostics.count("nsys-json-skipped:other unknown"), std::uint64_t(5000 - 32));

        verifyLinear("unknown record kinds", 5000, [&](std::size_t n) { load(path(n)); });
    }

    // The diagnostics table itself with 50 000 distinct codes, each reported twice.
    void diagnosticsManyCodes()
    {
        verifyLinear("distinct diagnostic codes", 5000, [](std::size_t n) {
            Diagnostics d;
            for (std::size_t i = 0; i < n; ++i)
                d.add("code-" + std::to_string(i), "m", "row 1");
            for (std::size_t i = 0; i < n; ++i)
                d.add("code-" + std::to_string(i), "m", "row 2");
            if (d.entries().size() != n || d.count("code-0") != 2)
                qFatal("wrong diagnostics");
        });
    }

    // Ranges nested n deep around one launch, under `ranges --projection`: every
    // range is a row, its level and parent are right, its stack is capped.
    void deepRangesAroundOneLaunch()
    {
        const auto trace = adversarial::deepRangesAroundLaunch(2000);
        const RangeProjection projection = projectRanges(*trace);
        QCOMPARE(projection.rows.size(), std::size_t(2000));
        std::vector<std::int64_t> levels;
        for (const ProjectedRange &row : projection.rows) {
            const RangeInstance &r = projection.ranges[row.range];
            QCOMPARE(row.gpuOps, std::int64_t(1));
            QCOMPARE(row.level, r.start); // range i starts at i and is i levels deep
            QCOMPARE(row.children, std::int64_t(r.start < 1999 ? 1 : 0));
            QCOMPARE(row.parentId, r.start == 0 ? std::int64_t(0) : r.id - 1);
            const std::int64_t ids = std::count(row.stack.begin(), row.stack.end(), ':');
            if (row.level < 32) {
                QCOMPARE(ids, row.level + 1);
                QVERIFY(row.stack == ":1" || row.stack.starts_with(":1:"));
            } else {
                QCOMPARE(ids, std::int64_t(33)); // ":..." and the innermost 32
                QVERIFY(row.stack.starts_with(":...:"));
            }
            QVERIFY(row.stack.ends_with(':' + std::to_string(r.id)));
        }
        verifyLinear("ranges nested around one launch", 2000, [](std::size_t n) {
            const auto deep = adversarial::deepRangesAroundLaunch(n);
            const Table table = rangeProjectionTraceTable(*deep, projectRanges(*deep));
            if (table.rows.size() != n)
                qFatal("wrong row count");
        });
    }

    // The tightest parent where ranges cross: the shortest enclosing one, not the latest.
    void parentIsTightestEnclosing()
    {
        TraceBuilder builder;
        const std::int32_t thread = builder.thread(builder.process(1), 1);
        const std::uint32_t ranges = builder.threadTrack(thread, TrackKind::ThreadRanges);
        const std::uint32_t api = builder.threadTrack(thread, TrackKind::ThreadApi);
        const std::uint32_t stream = builder.streamTrack(builder.stream(builder.device(0), 7), TrackKind::GpuStream);
        auto range = [&](const char *name, TimeNs start, TimeNs end) {
            Event e;
            e.name = builder.intern(name);
            e.start = start;
            e.duration = end - start;
            e.kind = EventKind::Range;
            builder.addEvent(ranges, e);
        };
        range("outer", 0, 100);
        range("wide", 5, 100);   // starts later, longer than "narrow"
        range("narrow", 4, 60);  // shorter: the tightest around "inner"
        range("inner", 10, 50);
        Event call;
        call.start = 20;
        call.duration = 1;
        call.kind = EventKind::ApiCall;
        call.correlation = 1;
        builder.addEvent(api, call);
        Event kernel = call;
        kernel.start = 30;
        kernel.kind = EventKind::Kernel;
        builder.addEvent(stream, kernel);
        const auto trace = builder.finish();
        const RangeProjection projection = projectRanges(*trace);
        std::map<std::string, std::string> parentOf;
        for (const ProjectedRange &row : projection.rows) {
            std::string parent;
            for (const ProjectedRange &p : projection.rows)
                if (projection.ranges[p.range].id == row.parentId)
                    parent = std::string(trace->strings.view(projection.ranges[p.range].text));
            parentOf[std::string(trace->strings.view(projection.ranges[row.range].text))] = parent;
        }
        QCOMPARE(parentOf["inner"], std::string("narrow"));
        QCOMPARE(parentOf["narrow"], std::string("outer"));
        QCOMPARE(parentOf["wide"], std::string("outer"));
        QCOMPARE(parentOf["outer"], std::string());
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestAdversarialScaling)
#include "tst_adversarial_scaling.moc"
