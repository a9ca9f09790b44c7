// The pivot table (core/analysis/pivot, `tracelane-cli pivot`) against SQL over
// the model on the shared Kineto, nsys and nvprof traces and the with_stack
// fixtures. Per trace the test materialises one row per event in a temporary
// SQL table: its key columns straight from the `event` table, its enclosing
// range from the `enclosing_range` view (innermost: latest start, earliest end,
// deepest), its self time as dur less the clipped durations of the events one
// level deeper on its track that start inside it. Every group of every level is
// then a GROUP BY over that table (joined with `arg` for arg:KEY), compared
// with the pivot's groups. nn.Module frames are found by a brute-force scan of
// every frame of the thread written here, not a stack. The edge cases (empty
// trace, events without a thread) use small traces built by hand in this file.
#include "analysis/pivot/pivot_export.h"
#include "analysis/pivot/pivot_table.h"
#include "cached_import.h"
#include "cli_run.h"
#include "hand_built_trace.h"
#include "sql/trace_database.h"

#include "shared_traces.h"
#include "test_registry.h"

#include <QtTest>

#include <limits>
#include <map>
#include <sstream>

using namespace tracelane;
using namespace tracelane::test;

namespace {

struct PivotStats
{
    std::int64_t count = 0;
    std::int64_t total = 0, self = 0;
    std::int64_t min = std::numeric_limits<std::int64_t>::max(), max = std::numeric_limits<std::int64_t>::min();

    friend bool operator==(const PivotStats &, const PivotStats &) = default;
};

using PivotPath = std::vector<std::string>;
using PivotExpected = std::map<PivotPath, PivotStats>;

const QString kPivotWithStack = QStringLiteral(TRACELANE_TEST_DATA "/chrome/with_stack/");

QStringList pivotTraces()
{
    return {sharedTrace("kineto/resnet50_train.json.gz"),
            sharedTrace("kineto/dlrm_train.json.gz"),
            sharedTrace("kineto/transformer_train_2streams.json.gz"),
            sharedTrace("kineto/compiled_mlp_train.json.gz"),
            sharedTrace("nsys/nvtx_cnn.sqlite"),
            sharedTrace("nsys/emit_nvtx_mlp.sqlite"),
            sharedTrace("nvprof/gpu_ml_timeline.nvvp"),
            kPivotWithStack + QStringLiteral("bert_small_h100.json.gz"),
            kPivotWithStack + QStringLiteral("qwen_0.5b_h100.json.gz")};
}

std::vector<std::vector<Cell>> pivotSql(TraceDatabase &db, const std::string &sql)
{
    const SqlResult result = db.query(sql);
    if (!result.status.ok())
        qWarning("%s\n  %s", sql.c_str(), result.status.message.c_str());
    return result.rows;
}

// One row per event with what every dimension but Module needs, computed by SQL.
void pivotMaterialise(TraceDatabase &db)
{
    const SqlResult made = db.query(R"(
CREATE TEMP TABLE ev AS
SELECT e.id AS id, e.track AS track, e.name AS name, e.kind AS kind, e.thread AS thread, e.stream AS stream,
       e.device AS device, nullif(e.category, '') AS category, e.ts AS ts, e.dur AS dur, e."end" AS "end",
       (SELECT er.name FROM enclosing_range AS er WHERE er.event_id = e.id
        ORDER BY er.ts DESC, er."end" ASC, er.depth DESC, er.range_id ASC LIMIT 1) AS range,
       e.dur - CASE WHEN (SELECT kind FROM track WHERE id = e.track) IN ('async', 'counter') THEN 0 ELSE
         (SELECT coalesce(sum(min(c."end", e."end") - max(c.ts, e.ts)), 0) FROM event AS c
          WHERE c.track = e.track AND c.depth = e.depth + 1 AND c.ts >= e.ts AND c.ts < e."end") END AS self,
       c.id AS call_id, c.thread AS call_thread, c.ts AS call_ts, c."end" AS call_end
FROM event AS e JOIN event AS c ON c.id = coalesce(e.launch_id, e.id))");
    QVERIFY2(made.status.ok(), made.status.message.c_str());
}

// The thread's text as the pivot documents it: name, then the tid unless the name holds it.
std::map<std::int64_t, std::string> pivotThreadTexts(TraceDatabase &db)
{
    std::map<std::int64_t, std::string> out;
    for (const auto &row : pivotSql(db, "SELECT id, name, tid FROM thread")) {
        const std::string name = row[1].toString(), tid = row[2].toString();
        out[row[0].i] = name.empty() ? tid : name.find(tid) != std::string::npos ? name : name + " (" + tid + ")";
    }
    return out;
}

std::string pivotArgText(const Cell &type, const Cell &value)
{
    if (type.type == Cell::Type::Empty)
        return "(none)";
    const std::string t = type.s;
    if (t == "null")
        return "null";
    if (t == "bool")
        return value.i ? "true" : "false";
    if (t == "double") {
        std::ostringstream out;
        out.precision(15);
        out << value.d;
        return out.str();
    }
    return value.toString();
}

// The SQL expression and text rule of one dimension over `ev` (alias v) and arg alias aN.
struct PivotSqlDim
{
    std::vector<std::string> columns; // selected and grouped
    std::string join;
};

PivotSqlDim pivotSqlDim(const PivotBy &by, int n)
{
    switch (by.dimension) {
    case PivotDimension::Name: return {{"v.name"}, {}};
    case PivotDimension::Kind: return {{"v.kind"}, {}};
    case PivotDimension::Thread: return {{"v.thread"}, {}};
    case PivotDimension::Stream: return {{"v.stream"}, {}};
    case PivotDimension::Device: return {{"v.device"}, {}};
    case PivotDimension::Category: return {{"v.category"}, {}};
    case PivotDimension::EnclosingRange: return {{"v.range"}, {}};
    case PivotDimension::Arg: {
        const std::string a = "a" + std::to_string(n);
        std::string key = by.argKey; // no quotes in the keys tested
        return {{a + ".type", a + ".value"},
                " LEFT JOIN arg AS " + a + " ON " + a + ".event_id = v.id AND " + a + ".key = '" + key + "'"};
    }
    case PivotDimension::Module: break;
    }
    return {};
}

// Every level's groups by GROUP BY over `ev`.
PivotExpected pivotExpectedBySql(TraceDatabase &db, const std::vector<PivotBy> &dims, const std::string &where)
{
    PivotExpected expected;
    const auto threads = pivotThreadTexts(db);
    for (std::size_t level = 1; level <= dims.size(); ++level) {
        std::string columns, joins;
        std::vector<PivotSqlDim> parts;
        for (std::size_t d = 0; d < level; ++d) {
            parts.push_back(pivotSqlDim(dims[d], int(d)));
            for (const std::string &c : parts.back().columns)
                columns += (columns.empty() ? "" : ", ") + c;
            joins += parts.back().join;
        }
        const std::string sql = "SELECT " + columns
                                + ", count(*), sum(v.dur), sum(v.self), min(v.dur), max(v.dur) FROM ev AS v" + joins
                                + (where.empty() ? "" : " WHERE " + where) + " GROUP BY " + columns;
        for (const auto &row : pivotSql(db, sql)) {
            PivotPath path;
            std::size_t at = 0;
            for (std::size_t d = 0; d < level; ++d) {
                const Cell &cell = row[at];
                if (dims[d].dimension == PivotDimension::Arg) {
                    path.push_back(pivotArgText(row[at], row[at + 1]));
                    at += 2;
                    continue;
                }
                ++at;
                if (cell.type == Cell::Type::Empty)
                    path.push_back("(none)");
                else if (dims[d].dimension == PivotDimension::Thread)
                    path.push_back(threads.at(cell.i));
                else
                    path.push_back(cell.toString());
            }
            PivotStats &s = expected[path];
            s = {row[at].i, row[at + 1].i, row[at + 2].i, row[at + 3].i, row[at + 4].i};
        }
    }
    return expected;
}

// nn.Module names around each event (its launching call for GPU work), by a
// scan over every module frame of the call's thread.
PivotExpected pivotExpectedModules(TraceDatabase &db, bool thenName, const std::string &where)
{
    struct Frame
    {
        std::int64_t id, thread, ts, end, depth;
        std::string name;
    };
    std::vector<Frame> frames;
    for (const auto &row : pivotSql(db, "SELECT id, thread, ts, \"end\", depth, substr(name, 12) FROM event "
                                        "WHERE kind = 'python_function' AND name GLOB 'nn.Module: *'"))
        frames.push_back({row[0].i, row[1].i, row[2].i, row[3].i, row[4].i, row[5].toString()});
    PivotExpected expected;
    for (const auto &row : pivotSql(db, "SELECT call_id, call_thread, call_ts, call_end, name, dur, self FROM ev AS v"
                                            + (where.empty() ? std::string() : " WHERE " + where))) {
        const Frame *best = nullptr;
        if (row[1].type != Cell::Type::Empty)
            for (const Frame &f : frames) {
                if (f.thread != row[1].i || f.ts > row[2].i || f.end < row[3].i || f.id == row[0].i)
                    continue;
                if (!best || f.ts > best->ts || (f.ts == best->ts && f.end < best->end)
                    || (f.ts == best->ts && f.end == best->end && f.depth > best->depth))
                    best = &f;
            }
        const std::string module = best ? best->name : "(none)";
        std::vector<PivotPath> paths{{module}};
        if (thenName)
            paths.push_back({module, row[4].toString()});
        for (const PivotPath &path : paths) {
            PivotStats &s = expected[path];
            ++s.count;
            s.total += row[5].i;
            s.self += row[6].i;
            s.min = std::min(s.min, row[5].i);
            s.max = std::max(s.max, row[5].i);
        }
    }
    return expected;
}

PivotExpected pivotActual(const PivotResult &result)
{
    PivotExpected actual;
    for (std::uint32_t g : result.depthFirst()) {
        PivotPath path;
        for (std::uint32_t at = g; result.groups[at].level >= 0; at = result.groups[at].parent)
            path.insert(path.begin(), result.groups[at].key);
        const PivotGroup &group = result.groups[g];
        actual[path] = {group.count, group.total, group.self, group.min, group.max};
    }
    return actual;
}

// Children by total descending, then key; every group's count the sum of its children's.
bool pivotWellFormed(const PivotResult &result)
{
    for (const PivotGroup &group : result.groups) {
        std::int64_t count = 0;
        for (std::size_t i = 0; i < group.children.size(); ++i) {
            const PivotGroup &c = result.groups[group.children[i]];
            count += c.count;
            if (i > 0) {
                const PivotGroup &p = result.groups[group.children[i - 1]];
                if (p.total < c.total || (p.total == c.total && p.key >= c.key))
                    return false;
            }
        }
        if (!group.children.empty() && count != group.count)
            return false;
    }
    return true;
}

void pivotCompare(const PivotExpected &expected, const PivotExpected &actual)
{
    for (const auto &[path, stats] : expected) {
        const auto it = actual.find(path);
        QString where;
        for (const std::string &k : path)
            where += QStringLiteral(" / ") + QString::fromStdString(k);
        if (it == actual.end())
            QFAIL(qPrintable(QStringLiteral("missing group") + where));
        if (!(it->second == stats))
            QFAIL(qPrintable(QStringLiteral("group%1: count %2/%3 total %4/%5 self %6/%7 min %8/%9 max %10/%11")
                                 .arg(where)
                                 .arg(it->second.count).arg(stats.count)
                                 .arg(it->second.total).arg(stats.total)
                                 .arg(it->second.self).arg(stats.self)
                                 .arg(it->second.min).arg(stats.min)
                                 .arg(it->second.max).arg(stats.max)));
    }
    QCOMPARE(actual.size(), expected.size());
}

std::vector<PivotBy> pivotDims(const char *list)
{
    std::string error;
    const auto dims = parsePivotByList(list, error);
    return dims ? *dims : std::vector<PivotBy>{};
}

} // namespace

class TestPivot : public QObject
{
    Q_OBJECT

private slots:
    void matchesSql_data();
    void matchesSql();
    void modulesMatchBruteForce_data();
    void modulesMatchBruteForce();
    void filtersMatchSql();
    void absentArgumentIsNone();
    void emptyTrace();
    void eventsWithoutThread();
    void cliPrintsTheSameTable();
    void cliRejectsBadArguments();
};

void TestPivot::matchesSql_data()
{
    QTest::addColumn<QString>("path");
    for (const QString &path : pivotTraces())
        QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
}

void TestPivot::matchesSql()
{
    QFETCH(QString, path);
    const auto trace = cachedTraceOrWarn(path);
    QVERIFY(trace);
    TraceDatabase db(trace);
    pivotMaterialise(db);
    // The trace's most common argument keys besides the documented example.
    std::vector<std::string> argKeys{"Input Dims"};
    for (const auto &row : pivotSql(db, "SELECT key FROM arg GROUP BY key ORDER BY count(*) DESC, key LIMIT 2"))
        if (row[0].s.find('\'') == std::string::npos && row[0].s.find(',') == std::string::npos)
            argKeys.push_back(row[0].s);
    std::vector<const char *> lists{"name", "kind", "thread", "stream", "device", "category", "range",
                                    "name,kind", "thread,name", "range,name", "kind,category,name",
                                    "device,stream,kind"};
    std::vector<std::string> all(lists.begin(), lists.end());
    for (const std::string &key : argKeys)
        all.push_back("arg:" + key);
    all.push_back("kind,arg:" + argKeys.back());
    for (const std::string &list : all) {
        const std::vector<PivotBy> dims = pivotDims(list.c_str());
        QVERIFY2(!dims.empty(), list.c_str());
        const PivotResult result = computePivot(*trace, PivotOptions{dims, {}});
        QVERIFY2(pivotWellFormed(result), list.c_str());
        QCOMPARE(result.root().count, pivotSql(db, "SELECT count(*) FROM event").front().front().i);
        const PivotExpected expected = pivotExpectedBySql(db, dims, {});
        pivotCompare(expected, pivotActual(result));
        if (QTest::currentTestFailed()) {
            qWarning("dimensions: %s", list.c_str());
            return;
        }
    }
}

void TestPivot::modulesMatchBruteForce_data()
{
    QTest::addColumn<QString>("path");
    for (const char *file : {"bert_small_h100.json.gz", "qwen_0.5b_h100.json.gz"})
        QTest::newRow(file) << kPivotWithStack + QLatin1String(file);
}

void TestPivot::modulesMatchBruteForce()
{
    QFETCH(QString, path);
    const auto trace = cachedTraceOrWarn(path);
    QVERIFY(trace);
    TraceDatabase db(trace);
    pivotMaterialise(db);
    const PivotResult modules = computePivot(*trace, PivotOptions{pivotDims("module"), {}});
    const PivotExpected expected = pivotExpectedModules(db, false, {});
    QVERIFY(expected.size() > 10); // the fixtures hold hundreds of module frames
    pivotCompare(expected, pivotActual(modules));

    // GPU work goes under the module that launched it.
    PivotOptions kernels{pivotDims("module,name"), {}};
    kernels.filter.kinds = {EventKind::Kernel, EventKind::Memset, EventKind::Memcpy};
    const PivotResult byModule = computePivot(*trace, kernels);
    QVERIFY(pivotWellFormed(byModule));
    const PivotExpected gpuExpected = pivotExpectedModules(db, true, "v.kind IN ('kernel', 'memset', 'memcpy')");
    pivotCompare(gpuExpected, pivotActual(byModule));
    QVERIFY(gpuExpected.size() > 4);
}

void TestPivot::filtersMatchSql()
{
    const auto trace = cachedTraceOrWarn(resnetTrace());
    QVERIFY(trace);
    TraceDatabase db(trace);
    pivotMaterialise(db);
    const TimeNs length = trace->endNs - trace->startNs;
    PivotOptions options{pivotDims("name,thread"), {}};
    options.filter.from = trace->startNs + length / 3;
    options.filter.to = trace->startNs + length / 2;
    options.filter.kinds = {EventKind::CpuOp, EventKind::Kernel};
    // The tracks of the first half of the track list.
    std::string tracks;
    for (std::uint32_t t = 0; t < trace->tracks.size() / 2 + 1; ++t) {
        options.filter.tracks.push_back(t);
        tracks += (tracks.empty() ? "" : ",") + std::to_string(t);
    }
    const std::string where = "v.ts >= " + std::to_string(*options.filter.from) + " AND v.ts < "
                              + std::to_string(*options.filter.to) + " AND v.kind IN ('cpu_op', 'kernel') AND v.track IN ("
                              + tracks + ")";
    const PivotResult result = computePivot(*trace, options);
    const PivotExpected expected = pivotExpectedBySql(db, options.dimensions, where);
    QVERIFY(expected.size() > 5);
    pivotCompare(expected, pivotActual(result));
}

void TestPivot::absentArgumentIsNone()
{
    const auto trace = cachedTraceOrWarn(resnetTrace());
    QVERIFY(trace);
    const PivotResult result = computePivot(*trace, PivotOptions{pivotDims("arg:no such key anywhere"), {}});
    QCOMPARE(result.root().children.size(), std::size_t(1));
    const PivotGroup &none = result.groups[result.root().children.front()];
    QCOMPARE(none.key, std::string("(none)"));
    QCOMPARE(none.count, result.root().count);
}

void TestPivot::emptyTrace()
{
    const Trace empty;
    const PivotResult result = computePivot(empty, PivotOptions{pivotDims("range,module,name,arg:x"), {}});
    QVERIFY(result.error.empty());
    QCOMPARE(result.root().count, std::int64_t(0));
    QVERIFY(result.root().children.empty());
    QCOMPARE(pivotTable(result).rows.size(), std::size_t(0));
    const PivotResult none = computePivot(empty, PivotOptions{});
    QVERIFY(!none.error.empty());
}

void TestPivot::eventsWithoutThread()
{
    // Hand-built: GPU work with and without a launch, and a range around the launch.
    HandBuiltTrace built;
    built.range(1, 0, 1000, "step");
    built.launch(1, 100, 200, "gemm", 300, 50);
    built.gpuOp(500, 20, "orphan");
    const auto trace = built.finish();
    const PivotResult result = computePivot(*trace, PivotOptions{pivotDims("thread,range,name"), {}});
    const PivotExpected actual = pivotActual(result);
    QVERIFY(actual.contains(PivotPath{"(none)", "step", "gemm"}));     // launched inside "step"
    QVERIFY(actual.contains(PivotPath{"(none)", "(none)", "orphan"})); // no launch, no thread
    QCOMPARE(actual.at(PivotPath{"(none)"}).count, std::int64_t(2));
    QCOMPARE(actual.at(PivotPath{"(none)", "(none)", "orphan"}).self, std::int64_t(20));
}

void TestPivot::cliPrintsTheSameTable()
{
    const auto trace = cachedTraceOrWarn(resnetTrace());
    QVERIFY(trace);
    const PivotResult result = computePivot(*trace, PivotOptions{pivotDims("kind,name"), {}});
    std::ostringstream csv;
    writeCsv(csv, pivotTable(result));
    const CliRun run = runCli({QStringLiteral("pivot"), resnetTrace(), QStringLiteral("--by"),
                               QStringLiteral("kind,name"), QStringLiteral("--format"), QStringLiteral("csv")});
    QVERIFY(run.finished);
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.out, QString::fromStdString(csv.str()));
    QVERIFY(run.out.startsWith(QStringLiteral("Kind,Name,Level,Count,Total (ns),Self (ns),Mean (ns),Min (ns),Max (ns)")));

    // The filters: --from and --to from the trace start, kinds, tracks.
    PivotOptions filtered{pivotDims("thread,range"), {}};
    const TimeNs length = trace->endNs - trace->startNs;
    filtered.filter.from = trace->startNs + length / 4;
    filtered.filter.to = trace->startNs + length / 2;
    filtered.filter.kinds = {EventKind::Kernel, EventKind::ApiCall};
    filtered.filter.tracks = {0, 1, 2, 3, 4, 5};
    std::ostringstream filteredCsv;
    writeCsv(filteredCsv, pivotTable(computePivot(*trace, filtered)));
    const CliRun filteredRun = runCli(
        {QStringLiteral("pivot"), resnetTrace(), QStringLiteral("--by"), QStringLiteral("thread,range"),
         QStringLiteral("--from"), QString::number(length / 4), QStringLiteral("--to"), QString::number(length / 2),
         QStringLiteral("--kind"), QStringLiteral("kernel,api_call"), QStringLiteral("--tracks"),
         QStringLiteral("0,1,2,3,4,5"), QStringLiteral("--format"), QStringLiteral("csv")});
    QCOMPARE(filteredRun.exitCode, 0);
    QCOMPARE(filteredRun.out, QString::fromStdString(filteredCsv.str()));
    QVERIFY(filteredRun.out.count(QLatin1Char('\n')) > 2);
}

void TestPivot::cliRejectsBadArguments()
{
    const QString path = resnetTrace();
    for (const QStringList &args : {QStringList{QStringLiteral("pivot"), path},
                                    QStringList{QStringLiteral("pivot"), path, QStringLiteral("--by"), QStringLiteral("colour")},
                                    QStringList{QStringLiteral("pivot"), path, QStringLiteral("--by"), QStringLiteral("name"),
                                                QStringLiteral("--kind"), QStringLiteral("kernels")},
                                    QStringList{QStringLiteral("pivot"), path, QStringLiteral("--by"), QStringLiteral("name"),
                                                QStringLiteral("--from"), QStringLiteral("10")},
                                    QStringList{QStringLiteral("pivot"), path, QStringLiteral("--by"), QStringLiteral("name"),
                                                QStringLiteral("--tracks"), QStringLiteral("999")}}) {
        const CliRun run = runCli(args);
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.err.contains(QStringLiteral("pivot")));
    }
}

TRACELANE_TEST_GUILESS_MAIN(TestPivot)
#include "tst_pivot.moc"
