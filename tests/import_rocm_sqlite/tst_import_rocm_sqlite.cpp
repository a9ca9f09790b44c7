// Both AMD SQLite importers against SQL run directly on the same files: two
// real RPD profiles (rocmProfileData's matmul example and raptor's vLLM test
// trace), a rocpd database made from a real rocprofv3 recording
// (tests/data/rocm/README.md), tracelane-cli's summaries of them, and small
// damaged databases written here.
#include "import/importer.h"
#include "model/trace.h"

#include "test_registry.h"

#include <QCryptographicHash>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_run.h"
#include "direct_sql.h"
#include "rocm_sql_rows.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <utility>
#include <vector>

using namespace tracelane;

namespace {

using test::sqlRows;
using test::sqlValue;

const std::string kRocmData = TRACELANE_TEST_DATA "/rocm";
const std::string kRpdMatmul = kRocmData + "/rpd_matmul.rpd";
const std::string kRpdVllmGz = kRocmData + "/rpd_vllm_mytrace.rpd.gz";
const std::string kRocpd = kRocmData + "/rocpd_908_results.db";

// The op types each kind stands for, written out as SQL (not through the importer's rules).
const char *kRpdKernelTypes = "('KernelExecution', 'Task', 'Kernel', 'ConcurrentKernel')";
const char *kRpdCopyTypes = "('CopyHostToDevice', 'CopyDeviceToHost', 'CopyDeviceToDevice', 'Memcpy')";
const char *kRpdSetTypes = "('FillBuffer', 'Memset')";
const char *kRocpdMarkers = "('MARKER_CORE_API', 'MARKER_CORE_RANGE_API')";

struct RocmTotals
{
    qint64 count = 0, duration = 0;
    friend bool operator==(const RocmTotals &, const RocmTotals &) = default;
};

std::map<std::string, RocmTotals> rocmSqlTotals(const std::string &path, const std::string &sql)
{
    std::map<std::string, RocmTotals> out;
    for (const test::SqlRow &row : sqlRows(path, sql))
        out[row[0]] = {std::stoll(row[1]), std::stoll(row[2])};
    return out;
}

// Per name, the events of one kind; kernels keyed by the name the file stored
// (mangledName when the importer demangled it).
std::map<std::string, RocmTotals> rocmTraceTotals(const Trace &trace, EventKind kind)
{
    std::map<std::string, RocmTotals> out;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t)
        for (std::uint32_t i = 0; i < trace.tracks[t].events.size(); ++i) {
            const Event &e = trace.tracks[t].events[i];
            if (e.kind != kind)
                continue;
            const auto mangled = kind == EventKind::Kernel ? trace.arg({t, i}, "mangledName") : std::nullopt;
            RocmTotals &totals = out[std::string(mangled ? trace.strings.view(mangled->s) : trace.name({t, i}))];
            ++totals.count;
            totals.duration += e.duration;
        }
    return out;
}

RocmTotals rocmSum(const std::map<std::string, RocmTotals> &byName)
{
    RocmTotals sum;
    for (const auto &[name, totals] : byName) {
        sum.count += totals.count;
        sum.duration += totals.duration;
    }
    return sum;
}

std::vector<std::pair<qint64, qint64>> rocmTraceLaunches(const Trace &trace)
{
    std::vector<std::pair<qint64, qint64>> out;
    for (const Flow &flow : trace.flows)
        if (flow.kind == FlowKind::Launch)
            out.emplace_back(trace.event(flow.from).start, trace.event(flow.to).start);
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::pair<qint64, qint64>> rocmSqlPairs(const std::string &path, const std::string &sql)
{
    std::vector<std::pair<qint64, qint64>> out;
    for (const test::SqlRow &row : sqlRows(path, sql))
        out.emplace_back(std::stoll(row[0]), std::stoll(row[1]));
    std::sort(out.begin(), out.end());
    return out;
}

// Busy time of a device: the union of its GPU work, computed here from raw intervals.
qint64 rocmUnion(std::vector<std::pair<qint64, qint64>> intervals)
{
    std::sort(intervals.begin(), intervals.end());
    qint64 busy = 0, end = std::numeric_limits<qint64>::min();
    for (const auto &[s, e] : intervals) {
        if (e <= end)
            continue;
        busy += e - std::max(s, end);
        end = e;
    }
    return busy;
}

// One line of tracelane-cli's CSV: fields, quotes removed.
QStringList rocmCsvFields(const QString &line)
{
    QStringList fields;
    QString field;
    bool quoted = false;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (quoted && c == u'"' && i + 1 < line.size() && line[i + 1] == u'"') {
            field += u'"';
            ++i;
        } else if (c == u'"') {
            quoted = !quoted;
        } else if (c == u',' && !quoted) {
            fields << field;
            field.clear();
        } else {
            field += c;
        }
    }
    fields << field;
    return fields;
}

// tracelane-cli kernels|api as name -> (instances, total): columns "Total Time (ns)", count, ..., "Name".
std::map<std::string, RocmTotals> rocmCliTotals(const QString &command, const std::string &path)
{
    const test::CliRun run = test::runCli({command, QString::fromStdString(path), QStringLiteral("--format"),
                                           QStringLiteral("csv")});
    std::map<std::string, RocmTotals> out;
    if (!run.finished || run.exitCode != 0)
        return out;
    const QStringList lines = run.out.split(u'\n', Qt::SkipEmptyParts);
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QStringList f = rocmCsvFields(lines[i]);
        out[f.last().toStdString()] = {f[2].toLongLong(), f[1].toLongLong()};
    }
    return out;
}

std::string rocmTempPath(const char *name)
{
    const std::string path = QDir::tempPath().toStdString() + "/tracelane_rocm_" + name;
    std::remove(path.c_str());
    return path;
}

const char *kRpdSchema =
    "CREATE TABLE rocpd_string(id INTEGER PRIMARY KEY, string TEXT);"
    "CREATE TABLE rocpd_api(id INTEGER PRIMARY KEY, pid INT, tid INT, start INT, end INT, apiName_id INT, "
    "args_id INT);"
    "CREATE TABLE rocpd_op(id INTEGER PRIMARY KEY, gpuId INT, queueId INT, sequenceId INT, start INT, end INT, "
    "description_id INT, opType_id INT);"
    "CREATE TABLE rocpd_api_ops(id INTEGER PRIMARY KEY, api_id INT, op_id INT);";

} // namespace

class TestImportRocmSqlite : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void rpdAgainstSql_data();
    void rpdAgainstSql();
    void rocpdAgainstSql();
    void cliAgainstSql_data();
    void cliAgainstSql();
    void detection();
    void rpdEdgeCases();
    void rocpdEdgeCases();
    void badInput();
    void inputUnchanged();
    void cancelled();

private:
    QTemporaryDir m_dir;
    std::string m_rpdVllm; // the gzipped fixture, unpacked
};

void TestImportRocmSqlite::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_rpdVllm = m_dir.filePath(QStringLiteral("vllm.rpd")).toStdString();
    QVERIFY(test::gunzipFile(kRpdVllmGz, m_rpdVllm));
}

void TestImportRocmSqlite::rpdAgainstSql_data()
{
    QTest::addColumn<QString>("path");
    QTest::newRow("matmul") << QString::fromStdString(kRpdMatmul);
    QTest::newRow("vllm") << QString::fromStdString(m_rpdVllm);
}

void TestImportRocmSqlite::rpdAgainstSql()
{
    QFETCH(QString, path);
    const std::string file = path.toStdString();
    const ImportResult result = loadTrace(file);
    QVERIFY2(result.ok(), result.error.c_str());
    const Trace &trace = *result.trace;
    QCOMPARE(trace.source.format, std::string("rpd"));

    const std::string op = "SELECT CASE WHEN d.string = '' THEN t.string ELSE d.string END, count(*), "
                           "sum(o.end - o.start) FROM rocpd_op o JOIN rocpd_string t ON t.id = o.opType_id "
                           "JOIN rocpd_string d ON d.id = o.description_id WHERE t.string IN ";
    // Every kernel, by the name the file gives it: count and total time.
    const auto kernels = rocmSqlTotals(file, op + kRpdKernelTypes + " GROUP BY 1");
    QVERIFY(!kernels.empty());
    QCOMPARE(rocmTraceTotals(trace, EventKind::Kernel), kernels);
    // Copies and fills are named by their type.
    const std::string byType = "SELECT t.string, count(*), sum(o.end - o.start) FROM rocpd_op o JOIN rocpd_string t "
                               "ON t.id = o.opType_id WHERE t.string IN ";
    const auto copies = rocmSqlTotals(file, byType + kRpdCopyTypes + " GROUP BY 1");
    QVERIFY(!copies.empty());
    QCOMPARE(rocmTraceTotals(trace, EventKind::Memcpy), copies);
    QCOMPARE(rocmTraceTotals(trace, EventKind::Memset), rocmSqlTotals(file, byType + kRpdSetTypes + " GROUP BY 1"));

    // API calls per name; UserMarker rows are roctx ranges named by their message.
    const std::string api = "SELECT n.string, count(*), sum(a.end - a.start) FROM rocpd_api a JOIN rocpd_string n ON "
                            "n.id = a.apiName_id WHERE n.string != 'UserMarker' GROUP BY 1";
    QCOMPARE(rocmTraceTotals(trace, EventKind::ApiCall), rocmSqlTotals(file, api));
    const std::string markers = "SELECT CASE WHEN s.string = '' THEN 'UserMarker' ELSE s.string END, count(*), "
                                "sum(a.end - a.start) FROM rocpd_api a JOIN rocpd_string n ON n.id = a.apiName_id "
                                "JOIN rocpd_string s ON s.id = a.args_id WHERE n.string = 'UserMarker' AND ";
    QCOMPARE(rocmTraceTotals(trace, EventKind::Range), rocmSqlTotals(file, markers + "a.end != a.start GROUP BY 1"));
    QCOMPARE(rocmTraceTotals(trace, EventKind::Instant), rocmSqlTotals(file, markers + "a.end = a.start GROUP BY 1"));

    // Launch arrows: every rocpd_api_ops pair whose op is GPU work, from the call to the op.
    const auto launches = rocmSqlPairs(
        file, std::string("SELECT a.start, o.start FROM rocpd_api_ops l JOIN rocpd_api a ON a.id = l.api_id "
                          "JOIN rocpd_op o ON o.id = l.op_id JOIN rocpd_string t ON t.id = o.opType_id WHERE "
                          "t.string IN ")
                  + kRpdKernelTypes + " OR t.string IN " + kRpdCopyTypes + " OR t.string IN " + kRpdSetTypes);
    QVERIFY(!launches.empty());
    QCOMPARE(rocmTraceLaunches(trace), launches);

    // One lane per (gpuId, queueId), named after the queue.
    std::set<std::pair<qint64, std::string>> lanes, expectedLanes;
    for (const Track &track : trace.tracks)
        if (track.kind == TrackKind::GpuStream)
            lanes.emplace(trace.devices[std::size_t(trace.streams[std::size_t(track.stream)].device)].id,
                          std::string(trace.strings.view(track.name)));
    for (const test::SqlRow &row : sqlRows(file, "SELECT DISTINCT gpuId, queueId FROM rocpd_op"))
        expectedLanes.emplace(std::stoll(row[0]), "Queue " + row[1]);
    QCOMPARE(lanes, expectedLanes);

    // Copy sizes from rocpd_copyapi reach the copies their call made.
    qint64 bytes = 0;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t)
        for (std::uint32_t i = 0; i < trace.tracks[t].events.size(); ++i)
            if (const auto b = trace.arg({t, i}, "bytes"))
                bytes += *b->asInt();
    QCOMPARE(bytes, sqlValue(file, "SELECT coalesce(sum(c.size), 0) FROM rocpd_api_ops l JOIN rocpd_copyapi c "
                                   "ON c.api_ptr_id = l.api_id JOIN rocpd_op o ON o.id = l.op_id"));
    QCOMPARE(trace.diagnostics.count("rpd-op-type-unknown"), std::uint64_t(0));
}

void TestImportRocmSqlite::rocpdAgainstSql()
{
    const ImportResult result = loadTrace(kRocpd);
    QVERIFY2(result.ok(), result.error.c_str());
    const Trace &trace = *result.trace;
    QCOMPARE(trace.source.format, std::string("rocpd"));
    // The data sit in suffixed tables; only the views have the plain names.
    QCOMPARE(sqlValue(kRocpd, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = "
                              "'rocpd_kernel_dispatch'"),
             0LL);
    QCOMPARE(sqlValue(kRocpd, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name LIKE "
                              "'rocpd_kernel_dispatch_%'"),
             1LL);

    const auto kernels = rocmSqlTotals(kRocpd, "SELECT name, count(*), sum(end - start) FROM kernels GROUP BY 1");
    QCOMPARE(rocmSum(kernels).count, 5000LL);
    QCOMPARE(rocmTraceTotals(trace, EventKind::Kernel), kernels);
    QCOMPARE(rocmTraceTotals(trace, EventKind::Memcpy),
             rocmSqlTotals(kRocpd, "SELECT name, count(*), sum(end - start) FROM memory_copies GROUP BY 1"));
    const std::string regions = "SELECT name, count(*), sum(end - start) FROM regions WHERE category ";
    QCOMPARE(rocmTraceTotals(trace, EventKind::ApiCall),
             rocmSqlTotals(kRocpd, regions + "NOT IN " + kRocpdMarkers + " GROUP BY 1"));
    QCOMPARE(rocmTraceTotals(trace, EventKind::Range),
             rocmSqlTotals(kRocpd, regions + "IN " + kRocpdMarkers + " AND end != start GROUP BY 1"));
    QCOMPARE(rocmTraceTotals(trace, EventKind::Instant),
             rocmSqlTotals(kRocpd, regions + "IN " + kRocpdMarkers + " AND end = start GROUP BY 1"));

    // Launch arrows: API regions and the GPU work sharing their correlation id.
    const auto launches = rocmSqlPairs(
        kRocpd, std::string("SELECT r.start, k.start FROM regions r JOIN kernels k ON k.corr_id = r.corr_id "
                            "WHERE r.category NOT IN ")
                    + kRocpdMarkers
                    + " UNION ALL SELECT r.start, m.start FROM regions r JOIN memory_copies m ON m.corr_id = "
                      "r.corr_id WHERE r.category NOT IN "
                    + kRocpdMarkers);
    QVERIFY(launches.size() > 1000);
    QCOMPARE(rocmTraceLaunches(trace), launches);

    // Lanes: one per (GPU, queue) of the kernels, one for copies without a queue.
    std::set<std::pair<qint64, std::string>> lanes, expectedLanes;
    for (const Track &track : trace.tracks)
        if (track.kind == TrackKind::GpuStream)
            lanes.emplace(trace.devices[std::size_t(trace.streams[std::size_t(track.stream)].device)].id,
                          std::string(trace.strings.view(track.name)));
    for (const test::SqlRow &row : sqlRows(kRocpd, "SELECT DISTINCT agent_type_index, queue_id FROM kernels"))
        expectedLanes.emplace(std::stoll(row[0]), "Queue " + row[1]);
    for (const test::SqlRow &row : sqlRows(kRocpd, "SELECT DISTINCT dst_agent_type_index FROM memory_copies"))
        expectedLanes.emplace(std::stoll(row[0]), "Copies");
    QCOMPARE(lanes, expectedLanes);

    // GPU names from rocpd_info_agent; copy sizes; allocations counted, not drawn.
    const auto gpuName = sqlRows(kRocpd, "SELECT product_name FROM rocpd_info_agent WHERE type = 'GPU' AND "
                                         "type_index = 0");
    QCOMPARE(gpuName.size(), std::size_t(1));
    QCOMPARE(trace.devices.size(), std::size_t(1));
    QCOMPARE(std::string(trace.strings.view(trace.devices[0].name)), gpuName[0][0]);
    qint64 bytes = 0;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t)
        for (std::uint32_t i = 0; i < trace.tracks[t].events.size(); ++i)
            if (const auto b = trace.arg({t, i}, "bytes"))
                bytes += *b->asInt();
    QCOMPARE(bytes, sqlValue(kRocpd, "SELECT sum(size) FROM memory_copies"));
    QCOMPARE(qint64(trace.diagnostics.count("rocpd-allocations-not-shown")),
             sqlValue(kRocpd, "SELECT count(*) FROM memory_allocations"));
}

void TestImportRocmSqlite::cliAgainstSql_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("kernelSql");
    QTest::addColumn<QString>("apiSql");
    QTest::addColumn<QString>("gpuSql");
    QTest::newRow("rpd") << QString::fromStdString(m_rpdVllm)
                         << QStringLiteral("SELECT CASE WHEN d.string = '' THEN t.string ELSE d.string END, "
                                           "count(*), sum(o.end - o.start) FROM rocpd_op o JOIN rocpd_string t ON "
                                           "t.id = o.opType_id JOIN rocpd_string d ON d.id = o.description_id WHERE "
                                           "t.string IN %1 GROUP BY 1")
                                .arg(QLatin1String(kRpdKernelTypes))
                         << QStringLiteral("SELECT n.string, count(*), sum(a.end - a.start) FROM rocpd_api a JOIN "
                                           "rocpd_string n ON n.id = a.apiName_id WHERE n.string != 'UserMarker' "
                                           "GROUP BY 1")
                         << QStringLiteral("SELECT o.gpuId, o.start, o.end FROM rocpd_op o");
    QTest::newRow("rocpd") << QString::fromStdString(kRocpd)
                           << QStringLiteral("SELECT name, count(*), sum(end - start) FROM kernels GROUP BY 1")
                           << QStringLiteral("SELECT name, count(*), sum(end - start) FROM regions WHERE category "
                                             "NOT IN %1 GROUP BY 1")
                                  .arg(QLatin1String(kRocpdMarkers))
                           << QStringLiteral("SELECT agent_type_index, start, end FROM kernels UNION ALL SELECT "
                                             "dst_agent_type_index, start, end FROM memory_copies");
}

void TestImportRocmSqlite::cliAgainstSql()
{
    QFETCH(QString, path);
    QFETCH(QString, kernelSql);
    QFETCH(QString, apiSql);
    QFETCH(QString, gpuSql);
    const std::string file = path.toStdString();

    // kernels: per name as the file names it (mangled names are shown demangled, so only the total for those).
    const auto expectedKernels = rocmSqlTotals(file, kernelSql.toStdString());
    const auto cliKernels = rocmCliTotals(QStringLiteral("kernels"), file);
    QVERIFY(!cliKernels.empty());
    QCOMPARE(rocmSum(cliKernels), rocmSum(expectedKernels));
    for (const auto &[name, totals] : expectedKernels)
        if (!name.starts_with("_Z")) {
            QVERIFY2(cliKernels.contains(name), name.c_str());
            QCOMPARE(cliKernels.at(name), totals);
        }
    // api: every name.
    QCOMPARE(rocmCliTotals(QStringLiteral("api"), file), rocmSqlTotals(file, apiSql.toStdString()));

    // gpu-time: busy time per device is the union of its GPU work.
    std::map<qint64, std::vector<std::pair<qint64, qint64>>> work;
    for (const test::SqlRow &row : sqlRows(file, gpuSql.toStdString()))
        work[std::stoll(row[0])].emplace_back(std::stoll(row[1]), std::stoll(row[2]));
    const test::CliRun gpu = test::runCli({QStringLiteral("gpu-time"), path, QStringLiteral("--format"),
                                           QStringLiteral("csv")});
    QVERIFY2(gpu.finished && gpu.exitCode == 0, qPrintable(gpu.err));
    std::map<qint64, qint64> busy;
    for (const QString &line : gpu.out.split(u'\n', Qt::SkipEmptyParts).mid(1)) {
        const QStringList f = rocmCsvFields(line);
        if (f[1].isEmpty()) // the device's row, not one of its streams
            busy[f[0].toLongLong()] = f[3].toLongLong();
    }
    QCOMPARE(busy.size(), work.size());
    for (auto &[device, intervals] : work)
        QCOMPARE(busy[device], rocmUnion(intervals));

    // info: the event counts.
    const test::CliRun info = test::runCli({QStringLiteral("info"), path});
    QVERIFY(info.finished && info.exitCode == 0);
    QVERIFY2(info.out.contains(QStringLiteral("Kernels     %1").arg(rocmSum(expectedKernels).count)),
             qPrintable(info.out));
}

void TestImportRocmSqlite::detection()
{
    QCOMPARE(detectImporter(probeFile(kRpdMatmul))->id(), std::string_view("rpd"));
    QCOMPARE(detectImporter(probeFile(m_rpdVllm))->id(), std::string_view("rpd"));
    QCOMPARE(detectImporter(probeFile(kRocpd))->id(), std::string_view("rocpd"));
    // Neither claims the NVIDIA databases, which keep their own importers.
    const std::string nvprof = TRACELANE_SHARED_TRACES "/nvprof/gpu_ml_timeline.nvvp";
    const std::string nsys = TRACELANE_SHARED_TRACES "/nsys/emit_nvtx_mlp.sqlite";
    for (const auto &[path, id] : {std::pair{nvprof, "nvprof"}, std::pair{nsys, "nsys-sqlite"}}) {
        if (!QFile::exists(QString::fromStdString(path)))
            continue;
        QCOMPARE(detectImporter(probeFile(path))->id(), std::string_view(id));
    }
}

void TestImportRocmSqlite::rpdEdgeCases()
{
    // Hand-made: 64-bit ids as a second rpd_tracer session writes them, a NULL
    // time, an end before the start, a barrier, a gpuId past 32 bits, a name id
    // missing from rocpd_string, a roctx range and mark.
    const std::string path = rocmTempPath("edge.rpd");
    std::string sql = kRpdSchema;
    sql += "INSERT INTO rocpd_string VALUES (1, ''), (2, 'KernelExecution'), (3, 'hipLaunchKernel'),"
           "(4, 'BarrierAnd'), (5, 'UserMarker'), (6, 'step'), (7, 'k1'), (8, 'CopyHostToDevice');"
           "INSERT INTO rocpd_api VALUES (4611686018427387904, 1, 2, 100, 200, 3, 1), (2, 1, 2, 300, 250, 3, 1),"
           "(3, 1, 2, NULL, 400, 3, 1), (4, 1, 2, 50, 1000, 5, 6), (5, 1, 2, 60, 60, 5, 6),"
           "(6, 1, 2, 70, 80, 99, NULL);"
           "INSERT INTO rocpd_op VALUES (4611686018427387905, 0, 4611686018427387904, 0, 210, 300, 7, 2),"
           "(2, 0, 1, 0, 400, 350, 7, 2), (3, 0, 1, 0, NULL, 500, 7, 2), (4, 0, 1, 0, 600, 700, 1, 4),"
           "(5, 1099511627776, 1, 0, 800, 900, 7, 2), (6, 0, 1, 0, 900, 950, 1, 8);"
           "INSERT INTO rocpd_api_ops VALUES (1, 4611686018427387904, 4611686018427387905), (2, 2, 2), (3, 2, 6),"
           "(4, 2, 4);";
    QCOMPARE(test::execSql(path, sql), std::string());
    const ImportResult result = loadTrace(path);
    QVERIFY2(result.ok(), result.error.c_str());
    const Trace &trace = *result.trace;
    const EventCounts counts = trace.counts();
    QCOMPARE(counts.kernels, std::uint64_t(2));
    QCOMPARE(counts.memcpys, std::uint64_t(1));
    QCOMPARE(counts.apiCalls, std::uint64_t(3));
    QCOMPARE(rocmTraceTotals(trace, EventKind::Range)["step"], (RocmTotals{1, 950}));
    QCOMPARE(rocmTraceTotals(trace, EventKind::Instant)["step"].count, 1LL);
    QCOMPARE(trace.diagnostics.count("rpd-op-without-time"), std::uint64_t(1));
    QCOMPARE(trace.diagnostics.count("rpd-api-without-time"), std::uint64_t(1));
    QCOMPARE(trace.diagnostics.count("rpd-op-type-unknown"), std::uint64_t(1));
    QCOMPARE(trace.diagnostics.count("rpd-gpu-id-out-of-range"), std::uint64_t(1));
    QCOMPARE(trace.diagnostics.count("negative-duration"), std::uint64_t(2));
    QVERIFY(trace.diagnostics.count("rpd-string-id-unknown") >= 1);
    // The 2^62 call launched the kernel on queue 2^62; call 2 launched a kernel and a copy.
    const std::vector<std::pair<qint64, qint64>> expected{{100, 210}, {300, 400}, {300, 900}};
    QCOMPARE(rocmTraceLaunches(trace), expected);
    bool hugeQueue = false;
    for (const Track &track : trace.tracks)
        hugeQueue = hugeQueue || trace.strings.view(track.name) == "Queue 4611686018427387904";
    QVERIFY(hugeQueue);

    // Schema 3 keeps call arguments and roctx messages in rocpd_ustring.
    const std::string v3 = rocmTempPath("v3.rpd");
    QCOMPARE(test::execSql(v3, std::string(kRpdSchema)
                                   + "CREATE TABLE rocpd_ustring(id INTEGER PRIMARY KEY, string TEXT);"
                                     "INSERT INTO rocpd_string VALUES (1, ''), (3, 'hipMalloc'), (5, 'UserMarker');"
                                     "INSERT INTO rocpd_ustring VALUES (1, ''), (2, 'ptr(0x7f00) size(0x100)'),"
                                     "(3, 'forward');"
                                     "INSERT INTO rocpd_api VALUES (1, 1, 2, 100, 200, 3, 2), (2, 1, 2, 50, 300, 5, 3),"
                                     "(3, 1, 2, 400, 500, 3, 1);"),
             std::string());
    const ImportResult schema3 = loadTrace(v3);
    QVERIFY2(schema3.ok(), schema3.error.c_str());
    QCOMPARE(rocmTraceTotals(*schema3.trace, EventKind::Range)["forward"], (RocmTotals{1, 250}));
    QCOMPARE(rocmTraceTotals(*schema3.trace, EventKind::ApiCall)["hipMalloc"], (RocmTotals{2, 200}));
    std::vector<std::string> argsTexts;
    for (std::uint32_t t = 0; t < schema3.trace->tracks.size(); ++t)
        for (std::uint32_t i = 0; i < schema3.trace->tracks[t].events.size(); ++i)
            if (const auto a = schema3.trace->arg({t, i}, "args"))
                argsTexts.emplace_back(schema3.trace->strings.view(a->s));
    QCOMPARE(argsTexts, std::vector<std::string>{"ptr(0x7f00) size(0x100)"});
    std::remove(v3.c_str());

    // Tables present, rows absent: an empty trace with a note.
    const std::string empty = rocmTempPath("empty.rpd");
    QCOMPARE(test::execSql(empty, kRpdSchema), std::string());
    const ImportResult nothing = loadTrace(empty);
    QVERIFY2(nothing.ok(), nothing.error.c_str());
    QVERIFY(nothing.trace->isEmpty());
    std::remove(path.c_str());
    std::remove(empty.c_str());
}

void TestImportRocmSqlite::rocpdEdgeCases()
{
    // Hand-made views over plain tables: a NULL start, a correlation id past
    // 32 bits, an agent index past 32 bits, one linked launch, a marker range.
    const std::string path = rocmTempPath("edge.db");
    QCOMPARE(test::execSql(path,
                           "CREATE TABLE k_1(name TEXT, start INT, \"end\" INT, queue_id INT, agent_type_index INT, "
                           "corr_id INT);"
                           "CREATE VIEW kernels AS SELECT * FROM k_1;"
                           "CREATE TABLE r_1(name TEXT, pid INT, tid INT, start INT, \"end\" INT, category TEXT, "
                           "corr_id INT);"
                           "CREATE VIEW regions AS SELECT * FROM r_1;"
                           "INSERT INTO k_1 VALUES ('a', NULL, 10, 1, 0, 1), ('b', 100, 200, 1, 0, 7),"
                           "('c', 300, 400, 1, 0, 1099511627776), ('d', 500, 600, 1, 1099511627776, 8);"
                           "INSERT INTO r_1 VALUES ('hipLaunchKernel', 5, 5, 50, 90, 'HIP_RUNTIME_API', 7),"
                           "('step', 5, 5, 40, 700, 'MARKER_CORE_RANGE_API', NULL),"
                           "('late', 5, 5, NULL, 700, 'HIP_RUNTIME_API', 9);"),
             std::string());
    const ImportResult result = loadTrace(path);
    QVERIFY2(result.ok(), result.error.c_str());
    const Trace &trace = *result.trace;
    QCOMPARE(trace.source.format, std::string("rocpd"));
    QCOMPARE(trace.counts().kernels, std::uint64_t(2));
    QCOMPARE(trace.counts().apiCalls, std::uint64_t(1));
    QCOMPARE(rocmTraceTotals(trace, EventKind::Range)["step"], (RocmTotals{1, 660}));
    QCOMPARE(trace.diagnostics.count("rocpd-kernel-without-time"), std::uint64_t(1));
    QCOMPARE(trace.diagnostics.count("rocpd-region-without-time"), std::uint64_t(1));
    QCOMPARE(trace.diagnostics.count("rocpd-correlation-too-large"), std::uint64_t(1));
    QCOMPARE(trace.diagnostics.count("rocpd-agent-out-of-range"), std::uint64_t(1));
    const std::vector<std::pair<qint64, qint64>> expected{{50, 100}};
    QCOMPARE(rocmTraceLaunches(trace), expected);
    std::remove(path.c_str());
}

void TestImportRocmSqlite::badInput()
{
    // An SQLite file of another program.
    const std::string other = rocmTempPath("other.db");
    QCOMPARE(test::execSql(other, "CREATE TABLE notes(id INTEGER, text TEXT); INSERT INTO notes VALUES (1, 'x');"),
             std::string());
    const ImportResult foreign = loadTrace(other);
    QVERIFY(!foreign.ok());
    QVERIFY2(foreign.error.find("RPD or rocpd") != std::string::npos, foreign.error.c_str());

    // RPD tables without a column every op needs: the file, the table and the column are named.
    const std::string noEnd = rocmTempPath("noend.rpd");
    QCOMPARE(test::execSql(noEnd, "CREATE TABLE rocpd_string(id INTEGER PRIMARY KEY, string TEXT);"
                                  "CREATE TABLE rocpd_api(id INTEGER PRIMARY KEY, pid INT, tid INT, start INT, "
                                  "end INT, apiName_id INT);"
                                  "CREATE TABLE rocpd_op(id INTEGER PRIMARY KEY, gpuId INT, queueId INT, start INT, "
                                  "opType_id INT);"),
             std::string());
    const ImportResult columns = loadTrace(noEnd);
    QVERIFY(!columns.ok());
    QVERIFY2(columns.error.find(noEnd) != std::string::npos
                 && columns.error.find("rocpd_op has no column 'end'") != std::string::npos,
             columns.error.c_str());

    // A rocpd kernels view without the end time.
    const std::string noEndView = rocmTempPath("noend.db");
    QCOMPARE(test::execSql(noEndView, "CREATE TABLE k(name TEXT, start INT); CREATE VIEW kernels AS SELECT * FROM k;"
                                      "CREATE TABLE r(name TEXT, pid INT, tid INT, start INT, end INT);"
                                      "CREATE VIEW regions AS SELECT * FROM r;"),
             std::string());
    const ImportResult view = loadTrace(noEndView);
    QVERIFY(!view.ok());
    QVERIFY2(view.error.find("kernels has no column 'end'") != std::string::npos, view.error.c_str());

    // Cut short: the first 16 KiB of the matmul profile, and of the rocpd database.
    for (const std::string &source : {kRpdMatmul, kRocpd}) {
        const std::string cut = rocmTempPath("cut.db");
        {
            std::ifstream in(source, std::ios::binary);
            std::string bytes(16384, '\0');
            in.read(bytes.data(), qint64(bytes.size()));
            std::ofstream(cut, std::ios::binary).write(bytes.data(), qint64(bytes.size()));
        }
        const ImportResult truncated = loadTrace(cut);
        if (!truncated.ok())
            QVERIFY2(truncated.error.find(cut) != std::string::npos, truncated.error.c_str());
        std::remove(cut.c_str());
    }
    std::remove(other.c_str());
    std::remove(noEnd.c_str());
    std::remove(noEndView.c_str());
}

void TestImportRocmSqlite::inputUnchanged()
{
    // Loading opens the database read-only and immutable: same bytes, no journal beside it.
    const QString copy = m_dir.filePath(QStringLiteral("copy.rpd"));
    QVERIFY(QFile::copy(QString::fromStdString(kRpdMatmul), copy));
    const auto digest = [](const QString &path) {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256)
                                              : QByteArray();
    };
    const QByteArray before = digest(copy);
    const QStringList filesBefore = QDir(m_dir.path()).entryList(QDir::Files);
    QVERIFY(loadTrace(copy.toStdString()).ok());
    QCOMPARE(digest(copy), before);
    QCOMPARE(QDir(m_dir.path()).entryList(QDir::Files), filesBefore);

    // A name SQLite's URI syntax would cut, opened by both of the import's connections.
    const QString odd = m_dir.filePath(QStringLiteral("run #2?v=1%20.rpd"));
    QVERIFY(QFile::copy(QString::fromStdString(kRpdMatmul), odd));
    const ImportResult oddResult = loadTrace(odd.toStdString());
    QVERIFY2(oddResult.ok(), oddResult.error.c_str());
    QCOMPARE(oddResult.trace->counts().apiCalls, std::uint64_t(125));
}

void TestImportRocmSqlite::cancelled()
{
    // Cancelled at the first progress report: the load stops (rocpd_api's reader
    // thread with it) and says so, for both formats.
    for (const std::string &path : {m_rpdVllm, kRocpd}) {
        ImportControl *self = nullptr;
        ImportControl control([&self](std::uint64_t, std::uint64_t) { self->cancel(); });
        self = &control;
        const ImportResult result = loadTrace(path, control);
        QVERIFY2(result.cancelled, path.c_str());
        QVERIFY(!result.ok());
    }
}

TRACELANE_TEST_GUILESS_MAIN(TestImportRocmSqlite)
#include "tst_import_rocm_sqlite.moc"
