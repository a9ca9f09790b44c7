// Chrome-trace export: every shared trace, of every format, written as Chrome
// JSON and read back must give the same events, tracks, flows and summaries
// (exactly, to the nanosecond), less what docs/EXPORT.md lists as lost.
#include "cached_import.h"
#include "cli_run.h"
#include "shared_trace_files.h"
#include "trace_signature.h"

#include "export/chrome_trace_writer.h"
#include "import/importer.h"
#include "model/trace_builder.h"

#include "shared_traces.h"
#include "test_registry.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sstream>

using namespace tracelane;
using namespace tracelane::test;

namespace {

void compareLists(const QStringList &original, const QStringList &back, const char *what)
{
    if (original == back)
        return;
    // Name the first difference rather than dumping both lists.
    qsizetype i = 0;
    while (i < original.size() && i < back.size() && original[i] == back[i])
        ++i;
    qWarning("%s differ (%lld vs %lld lines) at line %lld:\n  original: %s\n  read back: %s", what,
             static_cast<long long>(original.size()), static_cast<long long>(back.size()), static_cast<long long>(i),
             qPrintable(original.value(i)), qPrintable(back.value(i)));
    QFAIL(what);
}

} // namespace

class TestChromeExport : public QObject
{
    Q_OBJECT

private slots:
    void roundTrip_data()
    {
        QTest::addColumn<QString>("path");
        const QStringList traces = sharedTraceFiles();
        QVERIFY2(traces.size() >= 15, "the shared traces were not found");
        for (const QString &path : traces)
            QTest::newRow(qPrintable(QDir(sharedTraces()).relativeFilePath(path))) << path;
        // The hand-written Chrome edge cases: async slices, counters, instants,
        // generic flows, B/E pairs, the legacy autograd profiler's layout.
        const QString data = QStringLiteral(TRACELANE_TEST_DATA "/chrome/");
        for (const char *name : {"async_counters.json", "begin_end_nesting.json", "flows.json", "legacy_autograd.json",
                                 "string_timestamps.json"})
            QTest::newRow(qPrintable(QStringLiteral("data/") + QLatin1String(name))) << data + QLatin1String(name);
        // Memory events: the memory counters made from them are not written,
        // and come back the same from the events when the export is read.
        QTest::newRow("data/profile_memory") << data + QStringLiteral("profile_memory/hta_df_index_resolver.json.gz");
    }
    void roundTrip()
    {
        QFETCH(QString, path);
        const auto original = cachedTrace(path);
        QVERIFY2(original, cachedImport(path).error.c_str());
        QTemporaryDir dir;
        // Gzipped input is written gzipped: both paths of the writer are covered.
        const QString out = dir.filePath(path.endsWith(QLatin1String(".gz")) ? QStringLiteral("out.json.gz")
                                                                             : QStringLiteral("out.json"));
        const ChromeTraceFileResult written = writeChromeTraceFile(*original, out.toStdString());
        QVERIFY2(written.ok(), written.error.c_str());
        QCOMPARE(written.stats.events, original->eventCount());

        const ImportResult back = loadTrace(out.toStdString());
        QVERIFY2(back.ok(), back.error.c_str());
        QCOMPARE(QString::fromStdString(back.trace->source.format), QStringLiteral("chrome-json"));
        QCOMPARE(back.trace->eventCount(), original->eventCount());

        // Chrome traces keep every argument; others gain "correlation" beside the id they held.
        const bool fromChrome = original->source.format == "chrome-json";
        const TraceSignature a = signatureOf(*original, fromChrome, true);
        const TraceSignature b = signatureOf(*back.trace, fromChrome, false);
        compareLists(a.kindCounts, b.kindCounts, "event counts per kind");
        compareLists(a.tracks, b.tracks, "tracks");
        compareLists(a.events, b.events, "events");
        QCOMPARE(qsizetype(written.stats.flows), a.flows.size());
        QCOMPARE(qsizetype(original->flows.size()), a.flows.size() + qsizetype(written.stats.flowsLeftOut));
        compareLists(a.flows, b.flows, "flows");
        compareLists(a.summaries, b.summaries, "summaries");
        QCOMPARE(back.trace->startNs, original->startNs);
        QCOMPARE(back.trace->endNs, original->endNs);
    }

    // Hand-built: what the shared traces do not hold. A flow from an op whose
    // child starts at the same time must come back from the op, not the child;
    // a flow from a ranges lane cannot be written and is counted; a double that
    // happens to be whole stays a double; bytes that are not UTF-8 become U+FFFD.
    void handBuiltEdgeCases()
    {
        TraceBuilder b;
        const std::int32_t thread = b.thread(b.process(10), 11);
        const std::uint32_t cpu = b.threadTrack(thread, TrackKind::CpuThread);
        const std::uint32_t ranges = b.threadTrack(thread, TrackKind::ThreadRanges);
        const std::uint32_t gpu = b.streamTrack(b.stream(b.device(0), 7), TrackKind::GpuStream);
        auto add = [&](std::uint32_t track, TimeNs start, TimeNs duration, const char *name, EventKind kind) {
            Event e;
            e.start = start;
            e.duration = duration;
            e.name = b.intern(name);
            e.kind = kind;
            return b.addEvent(track, e);
        };
        b.args().add(b.intern("whole"), ArgValue::ofDouble(2.0));
        b.args().add(b.intern("bytes"),
                     ArgValue::ofString(b.intern("a\xff\xfe"
                                                 "b")));
        b.args().add(b.intern("shape"), ArgValue::ofJson(b.intern("[[1,2],{\"k\":null}]")));
        const EventRef parent = add(cpu, 1001, 100, "parent", EventKind::CpuOp);
        add(cpu, 1001, 50, "child", EventKind::CpuOp);
        const EventRef range = add(ranges, 1000, 500, "range", EventKind::Range);
        const EventRef kernel = add(gpu, 2000, 300, "kernel", EventKind::Kernel);
        b.addFlow(parent, kernel, FlowKind::Generic);
        b.addFlow(range, kernel, FlowKind::Generic);
        const auto trace = b.finish();

        std::ostringstream text;
        const ChromeTraceWriteStats stats = writeChromeTrace(*trace, text);
        QCOMPARE(stats.flows, 1u);
        QCOMPARE(stats.flowsLeftOut, 1u);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("edge.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray::fromStdString(text.str()));
        file.close();
        const ImportResult back = loadTrace(path.toStdString());
        QVERIFY2(back.ok(), back.error.c_str());
        const Trace &t = *back.trace;
        QCOMPARE(t.flows.size(), std::size_t(1));
        QCOMPARE(t.name(t.flows[0].from), std::string_view("parent"));
        QCOMPARE(t.name(t.flows[0].to), std::string_view("kernel"));
        for (std::uint32_t track = 0; track < t.tracks.size(); ++track) {
            for (std::uint32_t i = 0; i < t.tracks[track].events.size(); ++i) {
                if (t.name({track, i}) != "parent")
                    continue;
                const auto whole = t.arg({track, i}, "whole");
                QVERIFY(whole && whole->type == ArgType::Double && whole->d == 2.0);
                const auto bytes = t.arg({track, i}, "bytes");
                QVERIFY(bytes && bytes->type == ArgType::String);
                QCOMPARE(t.strings.view(bytes->s),
                         std::string_view("a\xEF\xBF\xBD\xEF\xBF\xBD"
                                          "b"));
                const auto shape = t.arg({track, i}, "shape");
                QVERIFY(shape && shape->type == ArgType::Json);
                QCOMPARE(t.strings.view(shape->s), std::string_view("[[1,2],{\"k\":null}]"));
                return;
            }
        }
        QFAIL("the op did not come back");
    }

    // The header that tells viewers to show nanoseconds, and times with three decimals.
    void timesAreMicrosecondsWithThreeDecimals()
    {
        const auto trace = cachedTrace(sharedTraces() + QStringLiteral("nsys/nvtx_cnn.sqlite"));
        QVERIFY(trace);
        std::ostringstream out;
        writeChromeTrace(*trace, out);
        const std::string text = out.str();
        QVERIFY(text.rfind("{\"displayTimeUnit\":\"ns\"", 0) == 0);
        // The first kernel's start as nsys stores it (integer ns), printed in µs.
        const Track *stream = nullptr;
        for (const Track &t : trace->tracks)
            if (t.kind == TrackKind::GpuStream && !t.events.empty())
                stream = &t;
        QVERIFY(stream);
        const TimeNs start = stream->events.front().start;
        const std::string ts = "\"ts\":" + std::to_string(start / 1000) + "."
            + std::to_string(1000 + start % 1000).substr(1);
        QVERIFY2(text.find(ts) != std::string::npos, ts.c_str());
    }

    void cliConvert()
    {
        QTemporaryDir dir;
        const QString in = sharedTraces() + QStringLiteral("kineto/dlrm_train.json.gz");
        const QString out = dir.filePath(QStringLiteral("dlrm.json.gz"));
        const CliRun run = runCli({QStringLiteral("convert"), in, QStringLiteral("-o"), out});
        QVERIFY2(run.finished && run.exitCode == 0, qPrintable(run.err));
        QVERIFY(run.out.startsWith(out));
        const ImportResult back = loadTrace(out.toStdString());
        QVERIFY2(back.ok(), back.error.c_str());
        QCOMPARE(back.trace->eventCount(), cachedTrace(in)->eventCount());
        QVERIFY(run.out.contains(QString::number(back.trace->eventCount()) + QStringLiteral(" events")));
    }

    void cliConvertUsage()
    {
        const CliRun run = runCli({QStringLiteral("convert"), sharedTraces() + QStringLiteral("nsys/nvtx_cnn.sqlite")});
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.err.contains(QLatin1String("-o OUT.json")));
    }

    void writeFailure_data()
    {
        QTest::addColumn<QString>("out");
        QTest::addColumn<QString>("cause");
        QTest::newRow("missing folder") << QStringLiteral("/nonexistent-folder/out.json")
                                        << QStringLiteral("No such file or directory");
        QTest::newRow("missing folder, gzip")
            << QStringLiteral("/nonexistent-folder/out.json.gz") << QStringLiteral("No such file or directory");
        if (QFile::exists(QStringLiteral("/dev/full"))) // every write fails: a full disk
            QTest::newRow("disk full") << QStringLiteral("/dev/full") << QStringLiteral("No space left on device");
    }
    // A clear message naming the file and why, from the library and from the CLI.
    void writeFailure()
    {
        QFETCH(QString, out);
        QFETCH(QString, cause);
        const QString in = sharedTraces() + QStringLiteral("nsys/nvtx_cnn.sqlite");
        const ChromeTraceFileResult result = writeChromeTraceFile(*cachedTrace(in), out.toStdString());
        QVERIFY(!result.ok());
        const QString error = QString::fromStdString(result.error);
        QVERIFY2(error.contains(out) && error.contains(cause), qPrintable(error));
        const CliRun run = runCli({QStringLiteral("convert"), in, QStringLiteral("-o"), out});
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, 3);
        QVERIFY2(run.err.contains(QLatin1String("cannot write ") + out), qPrintable(run.err));
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestChromeExport)
#include "tst_chrome_export.moc"
