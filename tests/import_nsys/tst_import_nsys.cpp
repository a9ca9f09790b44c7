// Nsight Systems importers against independent references: SQL run directly on
// the exports, the CSVs `nsys stats` printed for them, and each other (the
// SQLite and JSON exports of one report must give the same model). Then bad
// input: other databases, damaged files, broken lines, unknown records.
#include "import/import_control.h"
#include "import/import_error.h"
#include "import/importer.h"
#include "import/nsys/nsys_json_importer.h"
#include "import/nsys/nsys_sqlite_importer.h"
#include "model/trace.h"

#include "test_registry.h"

#include <QtTest>

#include "direct_sql.h"
#include "fresh_import.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

using namespace tracelane;
using tracelane::test::freshTrace;

namespace {

using test::sqlCounts;
using test::sqlValue;

const std::string kTraces = TRACELANE_SHARED_TRACES "/nsys/";

QString qs(std::string_view text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

struct KindTotals
{
    qint64 count = 0;
    qint64 duration = 0;
};

KindTotals totals(const Trace &trace, EventKind kind)
{
    KindTotals t;
    for (const Track &track : trace.tracks)
        for (const Event &e : track.events)
            if (e.kind == kind) {
                ++t.count;
                t.duration += e.duration;
            }
    return t;
}

// Where an event lives, in words that do not depend on import order.
std::string trackIdentity(const Trace &trace, const Track &track)
{
    std::ostringstream out;
    out << trackKindName(track.kind);
    if (track.thread != kNoIndex) {
        const Thread &thread = trace.threads[std::size_t(track.thread)];
        out << " pid " << trace.processes[std::size_t(thread.process)].pid << " tid " << thread.tid;
    }
    if (track.stream != kNoIndex) {
        const Stream &stream = trace.streams[std::size_t(track.stream)];
        out << " gpu " << trace.devices[std::size_t(stream.device)].id << " stream " << stream.streamId;
    }
    out << " domain '" << trace.strings.view(track.domain) << "' name '" << trace.strings.view(track.name) << "'";
    return out.str();
}

// Every event with its track and arguments, sorted: two traces with the same
// list hold the same events.
std::vector<std::string> describeEvents(const Trace &trace)
{
    std::vector<std::string> lines;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &track = trace.tracks[t];
        const std::string where = trackIdentity(trace, track);
        for (std::uint32_t i = 0; i < track.events.size(); ++i) {
            const Event &e = track.events[i];
            std::ostringstream out;
            out << eventKindName(e.kind) << '|' << trace.strings.view(e.name) << '|' << e.start << '|' << e.duration
                << '|' << e.correlation << '|' << int(e.depth) << '|' << where << '|' << trace.flowsFrom({t, i}).size()
                << '|' << trace.flowsTo({t, i}).size();
            for (const Arg &arg : trace.args({t, i}))
                out << '|' << trace.strings.view(arg.key) << '=' << arg.value.toText(trace.strings);
            lines.push_back(out.str());
        }
    }
    std::sort(lines.begin(), lines.end());
    return lines;
}

// Rows of a CSV written by `nsys stats` (quoted fields may hold commas and "").
std::vector<std::vector<std::string>> readCsv(const std::string &path)
{
    std::ifstream in(path);
    std::vector<std::vector<std::string>> rows;
    std::string line;
    while (std::getline(in, line)) {
        std::vector<std::string> fields(1);
        bool quoted = false;
        for (std::size_t i = 0; i < line.size(); ++i) {
            const char c = line[i];
            if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"')
                fields.back() += line[++i];
            else if (c == '"')
                quoted = !quoted;
            else if (c == ',' && !quoted)
                fields.emplace_back();
            else
                fields.back() += c;
        }
        rows.push_back(std::move(fields));
    }
    return rows;
}

std::string writeFile(const QTemporaryDir &dir, const char *name, const std::string &content)
{
    const std::string path = dir.filePath(QString::fromUtf8(name)).toStdString();
    std::ofstream(path, std::ios::binary) << content;
    return path;
}

std::string readFile(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void addRecordings()
{
    QTest::addColumn<QString>("recording");
    QTest::newRow("nvtx_cnn") << QStringLiteral("nvtx_cnn");
    QTest::newRow("emit_nvtx_mlp") << QStringLiteral("emit_nvtx_mlp");
}

void addExports()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("recording");
    for (const char *recording : {"nvtx_cnn", "emit_nvtx_mlp"}) {
        const QString r = QString::fromUtf8(recording);
        QTest::addRow("%s sqlite", recording) << r + QStringLiteral(".sqlite") << r;
        QTest::addRow("%s json", recording) << r + QStringLiteral("_nsys.json") << r;
    }
}

} // namespace

class TestImportNsys : public QObject
{
    Q_OBJECT

private slots:
    void detectsBothExports_data() { addExports(); }
    void detectsBothExports()
    {
        QFETCH(QString, file);
        const ContentProbe probe = probeFile(kTraces + file.toStdString());
        const Importer *importer = detectImporter(probe);
        QVERIFY(importer);
        QCOMPARE(qs(importer->id()),
                 file.endsWith(QStringLiteral(".sqlite")) ? QStringLiteral("nsys-sqlite")
                                                          : QStringLiteral("nsys-json"));
    }

    // Counts and summed durations per kind, against SQL on the same database.
    void sqliteMatchesSql_data() { addRecordings(); }
    void sqliteMatchesSql()
    {
        QFETCH(QString, recording);
        const std::string db = kTraces + recording.toStdString() + ".sqlite";
        const auto trace = freshTrace(db);
        QVERIFY(trace);
        const struct
        {
            EventKind kind;
            const char *count;
            const char *sum;
        } checks[] = {
            {EventKind::Kernel, "SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL",
             "SELECT sum(end - start) FROM CUPTI_ACTIVITY_KIND_KERNEL"},
            {EventKind::ApiCall, "SELECT count(*) FROM CUPTI_ACTIVITY_KIND_RUNTIME",
             "SELECT sum(end - start) FROM CUPTI_ACTIVITY_KIND_RUNTIME"},
            {EventKind::Memcpy, "SELECT count(*) FROM CUPTI_ACTIVITY_KIND_MEMCPY",
             "SELECT sum(end - start) FROM CUPTI_ACTIVITY_KIND_MEMCPY"},
            {EventKind::Memset, "SELECT count(*) FROM CUPTI_ACTIVITY_KIND_MEMSET",
             "SELECT sum(end - start) FROM CUPTI_ACTIVITY_KIND_MEMSET"},
            {EventKind::Sync, "SELECT count(*) FROM CUPTI_ACTIVITY_KIND_SYNCHRONIZATION",
             "SELECT sum(end - start) FROM CUPTI_ACTIVITY_KIND_SYNCHRONIZATION"},
            {EventKind::Range, "SELECT count(*) FROM NVTX_EVENTS WHERE eventType IN (59, 60) AND end IS NOT NULL",
             "SELECT sum(end - start) FROM NVTX_EVENTS WHERE eventType IN (59, 60) AND end IS NOT NULL"},
            {EventKind::Instant, "SELECT count(*) FROM NVTX_EVENTS WHERE eventType = 34", "SELECT 0"},
        };
        for (const auto &check : checks) {
            const KindTotals t = totals(*trace, check.kind);
            QVERIFY2(t.count > 0 || check.kind == EventKind::Instant, eventKindName(check.kind).data());
            QCOMPARE(t.count, sqlValue(db, check.count));
            QCOMPARE(t.duration, sqlValue(db, check.sum));
        }
        // Every GPU operation with a launching API call is linked to it.
        const qint64 launched = sqlValue(db,
                                         "SELECT (SELECT count(*) FROM CUPTI_ACTIVITY_KIND_KERNEL) + "
                                         "(SELECT count(*) FROM CUPTI_ACTIVITY_KIND_MEMCPY) + "
                                         "(SELECT count(*) FROM CUPTI_ACTIVITY_KIND_MEMSET) + "
                                         "(SELECT count(*) FROM CUPTI_ACTIVITY_KIND_SYNCHRONIZATION)");
        QCOMPARE(qint64(trace->flows.size()), launched);
    }

    void identityOfThreadsAndGpus_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<qint64>("pid");
        // globalTid 281492945110063 packs pid 1071 and tid 1071: the main Python thread.
        for (const char *file : {"nvtx_cnn.sqlite", "nvtx_cnn_nsys.json"})
            QTest::addRow("%s main thread", file) << QString::fromUtf8(file) << qint64(1071);
        for (const char *file : {"emit_nvtx_mlp.sqlite", "emit_nvtx_mlp_nsys.json"})
            QTest::addRow("%s main thread", file) << QString::fromUtf8(file) << qint64(1176);
    }
    void identityOfThreadsAndGpus()
    {
        QFETCH(QString, file);
        QFETCH(qint64, pid);
        const auto trace = freshTrace(kTraces + file.toStdString());
        QVERIFY(trace);
        const Track *api = nullptr;
        for (const Track &track : trace->tracks)
            if (track.kind == TrackKind::ThreadApi && trace->threads[std::size_t(track.thread)].tid == pid)
                api = &track;
        QVERIFY(api);
        const Thread &thread = trace->threads[std::size_t(api->thread)];
        const Process &process = trace->processes[std::size_t(thread.process)];
        QCOMPARE(process.pid, std::int64_t(pid));
        QCOMPARE(qs(trace->strings.view(process.name)), QStringLiteral("python3"));
        QCOMPARE(qs(trace->strings.view(thread.name)), QStringLiteral("python3"));
        QCOMPARE(qs(trace->strings.view(api->name)), QStringLiteral("CUDA API"));
        QCOMPARE(trace->devices.size(), std::size_t(1));
        QCOMPARE(trace->devices[0].id, 0);
        // Only the SQLite export records the GPU's name.
        if (file.endsWith(QStringLiteral(".sqlite"))) {
            QCOMPARE(qs(trace->strings.view(trace->devices[0].name)), QStringLiteral("NVIDIA H100 80GB HBM3"));
            const auto &meta = trace->source.metadata;
            QVERIFY(
                std::find(meta.begin(), meta.end(), std::pair<std::string, std::string>("Nsight Systems", "2025.3.2.0"))
                != meta.end());
        }
    }

    // The two exports of one report give the same events on the same tracks.
    void jsonEqualsSqlite_data() { addRecordings(); }
    void jsonEqualsSqlite()
    {
        QFETCH(QString, recording);
        const auto fromSqlite = freshTrace(kTraces + recording.toStdString() + ".sqlite");
        const auto fromJson = freshTrace(kTraces + recording.toStdString() + "_nsys.json");
        QVERIFY(fromSqlite && fromJson);
        const std::vector<std::string> a = describeEvents(*fromSqlite);
        const std::vector<std::string> b = describeEvents(*fromJson);
        QVERIFY(a.size() > 1000);
        QCOMPARE(b.size(), a.size());
        for (std::size_t i = 0; i < a.size(); ++i)
            QCOMPARE(qs(b[i]), qs(a[i]));
        QCOMPARE(fromJson->tracks.size(), fromSqlite->tracks.size());
        QCOMPARE(fromJson->flows.size(), fromSqlite->flows.size());
        QCOMPARE(fromJson->startNs, fromSqlite->startNs);
        QCOMPARE(fromJson->endNs, fromSqlite->endNs);
    }

    // Every row `nsys stats -r cuda_gpu_trace` printed is a GPU event of the model.
    void gpuTraceMatchesNsysStats_data() { addExports(); }
    void gpuTraceMatchesNsysStats()
    {
        QFETCH(QString, file);
        QFETCH(QString, recording);
        const auto trace = freshTrace(kTraces + file.toStdString());
        QVERIFY(trace);
        std::multiset<std::string> model;
        for (const Track &track : trace->tracks) {
            for (const Event &e : track.events) {
                if (!isGpuWork(e.kind))
                    continue;
                const Stream &stream = trace->streams[std::size_t(track.stream)];
                model.insert(std::to_string(e.start) + '|' + std::to_string(e.duration) + '|'
                             + std::to_string(e.correlation) + '|' + std::to_string(stream.streamId) + '|'
                             + std::string(trace->strings.view(e.name)));
            }
        }
        const auto rows = readCsv(kTraces + "expected/" + recording.toStdString() + "_cuda_gpu_trace.csv");
        QVERIFY(rows.size() > 100);
        QCOMPARE(rows[0][0], std::string("Start (ns)"));
        std::size_t matched = 0;
        for (std::size_t i = 1; i < rows.size(); ++i) {
            const auto &r = rows[i];
            QCOMPARE(r.size(), std::size_t(21));
            const std::string key = r[0] + '|' + r[1] + '|' + r[2] + '|' + r[19] + '|' + r[20];
            const auto it = model.find(key);
            QVERIFY2(it != model.end(), key.c_str());
            model.erase(it);
            ++matched;
        }
        QVERIFY(model.empty());
        QCOMPARE(matched, rows.size() - 1);
        if (recording == QStringLiteral("nvtx_cnn")) // the first copy, as nsys printed it
            QCOMPARE(rows[1][0] + '|' + rows[1][1] + '|' + rows[1][2] + '|' + rows[1][20],
                     std::string("3876059907|1216|148|[CUDA memcpy Host-to-Device]"));
    }

    // Domain + text + style of each range rebuild nsys's nvtx_sum rows exactly.
    void nvtxRangesMatchNsysStats_data() { addExports(); }
    void nvtxRangesMatchNsysStats()
    {
        QFETCH(QString, file);
        QFETCH(QString, recording);
        const auto trace = freshTrace(kTraces + file.toStdString());
        QVERIFY(trace);
        std::map<std::string, std::pair<qint64, qint64>> model; // "style|domain:text" -> instances, total
        for (std::uint32_t t = 0; t < trace->tracks.size(); ++t) {
            const Track &track = trace->tracks[t];
            if (track.kind != TrackKind::ThreadRanges)
                continue;
            for (std::uint32_t i = 0; i < track.events.size(); ++i) {
                const Event &e = track.events[i];
                if (e.kind != EventKind::Range)
                    continue;
                const auto style = trace->arg({t, i}, "style");
                QVERIFY(style);
                const std::string key = style->toText(trace->strings) + '|'
                    + std::string(trace->strings.view(track.domain)) + ':' + std::string(trace->strings.view(e.name));
                model[key].first += 1;
                model[key].second += e.duration;
            }
        }
        const auto rows = readCsv(kTraces + "expected/" + recording.toStdString() + "_nvtx_sum.csv");
        QCOMPARE(rows[0][9], std::string("Range"));
        QCOMPARE(model.size(), rows.size() - 1);
        for (std::size_t i = 1; i < rows.size(); ++i) {
            const std::string key = rows[i][8] + '|' + rows[i][9];
            const auto it = model.find(key);
            QVERIFY2(it != model.end(), key.c_str());
            QCOMPARE(it->second.first, std::stoll(rows[i][2]));
            QCOMPARE(it->second.second, std::stoll(rows[i][1]));
        }
    }

    void kernelArgumentsFromTheRow()
    {
        const std::string db = kTraces + "nvtx_cnn.sqlite";
        const auto trace = freshTrace(db);
        QVERIFY(trace);
        const qint64 start = sqlValue(db, "SELECT start FROM CUPTI_ACTIVITY_KIND_KERNEL ORDER BY start LIMIT 1");
        for (std::uint32_t t = 0; t < trace->tracks.size(); ++t) {
            const Track &track = trace->tracks[t];
            for (std::uint32_t i = 0; i < track.events.size(); ++i) {
                if (track.events[i].kind != EventKind::Kernel || track.events[i].start != start)
                    continue;
                const EventRef ref{t, i};
                const auto text = [&](const char *key) { return qs(trace->arg(ref, key)->toText(trace->strings)); };
                const char *row = "FROM CUPTI_ACTIVITY_KIND_KERNEL ORDER BY start LIMIT 1";
                QCOMPARE(text("grid"),
                         QStringLiteral("[%1,%2,%3]")
                             .arg(sqlValue(db, std::string("SELECT gridX ") + row))
                             .arg(sqlValue(db, std::string("SELECT gridY ") + row))
                             .arg(sqlValue(db, std::string("SELECT gridZ ") + row)));
                QCOMPARE(trace->arg(ref, "registersPerThread")->asInt().value_or(-1),
                         sqlValue(db, std::string("SELECT registersPerThread ") + row));
                QCOMPARE(qint64(track.events[i].correlation), sqlValue(db, std::string("SELECT correlationId ") + row));
                QVERIFY(!text("shortName").isEmpty());
                QVERIFY(qs(trace->strings.view(track.events[i].name)).contains(text("shortName")));
                return;
            }
        }
        QFAIL("the first kernel of the database is not in the trace");
    }

    void nvtxDomainsAndMarks()
    {
        const auto trace = freshTrace(kTraces + "nvtx_cnn.sqlite");
        QVERIFY(trace);
        std::set<qint64> cublasThreads;
        qint64 marks = 0;
        for (const Track &track : trace->tracks) {
            if (track.kind != TrackKind::ThreadRanges)
                continue;
            const std::string_view domain = trace->strings.view(track.domain);
            QCOMPARE(qs(trace->strings.view(track.name)), domain.empty() ? QStringLiteral("NVTX") : qs(domain));
            for (const Event &e : track.events) {
                if (domain == "cuBLAS") {
                    QCOMPARE(qs(trace->strings.view(e.name)), QStringLiteral("cublasCreate_v2"));
                    cublasThreads.insert(trace->threads[std::size_t(track.thread)].tid);
                }
                if (e.kind == EventKind::Instant) {
                    ++marks;
                    QCOMPARE(qs(trace->strings.view(e.name)), QStringLiteral("Epoch 0 start"));
                    QCOMPARE(e.start, TimeNs(8959839883));
                }
            }
        }
        QCOMPARE(marks, qint64(1));
        // cublasCreate_v2 ran once on the main thread and once on autograd's thread.
        QCOMPARE(cublasThreads, (std::set<qint64>{1071, 281492945110100LL & 0xFFFFFF}));
    }

    void progressAndCancel_data() { addExports(); }
    void progressAndCancel()
    {
        QFETCH(QString, file);
        std::uint64_t lastDone = 0, lastTotal = 0;
        int calls = 0;
        ImportControl control([&](std::uint64_t done, std::uint64_t total) {
            QVERIFY(done >= lastDone);
            lastDone = done;
            lastTotal = total;
            ++calls;
        });
        QVERIFY(loadTrace(kTraces + file.toStdString(), control).ok());
        QVERIFY(calls > 2);
        QVERIFY(lastTotal > 0);
        QCOMPARE(lastDone, lastTotal);

        ImportControl cancelled;
        cancelled.cancel();
        const ImportResult result = loadTrace(kTraces + file.toStdString(), cancelled);
        QVERIFY(!result.ok());
        QVERIFY(result.cancelled);
    }

    void databaseIsNeverModified()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = writeFile(dir, "copy.sqlite", readFile(kTraces + "nvtx_cnn.sqlite"));
        const QDateTime before = QFileInfo(QString::fromStdString(path)).lastModified();
        const std::string bytes = readFile(path);
        QTest::qSleep(20);
        QVERIFY(freshTrace(path));
        QCOMPARE(QFileInfo(QString::fromStdString(path)).lastModified(), before);
        QVERIFY(readFile(path) == bytes);
        // No journal, WAL or shared-memory file appeared beside it.
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("copy.sqlite")});
    }

    // Files that must fail with one message naming the file and the cause.
    void badDatabases_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("messagePart");
        QTest::newRow("another schema") << QStringLiteral("other") << QStringLiteral("without the tables");
        QTest::newRow("truncated") << QStringLiteral("truncated") << QStringLiteral("damaged");
        QTest::newRow("zeroed pages") << QStringLiteral("zeroed") << QStringLiteral("table CUPTI_ACTIVITY_KIND_");
        QTest::newRow("not sqlite") << QStringLiteral("text") << QStringLiteral("not a trace format");
        QTest::newRow("empty") << QStringLiteral("empty") << QStringLiteral("is empty");
    }
    void badDatabases()
    {
        QFETCH(QString, kind);
        QFETCH(QString, messagePart);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        std::string path;
        if (kind == QStringLiteral("other")) {
            path = dir.filePath(QStringLiteral("orders.sqlite")).toStdString();
            QCOMPARE(test::execSql(path,
                                   "CREATE TABLE orders(id INTEGER, item TEXT); INSERT INTO orders VALUES (1, 'tea');"),
                     std::string());
        } else if (kind == QStringLiteral("truncated")) {
            const std::string whole = readFile(kTraces + "nvtx_cnn.sqlite");
            path = writeFile(dir, "half.sqlite", whole.substr(0, whole.size() / 2));
        } else if (kind == QStringLiteral("zeroed")) {
            // The schema still reads; the event tables' pages in the middle do not.
            std::string whole = readFile(kTraces + "nvtx_cnn.sqlite");
            const std::size_t middle = whole.size() / 2 / 4096 * 4096;
            whole.replace(middle, 8 * 4096, std::string(8 * 4096, '\0'));
            path = writeFile(dir, "zeroed.sqlite", whole);
        } else if (kind == QStringLiteral("text")) {
            path = writeFile(dir, "notes.sqlite", "these are notes, not a database\n");
        } else {
            path = writeFile(dir, "empty.sqlite", "");
        }
        const std::string bytes = readFile(path);
        const ImportResult result = loadTrace(path);
        QVERIFY(!result.ok());
        QVERIFY2(qs(result.error).contains(qs(path)), result.error.c_str());
        QVERIFY2(qs(result.error).contains(messagePart), result.error.c_str());
        QVERIFY(readFile(path) == bytes);

        // Called directly, the SQLite importer refuses every one of them too.
        ContentProbe probe;
        probe.path = path;
        TraceBuilder builder;
        ImportControl control;
        try {
            NsysSqliteImporter().import(probe, builder, control);
            QFAIL("expected an ImportError");
        } catch (const ImportError &e) {
            QVERIFY2(qs(e.what()).contains(qs(path)), e.what());
        }
    }

    // A database written by another nsys version: missing columns are read as
    // empty, a table without its times is skipped, and both are noted.
    void missingColumnsAndTables()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath(QStringLiteral("old.sqlite")).toStdString();
        QCOMPARE(test::execSql(path,
                               "CREATE TABLE StringIds(id INTEGER PRIMARY KEY, value TEXT);"
                               "INSERT INTO StringIds VALUES (1, 'gemm_kernel'), (2, 'cudaLaunchKernel');"
                               "CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL(start INTEGER, end INTEGER, deviceId INTEGER,"
                               "  streamId INTEGER, correlationId INTEGER, demangledName INTEGER);"
                               "INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL VALUES (100, 150, 0, 7, 5, 1);"
                               "CREATE TABLE CUPTI_ACTIVITY_KIND_RUNTIME(start INTEGER, end INTEGER, globalTid INTEGER,"
                               "  correlationId INTEGER, nameId INTEGER);"
                               "INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME VALUES (90, 99, 281492945110063, 5, 2);"
                               "CREATE TABLE CUPTI_ACTIVITY_KIND_MEMCPY(deviceId INTEGER, bytes INTEGER);"
                               "INSERT INTO CUPTI_ACTIVITY_KIND_MEMCPY VALUES (0, 64);"),
                 std::string());
        const auto trace = freshTrace(path);
        QVERIFY(trace);
        QCOMPARE(totals(*trace, EventKind::Kernel).count, qint64(1));
        QCOMPARE(totals(*trace, EventKind::Kernel).duration, qint64(50));
        QCOMPARE(totals(*trace, EventKind::Memcpy).count, qint64(0));
        QCOMPARE(trace->flows.size(), std::size_t(1));
        QCOMPARE(qs(trace->name(trace->flows[0].to)), QStringLiteral("gemm_kernel"));
        QCOMPARE(qs(trace->name(trace->flows[0].from)), QStringLiteral("cudaLaunchKernel"));
        QVERIFY(trace->diagnostics.count("nsys-column-missing") > 0);
        QCOMPARE(trace->diagnostics.count("nsys-table-unusable"), std::uint64_t(1));
    }

    // Broken lines in a JSON export are counted with their line number; the rest loads.
    void badJsonLines_data()
    {
        QTest::addColumn<QString>("extra");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("where");
        QTest::newRow("not json") << QStringLiteral("this is not JSON {\n") << QStringLiteral("nsys-json-bad-line")
                                  << QStringLiteral("line 2001");
        QTest::newRow("json array") << QStringLiteral("[1, 2, 3]\n") << QStringLiteral("nsys-json-bad-line")
                                    << QStringLiteral("line 2001");
        QTest::newRow("unknown record") << QStringLiteral("{\"Type\":999,\"FancyEvent\":{\"x\":1}}\n")
                                        << QStringLiteral("nsys-json-unknown-record")
                                        << QStringLiteral("line 2001 (FancyEvent)");
        QTest::newRow("event without time")
            << QStringLiteral("{\"Type\":79,\"CudaEvent\":{\"deviceId\":0,\"kernel\":{\"shortName\":\"3\"}}}\n")
            << QStringLiteral("nsys-json-incomplete") << QStringLiteral("line 2001 (CudaEvent)");
        QTest::newRow("cut off") << QStringLiteral("{\"Type\":79,\"CudaEvent\":{\"startNs\":\"38")
                                 << QStringLiteral("nsys-json-truncated") << QStringLiteral("line 2001");
    }
    void badJsonLines()
    {
        QFETCH(QString, extra);
        QFETCH(QString, code);
        QFETCH(QString, where);
        std::ifstream in(kTraces + "nvtx_cnn_nsys.json");
        std::string head, line;
        for (int i = 0; i < 2000 && std::getline(in, line); ++i)
            head += line + '\n';
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const auto clean = freshTrace(writeFile(dir, "clean.json", head));
        const auto trace = freshTrace(writeFile(dir, "broken.json", head + extra.toStdString()));
        QVERIFY(clean && trace);
        QVERIFY(trace->eventCount() > 1000);
        QCOMPARE(trace->eventCount(), clean->eventCount());
        QCOMPARE(trace->diagnostics.count(code.toStdString()), std::uint64_t(1));
        for (const Diagnostic &d : trace->diagnostics.entries())
            if (d.code == code.toStdString())
                QCOMPARE(d.examples, std::vector<std::string>{where.toStdString()});
    }

    void jsonWithoutAnyEventFails()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = writeFile(dir, "garbage.json", "{\"data\":[\"a\"]}\nnot json\nnor this\n");
        ContentProbe probe = probeFile(path);
        QCOMPARE(detectImporter(probe)->id(), std::string_view("nsys-json"));
        const ImportResult result = loadTrace(path);
        QVERIFY(!result.ok());
        QVERIFY2(qs(result.error).contains(qs(path)), result.error.c_str());
        QVERIFY2(qs(result.error).contains(QStringLiteral("line 2")), result.error.c_str());
    }

    // Older nsys versions wrote the string table as one record per string, and
    // wrote 64-bit numbers as numbers.
    void legacyStringRecords()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = writeFile(
            dir, "old.json",
            "{\"type\":\"String\",\"id\":0,\"value\":\"cudaLaunchKernel\"}\n"
            "{\"type\":\"String\",\"id\":1,\"value\":\"relu_kernel\"}\n"
            "{\"Type\":48,\"TraceProcessEvent\":{\"startNs\":1000,\"endNs\":1400,\"correlationId\":9,"
            "\"eventClass\":0,\"name\":0,\"globalTid\":281492945110063}}\n"
            "{\"Type\":79,\"CudaEvent\":{\"startNs\":2000,\"endNs\":2500,\"correlationId\":9,\"deviceId\":1,"
            "\"streamId\":3,\"kernel\":{\"demangledName\":1,\"shortName\":1,\"gridX\":4,\"gridY\":1,\"gridZ\":1}}}\n"
            "{\"Type\":59,\"NvtxEvent\":{\"Type\":59,\"Timestamp\":900,\"EndTimestamp\":3000,\"Text\":\"step\","
            "\"GlobalTid\":281492945110063,\"DomainId\":0}}\n");
        QCOMPARE(detectImporter(probeFile(path))->id(), std::string_view("nsys-json"));
        const auto trace = freshTrace(path);
        QVERIFY(trace);
        QCOMPARE(trace->flows.size(), std::size_t(1));
        QCOMPARE(qs(trace->name(trace->flows[0].from)), QStringLiteral("cudaLaunchKernel"));
        QCOMPARE(qs(trace->name(trace->flows[0].to)), QStringLiteral("relu_kernel"));
        QCOMPARE(trace->event(trace->flows[0].to).duration, TimeNs(500));
        QCOMPARE(trace->devices[0].id, 1);
        QCOMPARE(totals(*trace, EventKind::Range).duration, qint64(2100));
    }
};

TRACELANE_TEST_APPLESS_MAIN(TestImportNsys)
#include "tst_import_nsys.moc"
