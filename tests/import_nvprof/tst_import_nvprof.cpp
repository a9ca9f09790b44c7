// nvprof importer against SQL run directly on a real nvprof database (MXNet on a
// TITAN V), a hand-made database with NVTX markers, empty profiles and damaged files.
#include "analysis/operators/autograd_ops.h"
#include "analysis/summaries/kernel_summary.h"
#include "import/importer.h"
#include "model/trace.h"

#include "test_registry.h"

#include <QtTest>

#include "direct_sql.h"

#include <cstdio>
#include <fstream>
#include <map>

using namespace tracelane;

namespace {

using test::sqlCounts;
using test::sqlValue;

const std::string kNvvp = TRACELANE_SHARED_TRACES "/nvprof/gpu_ml_timeline.nvvp";

struct Totals
{
    qint64 count = 0, duration = 0;
};

Totals nvprofTotals(const Trace &trace, EventKind kind)
{
    Totals t;
    for (const Track &track : trace.tracks)
        for (const Event &e : track.events)
            if (e.kind == kind) {
                ++t.count;
                t.duration += e.duration;
            }
    return t;
}

// The schema nvprof writes for the tables the hand-made databases use (copied from gpu_ml_timeline.nvvp).
const char *kSchema =
    "CREATE TABLE StringTable(_id_ INTEGER PRIMARY KEY AUTOINCREMENT, value TEXT NOT NULL UNIQUE);"
    "CREATE TABLE CUPTI_ACTIVITY_KIND_RUNTIME(_id_ INTEGER PRIMARY KEY AUTOINCREMENT, cbid INT NOT NULL, start INT "
    "NOT NULL, end INT NOT NULL, processId INT NOT NULL, threadId INT NOT NULL, correlationId INT NOT NULL, "
    "returnValue INT NOT NULL);"
    "CREATE TABLE CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL(_id_ INTEGER PRIMARY KEY AUTOINCREMENT, registersPerThread "
    "INT NOT NULL, start INT NOT NULL, end INT NOT NULL, deviceId INT NOT NULL, contextId INT NOT NULL, streamId INT "
    "NOT NULL, gridX INT NOT NULL, gridY INT NOT NULL, gridZ INT NOT NULL, blockX INT NOT NULL, blockY INT NOT NULL, "
    "blockZ INT NOT NULL, staticSharedMemory INT NOT NULL, dynamicSharedMemory INT NOT NULL, correlationId INT NOT "
    "NULL, name INT NOT NULL);"
    "CREATE TABLE CUPTI_ACTIVITY_KIND_MARKER(_id_ INTEGER PRIMARY KEY AUTOINCREMENT, flags INT NOT NULL, timestamp "
    "INT NOT NULL, id INT NOT NULL, objectKind INT NOT NULL, objectId BLOB NOT NULL, name INT NOT NULL, domain INT "
    "NOT NULL);";

std::string tempPath(const char *name)
{
    const std::string path = QDir::tempPath().toStdString() + "/tracelane_" + name;
    std::remove(path.c_str());
    return path;
}

} // namespace

class TestImportNvprof : public QObject
{
    Q_OBJECT

private slots:
    void realProfileCounts();
    void realProfileKernels();
    void realProfileNames();
    void handMadeMarkers();
    void emptyProfile();
    void badInput();
};

void TestImportNvprof::realProfileCounts()
{
    const ImportResult result = loadTrace(kNvvp);
    QVERIFY2(result.ok(), result.error.c_str());
    const Trace &trace = *result.trace;
    QCOMPARE(trace.source.format, std::string("nvprof"));

    const Totals api = nvprofTotals(trace, EventKind::ApiCall);
    QCOMPARE(api.count,
             sqlValue(kNvvp,
                      "SELECT (SELECT count(*) FROM CUPTI_ACTIVITY_KIND_RUNTIME) + "
                      "(SELECT count(*) FROM CUPTI_ACTIVITY_KIND_DRIVER)"));
    QCOMPARE(api.count, qint64(2278 + 405));
    QCOMPARE(api.duration,
             sqlValue(kNvvp,
                      "SELECT (SELECT sum(end - start) FROM CUPTI_ACTIVITY_KIND_RUNTIME) + "
                      "(SELECT sum(end - start) FROM CUPTI_ACTIVITY_KIND_DRIVER)"));
    const Totals kernels = nvprofTotals(trace, EventKind::Kernel);
    QCOMPARE(kernels.count, qint64(38));
    QCOMPARE(kernels.duration, sqlValue(kNvvp, "SELECT sum(end - start) FROM CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL"));
    const Totals memcpys = nvprofTotals(trace, EventKind::Memcpy);
    QCOMPARE(memcpys.count, qint64(21));
    QCOMPARE(memcpys.duration, sqlValue(kNvvp, "SELECT sum(end - start) FROM CUPTI_ACTIVITY_KIND_MEMCPY"));
    const Totals memsets = nvprofTotals(trace, EventKind::Memset);
    QCOMPARE(memsets.count, sqlValue(kNvvp, "SELECT count(*) FROM CUPTI_ACTIVITY_KIND_MEMSET"));
    QCOMPARE(memsets.duration, sqlValue(kNvvp, "SELECT sum(end - start) FROM CUPTI_ACTIVITY_KIND_MEMSET"));
    const Totals syncs = nvprofTotals(trace, EventKind::Sync);
    QCOMPARE(syncs.count, sqlValue(kNvvp, "SELECT count(*) FROM CUPTI_ACTIVITY_KIND_SYNCHRONIZATION"));
    QCOMPARE(nvprofTotals(trace, EventKind::Range).count, qint64(0)); // no markers in this profile

    const EventCounts counts = trace.counts();
    QCOMPARE(qint64(counts.threads),
             sqlValue(kNvvp,
                      "SELECT count(*) FROM (SELECT processId, threadId FROM CUPTI_ACTIVITY_KIND_RUNTIME UNION "
                      "SELECT processId, threadId FROM CUPTI_ACTIVITY_KIND_DRIVER)"));
    QCOMPARE(counts.threads, std::uint64_t(5));
    QCOMPARE(qint64(counts.streams),
             sqlValue(kNvvp,
                      "SELECT count(DISTINCT streamId) FROM (SELECT streamId FROM "
                      "CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL UNION ALL SELECT streamId FROM "
                      "CUPTI_ACTIVITY_KIND_MEMCPY UNION ALL SELECT streamId FROM CUPTI_ACTIVITY_KIND_MEMSET "
                      "UNION ALL SELECT streamId FROM CUPTI_ACTIVITY_KIND_SYNCHRONIZATION WHERE streamId >= 0)"));

    // Every kernel and memcpy was launched by a runtime call with its correlation id.
    qint64 launchFlows = 0;
    for (const Flow &flow : trace.flows)
        if (flow.kind == FlowKind::Launch && isGpuWork(trace.event(flow.to).kind))
            ++launchFlows;
    QCOMPARE(launchFlows,
             sqlValue(kNvvp,
                      "SELECT count(*) FROM CUPTI_ACTIVITY_KIND_RUNTIME r JOIN (SELECT "
                      "correlationId FROM CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL UNION ALL SELECT "
                      "correlationId FROM CUPTI_ACTIVITY_KIND_MEMCPY UNION ALL SELECT "
                      "correlationId FROM CUPTI_ACTIVITY_KIND_MEMSET) g USING (correlationId)"));
}

void TestImportNvprof::realProfileKernels()
{
    const ImportResult result = loadTrace(kNvvp);
    QVERIFY(result.ok());
    const Trace &trace = *result.trace;
    // Per-kernel counts and nvprofTotals, keyed by the mangled name the database stores.
    const auto expectedCounts = sqlCounts(kNvvp,
                                          "SELECT s.value, count(*) FROM CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL k "
                                          "JOIN StringTable s ON s._id_ = k.name GROUP BY s.value");
    const auto expectedTotals = sqlCounts(kNvvp,
                                          "SELECT s.value, sum(k.end - k.start) FROM "
                                          "CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL k JOIN StringTable s ON "
                                          "s._id_ = k.name GROUP BY s.value");
    QCOMPARE(expectedCounts.size(), std::size_t(15));
    std::map<std::string, qint64> counts, sums;
    const auto mangledKey = trace.strings.find("mangledName");
    QVERIFY(mangledKey);
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t)
        for (std::uint32_t i = 0; i < trace.tracks[t].events.size(); ++i) {
            const Event &e = trace.tracks[t].events[i];
            if (e.kind != EventKind::Kernel)
                continue;
            const auto mangled = trace.arg({t, i}, "mangledName");
            const std::string stored(mangled ? trace.strings.view(mangled->s) : trace.name({t, i}));
            if (mangled)
                QVERIFY2(trace.name({t, i}).find("::") != std::string_view::npos
                             || trace.name({t, i}).find('(') != std::string_view::npos,
                         "a mangled kernel name was not demangled");
            ++counts[stored];
            sums[stored] += e.duration;
        }
    QCOMPARE(counts, expectedCounts);
    QCOMPARE(sums, expectedTotals);

    // Demangled names in the kernel summary.
    const NameSummary summary = kernelSummary(trace);
    bool found = false;
    for (const NameSummaryRow &row : summary.rows)
        if (row.name.starts_with("void mshadow::cuda::MapPlanKernel<mshadow::sv::saveto, 8,"))
            found = true;
    QVERIFY(found);
}

void TestImportNvprof::realProfileNames()
{
    const ImportResult result = loadTrace(kNvvp);
    QVERIFY(result.ok());
    const Trace &trace = *result.trace;
    std::map<std::string, qint64> apiCounts;
    for (const Track &track : trace.tracks)
        for (const Event &e : track.events)
            if (e.kind == EventKind::ApiCall)
                ++apiCounts[std::string(trace.strings.view(e.name))];
    // cbid 211, 273, 31, 131 and driver 9 from cupti_runtime_cbid.h / cupti_driver_cbid.h.
    QCOMPARE(apiCounts["cudaLaunchKernel"],
             sqlValue(kNvvp, "SELECT count(*) FROM CUPTI_ACTIVITY_KIND_RUNTIME WHERE cbid = 211"));
    QCOMPARE(apiCounts["cudaLaunchKernel"], qint64(38));
    QCOMPARE(apiCounts["cudaFuncSetAttribute"], qint64(912));
    QCOMPARE(apiCounts["cudaMemcpy"],
             sqlValue(kNvvp, "SELECT count(*) FROM CUPTI_ACTIVITY_KIND_RUNTIME WHERE cbid = 31"));
    QCOMPARE(apiCounts["cudaStreamSynchronize"], qint64(29));
    QCOMPARE(apiCounts["cuDeviceGetAttribute"], qint64(375));
    for (const auto &[name, count] : apiCounts)
        QVERIFY2(name.find("(cbid") == std::string::npos, name.c_str()); // every cbid here is in the tables

    // Process name from CUPTI_ACTIVITY_KIND_NAME, GPU name from _DEVICE, unsigned thread ids.
    QCOMPARE(trace.processes.size(), std::size_t(1));
    QCOMPARE(trace.processes[0].pid, std::int64_t(463));
    QCOMPARE(trace.strings.view(trace.processes[0].name), std::string_view("python m1.2.py"));
    QCOMPARE(trace.devices.size(), std::size_t(1));
    QCOMPARE(trace.strings.view(trace.devices[0].name), std::string_view("TITAN V"));
    bool unsignedTid = false;
    for (const Thread &thread : trace.threads) {
        QVERIFY(thread.tid >= 0);
        unsignedTid = unsignedTid || thread.tid == std::int64_t(std::uint32_t(-1181487744));
    }
    QVERIFY(unsignedTid);
}

void TestImportNvprof::handMadeMarkers()
{
    // Hand-made: a database with nvprof's schema, written by this test, holding
    // emit_nvtx-style ranges on two threads, an instant marker, an unpaired start
    // and a kernel launched inside a forward op.
    const std::string path = tempPath("markers.nvvp");
    std::string sql = kSchema;
    sql += "INSERT INTO StringTable VALUES (0, '-- null --'), (1, 'aten::addmm, seq = 7, op_id = 3'),"
           "(2, 'AddmmBackward0, seq = 7, op_id = 9'), (3, 'epoch start'), (4, 'never ends'),"
           "(5, '_Z6kernelPf'), (6, 'Iteration 1');";
    // objectId: process 100 (0x64) and thread 7 or 8, little-endian, then 4 unused bytes.
    const char *t7 = "X'640000000700000000000000'";
    const char *t8 = "X'640000000800000000000000'";
    sql += std::string("INSERT INTO CUPTI_ACTIVITY_KIND_MARKER (flags, timestamp, id, objectKind, objectId, name, "
                       "domain) VALUES")
        + "(2, 1000, 1, 2, " + t7 + ", 6, 0), (2, 1100, 2, 2, " + t7 + ", 1, 0), (4, 1400, 2, 2, " + t7
        + ", 0, 0),"
          "(4, 2000, 1, 2, "
        + t7 + ", 0, 0), (4, 3500, 3, 2, " + t8 + ", 0, 0), (2, 3000, 3, 2, " + t8
        + ", 2, 0),"
          "(1, 1500, 4, 2, "
        + t7 + ", 3, 0), (2, 2500, 5, 2, " + t7 + ", 4, 0);";
    sql += "INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME (cbid, start, end, processId, threadId, correlationId, "
           "returnValue) VALUES (211, 1200, 1300, 100, 7, 50, 0), (9999, 1310, 1320, 100, 7, 51, 0);";
    sql += "INSERT INTO CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL (registersPerThread, start, end, deviceId, contextId, "
           "streamId, gridX, gridY, gridZ, blockX, blockY, blockZ, staticSharedMemory, dynamicSharedMemory, "
           "correlationId, name) VALUES (32, 1350, 1450, 0, 1, 7, 4, 1, 1, 128, 1, 1, 0, 0, 50, 5);";
    QCOMPARE(test::execSql(path, sql), std::string());

    const ImportResult result = loadTrace(path);
    QVERIFY2(result.ok(), result.error.c_str());
    const Trace &trace = *result.trace;
    QCOMPARE(trace.source.format, std::string("nvprof"));
    QCOMPARE(nvprofTotals(trace, EventKind::Range).count, qint64(3)); // ids 1, 2, 3 paired; id 5 never ends
    QCOMPARE(nvprofTotals(trace, EventKind::Range).duration, qint64(1000 + 300 + 500));
    QCOMPARE(nvprofTotals(trace, EventKind::Instant).count, qint64(1));
    QCOMPARE(trace.diagnostics.count("nvprof-marker-without-end"), std::uint64_t(1));

    // The ranges sit on their threads: tid 7 holds Iteration 1 > aten::addmm, tid 8 the backward op.
    std::map<std::string, std::int64_t> tidOfRange;
    for (const Track &track : trace.tracks)
        for (const Event &e : track.events)
            if (e.kind == EventKind::Range)
                tidOfRange[std::string(trace.strings.view(e.name))] = trace.threads[track.thread].tid;
    QCOMPARE(tidOfRange["Iteration 1"], std::int64_t(7));
    QCOMPARE(tidOfRange["aten::addmm, seq = 7, op_id = 3"], std::int64_t(7));
    QCOMPARE(tidOfRange["AddmmBackward0, seq = 7, op_id = 9"], std::int64_t(8));

    // Unknown cbids are named, not dropped; the kernel is demangled and linked to its launch.
    bool unknownNamed = false;
    for (const Track &track : trace.tracks)
        for (const Event &e : track.events)
            unknownNamed = unknownNamed || trace.strings.view(e.name) == "cudaRuntime(cbid 9999)";
    QVERIFY(unknownNamed);
    QCOMPARE(trace.flows.size(), std::size_t(1));
    QCOMPARE(trace.name(trace.flows[0].to), std::string_view("kernel(float*)"));

    // Marker semantics: the backward op links to the forward op with seq 7.
    const std::vector<AutogradOp> ops = collectAutogradOps(trace);
    QCOMPARE(ops.size(), std::size_t(2));
    const auto backward = std::find_if(ops.begin(), ops.end(),
                                       [](const AutogradOp &op) { return op.pass == Pass::Backward; });
    QVERIFY(backward != ops.end());
    QCOMPARE(backward->name, std::string_view("AddmmBackward0"));
    QVERIFY(backward->forward >= 0);
    QCOMPARE(ops[std::size_t(backward->forward)].name, std::string_view("aten::addmm"));
    std::remove(path.c_str());
}

void TestImportNvprof::emptyProfile()
{
    // A profile where nothing ran: nvprof's tables, all empty.
    const std::string path = tempPath("empty.nvvp");
    QCOMPARE(test::execSql(path, kSchema), std::string());
    const ImportResult result = loadTrace(path);
    QVERIFY2(result.ok(), result.error.c_str());
    QVERIFY(result.trace->isEmpty());
    QCOMPARE(result.trace->source.format, std::string("nvprof"));
    bool noted = false;
    for (const Diagnostic &d : result.trace->diagnostics.entries())
        noted = noted || d.code == "nvprof-empty";
    QVERIFY(noted);

    // Nearly empty: only a string table and one unnamed process.
    QCOMPARE(test::execSql(path, "INSERT INTO StringTable VALUES (0, '-- null --')"), std::string());
    const ImportResult nearly = loadTrace(path);
    QVERIFY2(nearly.ok(), nearly.error.c_str());
    QVERIFY(nearly.trace->isEmpty());
    std::remove(path.c_str());
}

void TestImportNvprof::badInput()
{
    // Cut short: the first 8 KiB of the real database.
    const std::string cut = tempPath("cut.nvvp");
    {
        std::ifstream in(kNvvp, std::ios::binary);
        std::string bytes(8192, '\0');
        in.read(bytes.data(), qint64(bytes.size()));
        std::ofstream(cut, std::ios::binary).write(bytes.data(), qint64(bytes.size()));
    }
    const ImportResult truncated = loadTrace(cut);
    QVERIFY(!truncated.ok());
    QVERIFY2(truncated.error.find(cut) != std::string::npos, truncated.error.c_str());

    // Wrong schema: the runtime table lacks the columns an API call needs.
    const std::string wrong = tempPath("wrong.nvvp");
    QCOMPARE(test::execSql(wrong,
                           "CREATE TABLE StringTable(_id_ INTEGER PRIMARY KEY, value TEXT);"
                           "CREATE TABLE CUPTI_ACTIVITY_KIND_RUNTIME(_id_ INTEGER PRIMARY KEY, start INT, end INT);"
                           "INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME VALUES (1, 10, 20);"),
             std::string());
    const ImportResult schema = loadTrace(wrong);
    QVERIFY2(schema.ok(), schema.error.c_str());
    QCOMPARE(schema.trace->diagnostics.count("nvprof-table-unusable"), std::uint64_t(1));
    QVERIFY(schema.trace->isEmpty());

    // An nvprof-looking database is not taken for Nsight Systems, nor the other way round.
    const ContentProbe nvprof = probeFile(kNvvp);
    QCOMPARE(detectImporter(nvprof)->id(), std::string_view("nvprof"));
    const ContentProbe nsys = probeFile(TRACELANE_SHARED_TRACES "/nsys/emit_nvtx_mlp.sqlite");
    QCOMPARE(detectImporter(nsys)->id(), std::string_view("nsys-sqlite"));
    std::remove(cut.c_str());
    std::remove(wrong.c_str());
}

TRACELANE_TEST_GUILESS_MAIN(TestImportNvprof)
#include "tst_import_nvprof.moc"
