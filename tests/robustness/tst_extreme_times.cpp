// Timestamps and durations near ±2^63 ns, and microseconds that overflow when
// multiplied by 1000, in every importer and every analysis. Each importer must
// keep what fits, skip or cut what does not (counted in diagnostics, first
// offender named), and every analysis must run on the result without signed
// overflow: under the asan preset UBSan aborts the test on any.
#include "cli_run.h"
#include "direct_sql.h"

#include "analysis/summaries/duration_stats.h"
#include "analysis/summaries/kernel_summary.h"
#include "import/importer.h"
#include "model/time_math.h"

#include "test_files.h"
#include "test_registry.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <limits>

using namespace tracelane;
using tracelane::test::writeFile;

namespace {

constexpr TimeNs kInt64Max = std::numeric_limits<TimeNs>::max();
constexpr TimeNs kInt64Min = std::numeric_limits<TimeNs>::min();

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

// Every event inside the model's range: what lets analyses subtract any two times.
void verifyModelTimes(const Trace &trace)
{
    for (const Track &track : trace.tracks)
        for (const Event &e : track.events) {
            QVERIFY2(isModelTime(e.start), qPrintable(QString::number(e.start)));
            QVERIFY(e.duration >= 0);
            QVERIFY2(isModelTime(e.end()), qPrintable(QString::number(e.end())));
        }
    QVERIFY(isModelTime(trace.startNs) && isModelTime(trace.endNs));
}

// A Chrome trace with every way a Kineto file can say an impossible time,
// around ordinary events: an API call launching a kernel inside a range.
const char *kExtremeChrome = R"({"traceEvents":[
{"ph":"X","cat":"user_annotation","name":"ProfilerStep#1","pid":1,"tid":1,"ts":100,"dur":900},
{"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":200,"dur":10,"args":{"correlation":1}},
{"ph":"X","cat":"kernel","name":"gemm","pid":0,"tid":7,"ts":300,"dur":50,"args":{"correlation":1,"device":0,"stream":7}},
{"ph":"X","cat":"cpu_op","name":"ts_times_1000_overflows","pid":1,"tid":1,"ts":9223372036854775,"dur":1},
{"ph":"X","cat":"cpu_op","name":"negative_ts_overflows","pid":1,"tid":1,"ts":-9223372036854775,"dur":1},
{"ph":"X","cat":"cpu_op","name":"huge_dur","pid":1,"tid":1,"ts":500,"dur":9223372036854775},
{"ph":"X","cat":"kernel","name":"huge_kernel","pid":0,"tid":7,"ts":600,"dur":4611686018427387,"args":{"device":0,"stream":7}},
{"ph":"X","cat":"kernel","name":"huge_kernel","pid":0,"tid":7,"ts":700,"dur":4611686018427387,"args":{"device":0,"stream":7}},
{"ph":"X","cat":"cpu_op","name":"max_int","pid":1,"tid":1,"ts":9223372036854775807,"dur":9223372036854775807},
{"ph":"X","cat":"cpu_op","name":"float_huge","pid":1,"tid":1,"ts":1e300,"dur":1},
{"ph":"B","cat":"cpu_op","name":"begin_far_before","pid":1,"tid":3,"ts":-4611686018427387},
{"ph":"E","pid":1,"tid":3,"ts":4611686018427387},
{"ph":"b","cat":"async","name":"async_far","id":1,"pid":1,"tid":1,"ts":-4611686018427387},
{"ph":"e","cat":"async","name":"async_far","id":1,"pid":1,"tid":1,"ts":4611686018427387},
{"ph":"s","cat":"fwdbwd","name":"flow","id":5,"pid":1,"tid":1,"ts":9223372036854775},
{"ph":"f","bp":"e","cat":"fwdbwd","name":"flow","id":5,"pid":1,"tid":1,"ts":-9223372036854775},
{"ph":"C","name":"counter","pid":1,"tid":1,"ts":9223372036854775,"args":{"value":1}},
{"ph":"C","name":"counter","pid":1,"tid":1,"ts":150,"args":{"value":2}},
{"ph":"B","cat":"cpu_op","name":"never_closed","pid":1,"tid":4,"ts":-4611686018427387}
]})";

} // namespace

class TestExtremeTimes : public QObject
{
    Q_OBJECT

private slots:
    void timeMath()
    {
        QCOMPARE(saturatingAdd(kInt64Max, 1), kInt64Max);
        QCOMPARE(saturatingAdd(kInt64Min, -1), kInt64Min);
        QCOMPARE(saturatingSub(kInt64Max, -1), kInt64Max);
        QCOMPARE(saturatingSub(kInt64Min, 1), kInt64Min);
        QCOMPARE(saturatingSub(5, 7), TimeNs(-2));
        QCOMPARE(saturatingMul(kInt64Max / 999, 1000), kInt64Max);
        QCOMPARE(saturatingMul(-(kInt64Max / 999), 1000), kInt64Min);
        TimeSum sum;
        for (int i = 0; i < 4; ++i)
            sum += kMaxTimeNs;
        QCOMPARE(sum.saturated(), kInt64Max);
        QCOMPARE(sum.asLongDouble(), 4.0L * kMaxTimeNs);
        sum += TimeNs(-4) * (kMaxTimeNs / 2);
        QVERIFY(sum.saturated() > 0);
    }

    // The builder is where the range is decided: skip, cut, name the first offender.
    void builderKeepsTimesInRange()
    {
        TraceBuilder builder;
        const std::uint32_t track = builder.threadTrack(builder.thread(builder.process(1), 1), TrackKind::CpuThread);
        auto add = [&](const char *name, TimeNs start, TimeNs duration) {
            Event e;
            e.name = builder.intern(name);
            e.start = start;
            e.duration = duration;
            return builder.addEvent(track, e);
        };
        QVERIFY(add("fine", 0, 10).isValid());
        QVERIFY(!add("too_late", kMaxTimeNs + 1, 0).isValid());
        QVERIFY(!add("too_early", kInt64Min, 5).isValid());
        QVERIFY(add("too_long", kMaxTimeNs - 10, kInt64Max).isValid());
        QVERIFY(add("edge", kMinTimeNs, 0).isValid());
        builder.addCounterSample(builder.processTrack(0, TrackKind::Counter, builder.intern("c")), kInt64Max, 1.0);
        const auto trace = builder.finish();
        verifyModelTimes(*trace);
        QCOMPARE(trace->eventCount(), std::uint64_t(3));
        QCOMPARE(trace->diagnostics.count("time-out-of-range"), std::uint64_t(3));
        QCOMPARE(trace->diagnostics.count("end-out-of-range"), std::uint64_t(1));
        for (const Diagnostic &d : trace->diagnostics.entries())
            if (d.code == "time-out-of-range")
                QCOMPARE(qs(d.examples.front()), QStringLiteral("'too_late' at 4611686018427387904 ns"));
        QCOMPARE(trace->endNs, kMaxTimeNs);
        QCOMPARE(trace->startNs, kMinTimeNs);
    }

    void chrome()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("extreme.json")).toStdString();
        writeFile(path, kExtremeChrome);
        const ImportResult loaded = loadTrace(path);
        QVERIFY2(loaded.ok(), loaded.error.c_str());
        const Trace &trace = *loaded.trace;
        verifyModelTimes(trace);
        // ×1000 overflows (both signs), INT64_MAX µs and a counter far out: skipped.
        QCOMPARE(trace.diagnostics.count("time-out-of-range"), std::uint64_t(4));
        // huge_dur, the two huge kernels: cut at the end of the range.
        QCOMPARE(trace.diagnostics.count("end-out-of-range"), std::uint64_t(3));
        QCOMPARE(trace.diagnostics.count("bad-timestamp"), std::uint64_t(1)); // 1e300 is no int64 of ns
        // B/E and b/e pairs 2^63 ns apart: kept, from their start.
        bool sawBeginEnd = false, sawAsync = false;
        for (const Track &track : trace.tracks)
            for (const Event &e : track.events) {
                const std::string_view name = trace.strings.view(e.name);
                if (name == "begin_far_before") {
                    sawBeginEnd = true;
                    QCOMPARE(e.start, TimeNs(-4611686018427387000));
                }
                sawAsync = sawAsync || name == "async_far";
            }
        QVERIFY(sawBeginEnd);
        QVERIFY(sawAsync);
        QCOMPARE(trace.flows.size() >= 1, true); // the launch flow
    }

    // Every report of the CLI on the same file: exit 0, and no UB under UBSan.
    void everyCliCommand_data()
    {
        QTest::addColumn<QStringList>("args");
        const QStringList commands = {
            QStringLiteral("info"),     QStringLiteral("kernels"),       QStringLiteral("api"),
            QStringLiteral("ranges"),   QStringLiteral("range-kernels"), QStringLiteral("gpu-mem"),
            QStringLiteral("ops"),      QStringLiteral("iterations"),    QStringLiteral("breakdown"),
            QStringLiteral("gpu-time"), QStringLiteral("kernel-types"),  QStringLiteral("idle"),
            QStringLiteral("overlap"),  QStringLiteral("launches"),      QStringLiteral("queue"),
            QStringLiteral("overheads"), QStringLiteral("findings")};
        for (const QString &c : commands)
            QTest::newRow(qPrintable(c)) << QStringList{c};
        QTest::newRow("ranges --projection --trace")
            << QStringList{QStringLiteral("ranges"), QStringLiteral("--projection"), QStringLiteral("--trace")};
        QTest::newRow("ranges --projection") << QStringList{QStringLiteral("ranges"), QStringLiteral("--projection")};
        QTest::newRow("launches --summary") << QStringList{QStringLiteral("launches"), QStringLiteral("--summary")};
        QTest::newRow("breakdown --by-ranges")
            << QStringList{QStringLiteral("breakdown"), QStringLiteral("--by-ranges")};
        QTest::newRow("overheads --long") << QStringList{QStringLiteral("overheads"), QStringLiteral("--long")};
        QTest::newRow("range") << QStringList{QStringLiteral("range"), QStringLiteral("--name"),
                                              QStringLiteral("ProfilerStep#1")};
        for (const char *hta : {"gpu-time", "kernel-types", "idle", "overlap", "launches"})
            QTest::newRow(qPrintable(QStringLiteral("%1 --hta").arg(QLatin1String(hta))))
                << QStringList{QLatin1String(hta), QStringLiteral("--hta")};
    }
    void everyCliCommand()
    {
        QFETCH(QStringList, args);
        static QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("extreme.json"));
        if (!QFile::exists(path))
            writeFile(path.toStdString(), kExtremeChrome);
        args.insert(1, path);
        const test::CliRun run = test::runCli(args);
        QVERIFY(run.finished);
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QVERIFY(!run.out.isEmpty());
    }

    // Sums of durations past 2^63: the total saturates, the average stays exact.
    void summaryTotalsSaturate()
    {
        std::vector<TimeNs> durations(4, kMaxTimeNs);
        const DurationStats stats = computeDurationStats(durations);
        QCOMPARE(stats.total, kInt64Max);
        QCOMPARE(stats.average, double(kMaxTimeNs));
        QCOMPARE(stats.stddev, 0.0);

        TraceBuilder builder;
        const std::uint32_t stream = builder.streamTrack(builder.stream(builder.device(0), 7), TrackKind::GpuStream);
        for (int i = 0; i < 3; ++i) {
            Event e;
            e.name = builder.intern("forever");
            e.kind = EventKind::Kernel;
            e.start = kMinTimeNs + i;
            e.duration = kMaxTimeNs;
            builder.addEvent(stream, e);
        }
        const auto trace = builder.finish();
        const NameSummary summary = kernelSummary(*trace);
        QCOMPARE(summary.rows.size(), std::size_t(1));
        QCOMPARE(summary.rows[0].stats.total, kInt64Max);
        QCOMPARE(summary.total, kInt64Max);
        QCOMPARE(summary.rows[0].percent, 100.0);
    }

    void nvprof()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("extreme.nvvp")).toStdString();
        QCOMPARE(
            test::execSql(path,
                          "CREATE TABLE StringTable(_id_ INTEGER PRIMARY KEY, value TEXT);"
                          "INSERT INTO StringTable VALUES (1, 'k'), (1099511627776, 'far id');"
                          "CREATE TABLE CUPTI_ACTIVITY_KIND_RUNTIME(_id_ INTEGER PRIMARY KEY, cbid INT, start INT,"
                          " end INT, processId INT, threadId INT, correlationId INT, returnValue INT);"
                          "INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME VALUES (1, 211, -9223372036854775808,"
                          " 9223372036854775807, 1, 1, 1, 0), (2, 211, 100, 200, 1, 1, 2, 0),"
                          " (3, 211, 300, -9223372036854775808, 1, 1, 3, 0);"
                          "CREATE TABLE CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL(_id_ INTEGER PRIMARY KEY, start INT,"
                          " end INT, deviceId INT, streamId INT, correlationId INT, name INT);"
                          "INSERT INTO CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL VALUES"
                          " (1, 9223372036854775000, -9223372036854775000, 0, 7, 2, 1),"
                          " (2, 250, 9223372036854775807, 0, 7, 3, 1099511627776);"
                          "CREATE TABLE CUPTI_ACTIVITY_KIND_MARKER(_id_ INTEGER PRIMARY KEY, flags INT, timestamp INT,"
                          " id INT, objectKind INT, objectId BLOB, name INT, domain INT);"
                          "INSERT INTO CUPTI_ACTIVITY_KIND_MARKER VALUES"
                          " (1, 2, -9223372036854775808, 1, 2, x'0100000001000000', 1, 0),"
                          " (2, 4, 9223372036854775807, 1, 2, x'0100000001000000', 0, 0);"),
            std::string());
        const ImportResult loaded = loadTrace(path);
        QVERIFY2(loaded.ok(), loaded.error.c_str());
        verifyModelTimes(*loaded.trace);
        QVERIFY(loaded.trace->diagnostics.count("time-out-of-range") >= 3);
        QVERIFY(loaded.trace->diagnostics.count("end-out-of-range") >= 1);
        QCOMPARE(loaded.trace->counts().kernels, std::uint64_t(1));
    }

    void nsysSqliteAndJson()
    {
        QTemporaryDir dir;
        const std::string sqlite = dir.filePath(QStringLiteral("extreme.sqlite")).toStdString();
        QCOMPARE(test::execSql(
                     sqlite,
                     "CREATE TABLE StringIds(id INTEGER PRIMARY KEY, value TEXT);"
                     "INSERT INTO StringIds VALUES (1, 'gemm'), (2, 'cudaLaunchKernel');"
                     "CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL(start INTEGER, end INTEGER, deviceId INTEGER,"
                     "  streamId INTEGER, correlationId INTEGER, demangledName INTEGER, shortName INTEGER);"
                     "INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL VALUES (-9223372036854775808, 9223372036854775807,"
                     "  0, 7, 5, 1, 1), (100, 9223372036854775807, 0, 7, 6, 1, 1);"
                     "CREATE TABLE CUPTI_ACTIVITY_KIND_RUNTIME(start INTEGER, end INTEGER, globalTid INTEGER,"
                     "  correlationId INTEGER, nameId INTEGER);"
                     "INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME VALUES (9223372036854775807, -9223372036854775808,"
                     "  281492945110063, 5, 2), (90, 99, 281492945110063, 6, 2);"
                     "CREATE TABLE NVTX_EVENTS(start INTEGER, end INTEGER, eventType INTEGER, globalTid INTEGER,"
                     "  text TEXT, domainId INTEGER);"
                     "INSERT INTO NVTX_EVENTS VALUES (-9223372036854775808, 9223372036854775807, 59,"
                     "  281492945110063, 'everything', 0), (50, 9223372036854775807, 59, 281492945110063, 'r', 0);"),
                 std::string());
        const ImportResult fromSqlite = loadTrace(sqlite);
        QVERIFY2(fromSqlite.ok(), fromSqlite.error.c_str());
        verifyModelTimes(*fromSqlite.trace);
        QVERIFY(fromSqlite.trace->diagnostics.count("time-out-of-range") >= 3);

        const std::string json = dir.filePath(QStringLiteral("extreme_nsys.json")).toStdString();
        writeFile(
            json,
            R"({"data":["cudaLaunchKernel","gemm"]})"
            "\n"
            R"({"Type":48,"TraceProcessEvent":{"startNs":"9223372036854775807","endNs":"-9223372036854775808","correlationId":7,"eventClass":0,"name":"0","globalTid":"281492945110063"}})"
            "\n"
            R"({"Type":48,"TraceProcessEvent":{"startNs":"100","endNs":"9223372036854775807","correlationId":8,"eventClass":0,"name":"0","globalTid":"281492945110063"}})"
            "\n"
            R"({"Type":79,"CudaEvent":{"startNs":"-9223372036854775808","endNs":"9223372036854775807","correlationId":7,"deviceId":0,"streamId":"7","kernel":{"demangledName":"1","shortName":"1"}}})"
            "\n"
            R"({"Type":79,"CudaEvent":{"startNs":"200","endNs":"300","correlationId":8,"deviceId":0,"streamId":"7","kernel":{"demangledName":"1","shortName":"1"}}})"
            "\n"
            R"({"Type":59,"NvtxEvent":{"Type":59,"Timestamp":"-9223372036854775808","Text":"r","GlobalTid":"281492945110063","EndTimestamp":"9223372036854775807"}})"
            "\n");
        const ImportResult fromJson = loadTrace(json);
        QVERIFY2(fromJson.ok(), fromJson.error.c_str());
        verifyModelTimes(*fromJson.trace);
        QVERIFY(fromJson.trace->diagnostics.count("time-out-of-range") >= 2);
        QCOMPARE(fromJson.trace->counts().kernels, std::uint64_t(1));
    }

    void opencl()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("extreme_dvdt.json")).toStdString();
        writeFile(path, R"([
{"call":"clEnqueueNDRangeKernel","timestamp":{"start":"2018-01-01T00:00:00.000","end":"2018-01-01T00:00:00.001"},
 "kernel":"0x1","queue":"0x2","name":"k","profiling":{"queued":-9223372036854775808,"submit":-9223372036854775808,
 "start":0,"end":9223372036854775807}},
{"call":"clEnqueueNDRangeKernel","timestamp":{"start":"9999-12-31T23:59:59.999","end":"9999-12-31T23:59:59.999"},
 "kernel":"0x1","queue":"0x2","name":"k","profiling":{"queued":1,"submit":2,"start":3,"end":4}},
{"call":"clFinish","timestamp":{"start":"0000-01-01T00:00:00","end":"9999-12-31T23:59:59"}},
{"call":"clFlush","timestamp":{"start":"2018-01-01T00:00:00","end":"9999-12-31T23:59:59"}}
])");
        const ImportResult loaded = loadTrace(path);
        QVERIFY2(loaded.ok(), loaded.error.c_str());
        verifyModelTimes(*loaded.trace);
        // The first kernel's device clock offset saturates: its start is out of range.
        QCOMPARE(loaded.trace->diagnostics.count("time-out-of-range"), std::uint64_t(1));
        // Years 0 and 9999 are past what int64 ns hold (1677-2262): those calls have no readable time.
        QCOMPARE(loaded.trace->diagnostics.count("dvdt-timestamp-invalid"), std::uint64_t(3));
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestExtremeTimes)
#include "tst_extreme_times.moc"
