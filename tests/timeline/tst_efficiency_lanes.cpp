// Idle gap shading and queue depth lanes on real traces: the View toggles add
// and remove a queue lane under each GPU stream, hovering a lane tells the
// depth counted here from the launch calls and operations themselves, and the
// rendered shading covers the gaps, not the operations, in its cause's colour,
// and tracelane-cli render draws both on request. Gaps and depths are
// recomputed here from the trace's events and launch flows, not taken from the
// analyses under test.
#include "main_window.h"

#include "cached_import.h"
#include "cli_run.h"
#include "model/trace_builder.h"
#include "timeline/timeline_image.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_view.h"
#include "timeline/track_tree.h"
#include "timeline/zoom_control.h"

#include "idle_colours.h"
#include "shared_traces.h"
#include "test_registry.h"

#include <QAction>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <map>

using namespace tracelane;
using tracelane::test::causeColour;
using tracelane::test::sharedTrace;

namespace {

struct LaunchedOp
{
    std::uint32_t index = 0; // on the stream's track
    TimeNs launch = 0;       // start of the earliest launch call
    bool launched = false;
};

// The GPU ops of a stream track in start order, each with its earliest launch call.
std::vector<LaunchedOp> streamOps(const Trace &trace, std::uint32_t track)
{
    std::vector<LaunchedOp> ops;
    const auto &events = trace.tracks[track].events;
    for (std::uint32_t i = 0; i < events.size(); ++i) {
        if (!isGpuWork(events[i].kind))
            continue;
        LaunchedOp op{i, 0, false};
        for (const Flow *flow : trace.flowsTo({track, i})) {
            if (flow->kind != FlowKind::Launch)
                continue;
            const TimeNs start = trace.event(flow->from).start;
            if (!op.launched || start < op.launch)
                op.launch = start;
            op.launched = true;
        }
        ops.push_back(op);
    }
    return ops;
}

// Launched and not yet started at `t`: a launch at t counts, an op starting at t
// has started; an op whose clock reads before its launch starts with the launch.
int depthAt(const Trace &trace, std::uint32_t track, const std::vector<LaunchedOp> &ops, TimeNs t)
{
    int depth = 0;
    for (const LaunchedOp &op : ops)
        if (op.launched && op.launch <= t && std::max(op.launch, trace.tracks[track].events[op.index].start) > t)
            ++depth;
    return depth;
}

std::vector<std::uint32_t> launchedStreams(const Trace &trace)
{
    std::vector<std::uint32_t> tracks;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        if (trace.tracks[t].kind != TrackKind::GpuStream)
            continue;
        const auto ops = streamOps(trace, t);
        if (std::any_of(ops.begin(), ops.end(), [](const LaunchedOp &op) { return op.launched; }))
            tracks.push_back(t);
    }
    return tracks;
}

struct Gap
{
    TimeNs start = 0, end = 0;
    IdleCause cause = IdleCause::Other;
    std::uint32_t next = 0; // the op after it
};

// docs/ANALYSIS_EFFICIENCY.md, section 2, written out again.
std::vector<Gap> gapsOf(const Trace &trace, std::uint32_t track)
{
    std::vector<Gap> gaps;
    const auto &events = trace.tracks[track].events;
    TimeNs idleSince = 0;
    bool first = true;
    for (const LaunchedOp &op : streamOps(trace, track)) {
        const Event &e = events[op.index];
        if (!first && e.start > idleSince) {
            IdleCause cause = IdleCause::Other;
            if (op.launched && op.launch > idleSince)
                cause = IdleCause::HostWait;
            else if (e.start - idleSince < 30'000)
                cause = IdleCause::KernelWait;
            gaps.push_back(Gap{idleSince, e.start, cause, op.index});
        }
        idleSince = first ? e.end() : std::max(idleSince, e.end());
        first = false;
    }
    return gaps;
}

// No event of the track (ops, syncs, annotations at any depth) within [from, to).
bool nothingElseIn(const Trace &trace, std::uint32_t track, TimeNs from, TimeNs to, std::uint32_t except)
{
    const auto &events = trace.tracks[track].events;
    for (std::uint32_t i = 0; i < events.size(); ++i)
        if (i != except && events[i].start < to && events[i].end() > from)
            return false;
    return true;
}

struct Picture
{
    QImage image;
    TimeAxis axis;
    int y = 0; // the middle of the stream's first row, in image pixels
    int gutter = TimelineView::kGutterWidth;

    QRgb at(TimeNs columnOf, int dx = 0) const
    {
        return image.pixel(gutter + int(std::floor(axis.xOf(columnOf))) + dx, y);
    }
    QRgb atColumn(int x) const { return image.pixel(gutter + x, y); }
    int column(TimeNs t) const { return int(std::floor(axis.xOf(t))); }
};

Picture render(const TimelineModel &model, std::uint32_t track, TimeNs from, TimeNs to)
{
    const LayoutRows rows = model.layout().rows(RowMetrics{}, model.trace().tracks.size(), false);
    const int top = rows.rows[std::size_t(rows.rowOfTrack[track])].span.top;
    RenderOptions options;
    options.size = QSize(1600, 600);
    options.from = from;
    options.to = to;
    options.idleGaps = true;
    options.scrollY = std::max(0, top - 100);
    Picture p;
    p.image = renderTimeline(model, options);
    const auto [start, end] = renderRange(model, options);
    p.axis = TimeAxis{start, end, double(options.size.width() - p.gutter)};
    p.y = TimelineView::kRulerHeight + rows.screenY(top, options.scrollY) + RowMetrics{}.rowHeight / 2;
    return p;
}

bool isIdleColour(QRgb c, const TimelinePalette &palette)
{
    return c == palette.idleHostWait.rgb() || c == palette.idleKernelWait.rgb() || c == palette.idleOther.rgb();
}

} // namespace

class TestEfficiencyLanes : public QObject
{
    Q_OBJECT

    std::unique_ptr<MainWindow> m_window;

    QAction *action(const char *name) { return m_window->findChild<QAction *>(QLatin1String(name)); }
    TimelineView *view() { return m_window->timeline(); }

    void show(const QString &relative)
    {
        const auto trace = test::cachedTrace(sharedTrace(relative));
        QVERIFY2(trace, test::cachedImport(sharedTrace(relative)).error.c_str());
        m_window->showModel(std::make_shared<TimelineModel>(trace), relative);
    }

    // Queue lane rows as (row index, track).
    std::vector<std::pair<int, std::int32_t>> queueRows()
    {
        const TimelineModel &model = *view()->model();
        const LayoutRows rows = model.layout().rows(RowMetrics{}, model.trace().tracks.size());
        std::vector<std::pair<int, std::int32_t>> found;
        for (std::size_t i = 0; i < rows.rows.size(); ++i)
            if (rows.rows[i].lane == LaneKind::QueueDepth)
                found.emplace_back(int(i), rows.rows[i].track);
        return found;
    }

    int treeItemsNamed(const QString &label)
    {
        int n = 0;
        for (QTreeWidgetItemIterator it(m_window->trackTree()); *it; ++it)
            n += (*it)->text(0) == label;
        return n;
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("TracelaneTests"));
        // A settings file of its own: other test programs running beside this one read "view/" too.
        QCoreApplication::setApplicationName(QStringLiteral("tst_efficiency_lanes"));
    }

    void init()
    {
        QSettings().remove(QStringLiteral("view"));
        m_window = std::make_unique<MainWindow>();
        m_window->setErrorReporter([](const QString &, const QString &message) { QFAIL(qPrintable(message)); });
        m_window->resize(1400, 800);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }

    void cleanup() { m_window.reset(); }

    void togglesStartOffAndAreRemembered()
    {
        QVERIFY(action("showIdleGaps") && action("showQueueDepth"));
        QVERIFY(!action("showIdleGaps")->isChecked());
        QVERIFY(!action("showQueueDepth")->isChecked());
        action("showIdleGaps")->setChecked(true);
        action("showQueueDepth")->setChecked(true);
        QVERIFY(view()->showIdleGaps() && view()->showQueueDepth());
        m_window = std::make_unique<MainWindow>();
        QVERIFY(action("showIdleGaps")->isChecked());
        QVERIFY(action("showQueueDepth")->isChecked());
        QVERIFY(view()->showIdleGaps() && view()->showQueueDepth());
        action("showQueueDepth")->setChecked(false);
        m_window = std::make_unique<MainWindow>();
        QVERIFY(action("showIdleGaps")->isChecked());
        QVERIFY(!action("showQueueDepth")->isChecked());
    }

    void queueLaneUnderEachStream_data()
    {
        QTest::addColumn<QString>("trace");
        QTest::addColumn<int>("streams"); // with launched operations
        QTest::newRow("kineto, two streams") << QStringLiteral("kineto/transformer_train_2streams.json.gz") << 2;
        QTest::newRow("nsys") << QStringLiteral("nsys/nvtx_cnn.sqlite") << 3;
        QTest::newRow("opencl") << QStringLiteral("opencl/dvdt_prof_armcl.json") << 1;
    }
    void queueLaneUnderEachStream()
    {
        QFETCH(QString, trace);
        QFETCH(int, streams);
        show(trace);
        const Trace &t = view()->model()->trace();
        const auto expected = launchedStreams(t);
        QCOMPARE(int(expected.size()), streams);
        const QString label = QStringLiteral("Queue depth");
        QVERIFY(queueRows().empty());
        QCOMPARE(treeItemsNamed(label), 0);

        action("showQueueDepth")->setChecked(true);
        const TimelineModel &model = *view()->model();
        const LayoutRows rows = model.layout().rows(RowMetrics{}, t.tracks.size());
        const auto lanes = queueRows();
        QCOMPARE(int(lanes.size()), streams);
        for (std::uint32_t track : expected) {
            // Right under its stream's row, drawing that stream's queue.
            const int streamRow = rows.rowOfTrack[track];
            QVERIFY(streamRow >= 0);
            QVERIFY(std::size_t(streamRow + 1) < rows.rows.size());
            QCOMPARE(rows.rows[std::size_t(streamRow + 1)].lane, LaneKind::QueueDepth);
            QCOMPARE(rows.rows[std::size_t(streamRow + 1)].track, std::int32_t(track));
            QCOMPARE(rows.rows[std::size_t(streamRow + 1)].span.height,
                     RowMetrics{}.counterHeight + RowMetrics{}.trackGap);
        }
        QCOMPARE(treeItemsNamed(label), streams);

        // Hidden for one stream from the Tracks list, like any lane.
        QTreeWidgetItem *queueItem = nullptr;
        for (QTreeWidgetItemIterator it(m_window->trackTree()); *it && !queueItem; ++it)
            if ((*it)->text(0) == label)
                queueItem = *it;
        QVERIFY(queueItem && queueItem->parent());
        queueItem->setCheckState(0, Qt::Unchecked);
        QCOMPARE(int(queueRows().size()), streams - 1);

        action("showQueueDepth")->setChecked(false);
        QVERIFY(queueRows().empty());
        QCOMPARE(treeItemsNamed(label), 0);
        // Back on: the stream hidden from the list stays hidden.
        action("showQueueDepth")->setChecked(true);
        QCOMPARE(int(queueRows().size()), streams - 1);
    }

    void hoverTellsTheQueueDepth_data()
    {
        QTest::addColumn<QString>("trace");
        QTest::newRow("kineto, two streams") << QStringLiteral("kineto/transformer_train_2streams.json.gz");
        QTest::newRow("nsys") << QStringLiteral("nsys/nvtx_cnn.sqlite");
        QTest::newRow("opencl") << QStringLiteral("opencl/dvdt_prof_armcl.json");
    }
    void hoverTellsTheQueueDepth()
    {
        QFETCH(QString, trace);
        show(trace);
        action("showQueueDepth")->setChecked(true);
        const Trace &t = view()->model()->trace();
        const int width = view()->viewport()->width() - TimelineView::kGutterWidth;
        QVERIFY(width > 400);
        int checked = 0, deepest = 0;
        for (std::uint32_t track : launchedStreams(t)) {
            const auto ops = streamOps(t, track);
            // Times worth asking about: a launch instant, just before an op starts,
            // and where the queue is deepest.
            std::vector<TimeNs> times;
            const LaunchedOp &middle = ops[ops.size() / 2];
            if (middle.launched)
                times.push_back(middle.launch);
            times.push_back(t.tracks[track].events[middle.index].start - 1);
            TimeNs deepAt = 0;
            int deepDepth = -1;
            for (const LaunchedOp &op : ops) {
                const int d = op.launched ? depthAt(t, track, ops, op.launch) : -1;
                if (d > deepDepth) {
                    deepDepth = d;
                    deepAt = op.launch;
                }
            }
            times.push_back(deepAt);

            for (TimeNs time : times) {
                // 1 ns per pixel, `time` at x = 100.
                view()->zoomControl()->setRange(time - 100, time - 100 + width);
                const LayoutRows &rows = view()->model()->layout().rows(RowMetrics{}, t.tracks.size());
                const int row = rows.rowOfTrack[track] + 1;
                QCOMPARE(rows.rows[std::size_t(row)].lane, LaneKind::QueueDepth);
                view()->verticalScrollBar()->setValue(rows.rows[std::size_t(row)].span.top - 60);
                const int scroll = view()->verticalScrollBar()->value();
                const QPoint pos(TimelineView::kGutterWidth + 100,
                                 TimelineView::kRulerHeight + rows.screenY(rows.rows[std::size_t(row)].span.top, scroll)
                                     + 20);
                const TimeAxis axis{view()->zoomControl()->rangeStart(), view()->zoomControl()->rangeEnd(),
                                    double(width)};
                const TimeNs at = axis.timeAt(100);
                const QString tip = view()->toolTipAt(pos);
                const auto match = QRegularExpression(QStringLiteral("^Queue depth: (\\d+) at ")).match(tip);
                QVERIFY2(match.hasMatch(), qPrintable(tip));
                QCOMPARE(match.captured(1).toInt(), depthAt(t, track, ops, at));
                deepest = std::max(deepest, match.captured(1).toInt());
                ++checked;
            }
        }
        QVERIFY(checked >= 3);
        QVERIFY(deepest >= 1);
        if (trace.startsWith(QLatin1String("kineto")))
            QCOMPARE(deepest, 320); // what `tracelane-cli queue` reports as Max for stream 7
    }

    void shadingCoversTheGapsInTheirColour_data()
    {
        QTest::addColumn<QString>("trace");
        QTest::addColumn<int>("causes"); // kinds of cause the trace has
        QTest::newRow("kineto, two streams") << QStringLiteral("kineto/transformer_train_2streams.json.gz") << 2;
        QTest::newRow("nsys") << QStringLiteral("nsys/nvtx_cnn.sqlite") << 2;
        QTest::newRow("opencl") << QStringLiteral("opencl/dvdt_prof_armcl.json") << 1;
    }
    void shadingCoversTheGapsInTheirColour()
    {
        QFETCH(QString, trace);
        QFETCH(int, causes);
        const auto loaded = test::cachedTrace(sharedTrace(trace));
        QVERIFY(loaded);
        const TimelineModel model(loaded);
        const Trace &t = *loaded;
        const TimelinePalette palette = TimelinePalette::light();
        // Per cause, the longest gap with nothing else drawn in it (a sync event would cover the shading).
        std::map<IdleCause, std::pair<std::uint32_t, Gap>> longest;
        for (std::uint32_t track = 0; track < t.tracks.size(); ++track) {
            if (t.tracks[track].kind != TrackKind::GpuStream)
                continue;
            for (const Gap &gap : gapsOf(t, track)) {
                auto it = longest.find(gap.cause);
                if ((it == longest.end() || gap.end - gap.start > it->second.second.end - it->second.second.start)
                    && nothingElseIn(t, track, gap.start, gap.end, ~0u))
                    longest[gap.cause] = {track, gap};
            }
        }
        int opsChecked = 0;
        for (const auto &[cause, found] : longest) {
            const auto &[track, gap] = found;
            const auto &events = t.tracks[track].events;
            const TimeNs length = gap.end - gap.start;
            // The gap in the middle third of the picture.
            const Picture p = render(model, track, gap.start - length, gap.end + length);
            const QRgb colour = causeColour(palette, cause);
            const int first = p.column(gap.start), last = p.column(gap.end) - 1;
            QVERIFY2(last - first > 100, qPrintable(QString::number(last - first)));
            int shaded = 0;
            for (int x = first + 1; x < last; ++x) {
                const QRgb c = p.atColumn(x);
                if (c == palette.tick.rgb())
                    continue; // a grid line crosses the gap
                QCOMPARE(c, colour);
                ++shaded;
            }
            QVERIFY(shaded > (last - first) / 2);
            // The op after the gap, in the middle third: its pixels are its own
            // colour, the pixel before it is still the gap.
            const Event &next = events[gap.next];
            if (next.duration >= 20 && nothingElseIn(t, track, next.start, next.end(), gap.next)) {
                const Picture q = render(model, track, next.start - next.duration, next.end() + next.duration);
                // Its name is written across it: most pixels, not all, are its colour.
                const QRgb own = model.nameColor(next.name, false);
                int ownPixels = 0, pixels = 0;
                for (int x = q.column(next.start) + 1; x < q.column(next.end()) - 1; ++x, ++pixels) {
                    QVERIFY(!isIdleColour(q.atColumn(x), palette));
                    ownPixels += q.atColumn(x) == own;
                }
                QVERIFY2(ownPixels > pixels / 2, qPrintable(QStringLiteral("%1 of %2").arg(ownPixels).arg(pixels)));
                if (q.axis.xOf(gap.end) - q.axis.xOf(std::max(gap.start, q.axis.start)) >= 2.0)
                    QCOMPARE(q.atColumn(q.column(next.start) - 1), colour);
                ++opsChecked;
            }
        }
        QCOMPARE(int(longest.size()), causes);
        QVERIFY(opsChecked >= 1);

        // Shading off: not one pixel of any idle colour.
        RenderOptions plain;
        plain.size = QSize(1600, 600);
        const QImage image = renderTimeline(model, plain);
        for (int y = 0; y < image.height(); y += 2)
            for (int x = TimelineView::kGutterWidth; x < image.width(); x += 2)
                QVERIFY(!isIdleColour(image.pixel(x, y), palette));
    }

    // tracelane-cli render draws both on request, and neither by default.
    void renderCommandDrawsThem()
    {
        QTemporaryDir dir;
        const QString trace = sharedTrace(QStringLiteral("kineto/transformer_train_2streams.json.gz"));
        const QString with = dir.filePath(QStringLiteral("with.png")),
                      without = dir.filePath(QStringLiteral("without.png"));
        const QStringList common{QStringLiteral("render"), trace, QStringLiteral("--size"), QStringLiteral("1600x900")};
        const auto run = test::runCli(
            common
            + QStringList{QStringLiteral("-o"), with, QStringLiteral("--idle-gaps"), QStringLiteral("--queue-depth")});
        QVERIFY2(run.finished && run.exitCode == 0, qPrintable(run.err));
        QCOMPARE(test::runCli(common + QStringList{QStringLiteral("-o"), without}).exitCode, 0);
        const TimelinePalette palette = TimelinePalette::light();
        const auto count = [](const QImage &image, QRgb colour) {
            int n = 0;
            for (int y = 0; y < image.height(); ++y)
                for (int x = TimelineView::kGutterWidth; x < image.width(); ++x)
                    n += image.pixel(x, y) == colour;
            return n;
        };
        const QImage shown(with), plain(without);
        QCOMPARE(shown.size(), QSize(1600, 900));
        // Stream 46 waits for the host between its prefetches: a long band at full view.
        QVERIFY(count(shown, palette.idleHostWait.rgb()) > 10'000);
        QVERIFY(count(shown, palette.queueFill.rgb()) > 1'000);
        QCOMPARE(count(plain, palette.idleHostWait.rgb()), 0);
        QCOMPARE(count(plain, palette.queueFill.rgb()), 0);

        const auto bench = test::runCli({QStringLiteral("render"), trace, QStringLiteral("--bench"),
                                         QStringLiteral("--size"), QStringLiteral("800x600"),
                                         QStringLiteral("--idle-gaps")});
        QCOMPARE(bench.exitCode, 0);
        QVERIFY2(bench.out.contains(QStringLiteral("\"idle_gaps\": true, \"queue_depth\": false")),
                 qPrintable(bench.out));
    }

    // The cause no real trace here has ("other": launched in time, idle 30 µs or
    // longer), on a trace built by hand, and the gap's tooltip.
    void otherGapsAndTheirToolTip()
    {
        TraceBuilder b;
        const auto thread = b.thread(b.process(1), 1);
        const auto api = b.threadTrack(thread, TrackKind::ThreadApi);
        const auto gpu = b.streamTrack(b.stream(b.device(0), 7), TrackKind::GpuStream);
        const StringId launch = b.intern("cudaLaunchKernel");
        b.addEvent(api, Event{0, 1000, launch, kNoArgs, 1, EventKind::ApiCall});
        b.addEvent(api, Event{2000, 1000, launch, kNoArgs, 2, EventKind::ApiCall});
        b.addEvent(gpu, Event{10'000, 5000, b.intern("first_kernel"), kNoArgs, 1, EventKind::Kernel});
        b.addEvent(gpu, Event{115'000, 5000, b.intern("second_kernel"), kNoArgs, 2, EventKind::Kernel});
        const auto model = std::make_shared<TimelineModel>(b.finish());
        m_window->showModel(model, QStringLiteral("hand-built.json"));
        action("showIdleGaps")->setChecked(true);
        const int width = view()->viewport()->width() - TimelineView::kGutterWidth;
        view()->zoomControl()->setRange(0, 130'000);
        const LayoutRows rows = model->layout().rows(RowMetrics{}, model->trace().tracks.size());
        const std::uint32_t stream = launchedStreams(model->trace()).at(0);
        const int top = rows.screenY(rows.rows[std::size_t(rows.rowOfTrack[stream])].span.top,
                                     view()->verticalScrollBar()->value()); // streams may open pinned
        const TimeAxis axis{0, 130'000, double(width)};
        const QPoint inGap(TimelineView::kGutterWidth + int(axis.xOf(60'000)), TimelineView::kRulerHeight + top + 9);
        const QString tip = view()->toolTipAt(inGap);
        QVERIFY2(tip.startsWith(QStringLiteral("Idle ")) && tip.contains(QStringLiteral(": other\n")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("Next: second_kernel, launched by cudaLaunchKernel")), qPrintable(tip));
        const QImage grabbed = view()->viewport()->grab().toImage();
        QCOMPARE(grabbed.pixel(inGap), TimelinePalette::light().idleOther.rgb());
        // The stream's title explains the colours.
        QVERIFY(view()->toolTipAt(QPoint(40, inGap.y())).contains(QStringLiteral("host wait")));
        action("showIdleGaps")->setChecked(false);
        QVERIFY(!view()->toolTipAt(inGap).startsWith(QStringLiteral("Idle")));
    }
};

TRACELANE_TEST_MAIN(TestEfficiencyLanes)
#include "tst_efficiency_lanes.moc"
