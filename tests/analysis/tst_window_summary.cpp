// The window summary (area selection, `tracelane-cli window`) on shared traces,
// against a brute-force pass written here: every event of every track clipped
// to the window by hand, grouped with the test's own table of kinds, and the
// GPU's busy time from a sweep over all GPU work. Windows: a slice of the
// middle, one cutting through the trace's longest event, one in a gap with no
// events, and one track only. tracelane-cli window must print the same rows.
#include "analysis/window/window_summary.h"
#include "cached_import.h"
#include "cli_run.h"

#include "shared_traces.h"
#include "test_registry.h"

#include <QtTest>

#include <map>
#include <tuple>

using namespace tracelane;
using namespace tracelane::test;

namespace {

// Written out independently of windowGroupOf().
std::string groupByHand(const Trace &trace, std::uint32_t track, const Event &e)
{
    const bool cpu = trace.tracks[track].kind == TrackKind::CpuThread;
    switch (e.kind) {
    case EventKind::CpuOp: return "CPU ops";
    case EventKind::Slice: return cpu ? "CPU ops" : "Other";
    case EventKind::PythonFunction: return "Python";
    case EventKind::Range:
    case EventKind::GpuRange:
    case EventKind::Async: return "Ranges";
    case EventKind::ApiCall: return "API calls";
    case EventKind::Kernel: return "Kernels";
    case EventKind::Memcpy:
    case EventKind::Memset: return "Memory ops";
    default: return "Other";
    }
}

struct Expected
{
    long long count = 0, total = 0, min = -1, max = 0;
};
using Key = std::pair<std::string, std::string>; // group, name

struct BruteForce
{
    std::map<Key, Expected> rows;
    TimeNs gpuBusy = 0;
};

BruteForce bruteForce(const Trace &trace, TimeNs from, TimeNs to, const std::vector<std::uint32_t> &tracks)
{
    BruteForce out;
    std::vector<std::pair<TimeNs, TimeNs>> busy;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const bool asked = tracks.empty() || std::find(tracks.begin(), tracks.end(), t) != tracks.end();
        for (const Event &e : trace.tracks[t].events) {
            if (trace.tracks[t].kind == TrackKind::Counter)
                break;
            const bool inside = e.duration == 0 ? (e.start >= from && e.start < to) : (e.start < to && e.end() > from);
            if (!inside)
                continue;
            const TimeNs a = std::max(e.start, from), b = std::min(e.end(), to);
            if (asked) {
                Expected &x = out.rows[{groupByHand(trace, t, e), std::string(trace.strings.view(e.name))}];
                ++x.count;
                x.total += b - a;
                x.min = x.min < 0 ? b - a : std::min<long long>(x.min, b - a);
                x.max = std::max<long long>(x.max, b - a);
            }
            if (trace.tracks[t].kind == TrackKind::GpuStream
                && (e.kind == EventKind::Kernel || e.kind == EventKind::Memcpy || e.kind == EventKind::Memset) && b > a)
                busy.emplace_back(a, b);
        }
    }
    std::sort(busy.begin(), busy.end());
    TimeNs reached = std::numeric_limits<TimeNs>::min();
    for (const auto &[a, b] : busy) {
        if (b > reached) {
            out.gpuBusy += b - std::max(a, reached);
            reached = b;
        }
    }
    return out;
}

// A stretch of the trace where no event of any track lies (nullopt if none).
std::optional<std::pair<TimeNs, TimeNs>> emptyStretch(const Trace &trace)
{
    std::vector<std::pair<TimeNs, TimeNs>> all;
    for (const Track &track : trace.tracks)
        for (const Event &e : track.events)
            all.emplace_back(e.start, e.end());
    std::sort(all.begin(), all.end());
    TimeNs reached = trace.startNs;
    for (const auto &[a, b] : all) {
        if (a > reached + 2)
            return std::make_pair(reached + 1, a - 1);
        reached = std::max(reached, b);
    }
    return std::nullopt;
}

void compare(const Trace &trace, const WindowSummary &summary, const BruteForce &expected)
{
    QCOMPARE(summary.rows.size(), expected.rows.size());
    for (std::size_t i = 0; i < summary.rows.size(); ++i) {
        const WindowRow &row = summary.rows[i];
        const Key key{std::string(windowGroupName(row.group)), std::string(trace.strings.view(row.name))};
        const auto it = expected.rows.find(key);
        QVERIFY2(it != expected.rows.end(), (key.first + " / " + key.second).c_str());
        QCOMPARE(row.count, it->second.count);
        QCOMPARE(row.total, it->second.total);
        QCOMPARE(row.min, it->second.min);
        QCOMPARE(row.max, it->second.max);
        QVERIFY(std::abs(row.mean - double(row.total) / double(row.count)) < 1e-6 * std::max(1.0, row.mean));
        if (i > 0)
            QVERIFY(summary.rows[i - 1].total >= row.total);
    }
    QCOMPARE(summary.gpuBusy, expected.gpuBusy);
    QCOMPARE(summary.gpuIdle, summary.window.length() - expected.gpuBusy);
}

// The longest event of the trace, by duration.
EventRef longestEvent(const Trace &trace)
{
    EventRef best;
    TimeNs longest = -1;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t)
        for (std::uint32_t i = 0; i < trace.tracks[t].events.size(); ++i)
            if (trace.tracks[t].kind != TrackKind::Counter && trace.tracks[t].events[i].duration > longest) {
                longest = trace.tracks[t].events[i].duration;
                best = {t, i};
            }
    return best;
}

} // namespace

class TestWindowSummary : public QObject
{
    Q_OBJECT

private slots:
    void matchesBruteForce_data();
    void matchesBruteForce();
    void instancesOfARow();
    void cliPrintsTheSameRows();
    void cliRejectsBadArguments_data();
    void cliRejectsBadArguments();
};

void TestWindowSummary::matchesBruteForce_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("window");
    const QStringList files = {QStringLiteral("kineto/resnet50_train.json.gz"),
                               QStringLiteral("kineto/transformer_train_2streams.json.gz"),
                               QStringLiteral("hta/triton_example.json.gz"), QStringLiteral("nsys/nvtx_cnn.sqlite")};
    for (const QString &file : files)
        for (const char *window : {"middle", "through longest", "empty", "gpu track only", "whole trace"})
            QTest::addRow("%s %s", qPrintable(file), window) << file << QString::fromLatin1(window);
}

void TestWindowSummary::matchesBruteForce()
{
    QFETCH(QString, file);
    QFETCH(QString, window);
    const auto trace = cachedTrace(sharedTraces() + file);
    QVERIFY2(trace, cachedImport(sharedTraces() + file).error.c_str());
    const DepthIndex index(*trace);
    const TimeNs span = trace->endNs - trace->startNs;
    TimeNs from = trace->startNs + span * 2 / 5, to = trace->startNs + span / 2;
    std::vector<std::uint32_t> tracks;
    if (window == QLatin1String("through longest")) {
        // Both edges inside the longest event: it and its long neighbours are cut on both sides.
        const Event &e = trace->event(longestEvent(*trace));
        from = e.start + e.duration / 3;
        to = e.start + e.duration * 2 / 3;
        QVERIFY(to > from);
    } else if (window == QLatin1String("empty")) {
        // A stretch inside the trace without events; where events cover the whole
        // trace, the microsecond before its start, where nothing can lie.
        const auto gap = emptyStretch(*trace);
        std::tie(from, to) = gap ? *gap : std::pair<TimeNs, TimeNs>{trace->startNs - 1000, trace->startNs};
    } else if (window == QLatin1String("gpu track only")) {
        // The busiest stream, over the middle third of its own events.
        for (std::uint32_t t = 0; t < trace->tracks.size(); ++t)
            if (trace->tracks[t].kind == TrackKind::GpuStream
                && (tracks.empty() || trace->tracks[t].events.size() > trace->tracks[tracks[0]].events.size()))
                tracks = {t};
        QVERIFY(!tracks.empty());
        const std::vector<Event> &events = trace->tracks[tracks[0]].events;
        from = events[events.size() / 3].start + 1;
        to = events[events.size() * 2 / 3].end() - 1;
    } else if (window == QLatin1String("whole trace")) {
        from = trace->startNs;
        to = trace->endNs;
    }
    const WindowSummary summary = summarizeWindow(*trace, index, {from, to}, tracks);
    const BruteForce expected = bruteForce(*trace, from, to, tracks);
    compare(*trace, summary, expected);
    if (window == QLatin1String("empty"))
        QVERIFY(summary.rows.empty());
    else if (window != QLatin1String("middle")) // the middle may fall in a pause
        QVERIFY(!summary.rows.empty());
    QCOMPARE(summary.trackCount, tracks.empty() ? trace->tracks.size() : tracks.size());
}

void TestWindowSummary::instancesOfARow()
{
    const auto trace = cachedTrace(sharedTraces() + QStringLiteral("kineto/resnet50_train.json.gz"));
    QVERIFY(trace);
    const DepthIndex index(*trace);
    const TimeNs span = trace->endNs - trace->startNs;
    const TimeWindow window{trace->startNs + span / 4, trace->startNs + span / 3};
    const WindowSummary summary = summarizeWindow(*trace, index, window);
    QVERIFY(summary.rows.size() > 3);
    for (const WindowRow &row : {summary.rows.front(), summary.rows[summary.rows.size() / 2], summary.rows.back()}) {
        const std::vector<EventRef> refs = windowInstances(*trace, index, window, {}, row.group, row.name);
        QCOMPARE(std::int64_t(refs.size()), row.count);
        TimeNs total = 0;
        for (const EventRef ref : refs) {
            QCOMPARE(trace->event(ref).name, row.name);
            total += window.clip(trace->event(ref));
        }
        QCOMPARE(total, row.total);
    }
}

void TestWindowSummary::cliPrintsTheSameRows()
{
    const QString file = sharedTraces() + QStringLiteral("kineto/transformer_train_2streams.json.gz");
    const auto trace = cachedTrace(file);
    QVERIFY(trace);
    const TimeNs span = trace->endNs - trace->startNs;
    const TimeNs from = span / 3, to = span / 3 + span / 10;
    const CliRun run = runCli({QStringLiteral("window"), file, QStringLiteral("--from"), QString::number(from),
                               QStringLiteral("--to"), QString::number(to), QStringLiteral("--format"),
                               QStringLiteral("csv")});
    QVERIFY(run.finished);
    QCOMPARE(run.exitCode, 0);
    QStringList lines = run.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.takeFirst(), QStringLiteral("Kind,Name,Count,Total (ns),Mean (ns),Min (ns),Max (ns)"));
    const BruteForce expected = bruteForce(*trace, trace->startNs + from, trace->startNs + to, {});
    QCOMPARE(std::size_t(lines.size()), expected.rows.size());
    long long previousTotal = std::numeric_limits<long long>::max();
    for (const QString &line : lines) {
        // Names may hold commas (quoted): read the numbers from the right.
        const QStringList cells = line.split(QLatin1Char(','));
        QVERIFY(cells.size() >= 7);
        const long long total = cells[cells.size() - 4].toLongLong();
        QVERIFY(total <= previousTotal);
        previousTotal = total;
        QString name = cells.mid(1, cells.size() - 6).join(QLatin1Char(','));
        if (name.startsWith(QLatin1Char('"')))
            name = name.mid(1, name.size() - 2).replace(QStringLiteral("\"\""), QStringLiteral("\""));
        const auto it = expected.rows.find({cells[0].toStdString(), name.toStdString()});
        QVERIFY2(it != expected.rows.end(), qPrintable(line));
        QCOMPARE(cells[cells.size() - 5].toLongLong(), it->second.count);
        QCOMPARE(total, it->second.total);
        QCOMPARE(cells[cells.size() - 2].toLongLong(), it->second.min);
        QCOMPARE(cells[cells.size() - 1].toLongLong(), it->second.max);
    }
    const CliRun text = runCli({QStringLiteral("window"), file, QStringLiteral("--from"), QString::number(from),
                                QStringLiteral("--to"), QString::number(to)});
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.out.contains(QStringLiteral("GPU busy (ns): %1 ").arg(expected.gpuBusy)), qPrintable(text.out));
}

void TestWindowSummary::cliRejectsBadArguments_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::addRow("no --to") << QStringList{QStringLiteral("--from"), QStringLiteral("0")}
                             << QStringLiteral("required");
    QTest::addRow("to before from") << QStringList{QStringLiteral("--from"), QStringLiteral("500"),
                                                   QStringLiteral("--to"), QStringLiteral("100")}
                                    << QStringLiteral("greater than --from");
    QTest::addRow("empty window") << QStringList{QStringLiteral("--from"), QStringLiteral("100"),
                                                 QStringLiteral("--to"), QStringLiteral("100")}
                                  << QStringLiteral("greater than --from");
    QTest::addRow("not a number") << QStringList{QStringLiteral("--from"), QStringLiteral("ten"),
                                                 QStringLiteral("--to"), QStringLiteral("100")}
                                  << QStringLiteral("nanoseconds");
    QTest::addRow("negative") << QStringList{QStringLiteral("--from"), QStringLiteral("-5"), QStringLiteral("--to"),
                                             QStringLiteral("100")}
                              << QStringLiteral("negative");
    QTest::addRow("past the end") << QStringList{QStringLiteral("--from"), QStringLiteral("0"), QStringLiteral("--to"),
                                                 QStringLiteral("999999999999999")}
                                  << QStringLiteral("past the trace's end");
    QTest::addRow("bad tracks") << QStringList{QStringLiteral("--from"),   QStringLiteral("0"),
                                               QStringLiteral("--to"),     QStringLiteral("100"),
                                               QStringLiteral("--tracks"), QStringLiteral("1,x")}
                                << QStringLiteral("--tracks");
    QTest::addRow("unknown track") << QStringList{QStringLiteral("--from"),   QStringLiteral("0"),
                                                  QStringLiteral("--to"),     QStringLiteral("100"),
                                                  QStringLiteral("--tracks"), QStringLiteral("100000")}
                                   << QStringLiteral("no track 100000");
}

void TestWindowSummary::cliRejectsBadArguments()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const CliRun run = runCli(
        QStringList{QStringLiteral("window"), sharedTraces() + QStringLiteral("kineto/dlrm_train.json.gz")} + args);
    QVERIFY(run.finished);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(message), qPrintable(run.err));
    QVERIFY(run.out.isEmpty());
}

TRACELANE_TEST_GUILESS_MAIN(TestWindowSummary)
#include "tst_window_summary.moc"
