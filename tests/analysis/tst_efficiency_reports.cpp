// The efficiency reports (gpu-time, kernel-types, idle, overlap, launches,
// queue, overheads) on every shared trace with GPU work, in every format,
// against tests/reference/efficiency_reference.py: an independent Python
// reading of the raw files (json, sqlite3) and of docs/ANALYSIS_EFFICIENCY.md,
// committed in tests/data/expected/efficiency. Rows must come in the same
// order; integers exactly, percentages and means within 0.1. tracelane-cli
// must print the same figures as CSV.
#include "report_csv.h"

#include "analysis/efficiency/gpu_time.h"
#include "analysis/efficiency/idle_causes.h"
#include "analysis/efficiency/launch_overheads.h"
#include "analysis/efficiency/launch_stats.h"
#include "analysis/efficiency/queue_depth.h"
#include "cached_import.h"
#include "cli_run.h"

#include "shared_traces.h"
#include "test_registry.h"

#include <QtTest>

#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>

using namespace tracelane;
using namespace tracelane::test;

namespace {

const QString kExpectedEfficiency = QStringLiteral(TRACELANE_TEST_DATA "/expected/efficiency/");

// Reference file name -> shared trace, one per format and GPU trace.
const std::vector<std::pair<QString, QString>> &efficiencyTraces()
{
    static const std::vector<std::pair<QString, QString>> all = {
        {QStringLiteral("compiled_mlp_train"), QStringLiteral("kineto/compiled_mlp_train.json.gz")},
        {QStringLiteral("dlrm_train"), QStringLiteral("kineto/dlrm_train.json.gz")},
        {QStringLiteral("resnet50_train"), QStringLiteral("kineto/resnet50_train.json.gz")},
        {QStringLiteral("transformer_train_2streams"), QStringLiteral("kineto/transformer_train_2streams.json.gz")},
        {QStringLiteral("nccl_distributed_rank"), QStringLiteral("hta/nccl_distributed_rank.json.gz")},
        {QStringLiteral("sampled_rank-0"), QStringLiteral("hta/sampled_rank-0.json.gz")},
        {QStringLiteral("sampled_rank-1"), QStringLiteral("hta/sampled_rank-1.json.gz")},
        {QStringLiteral("amd_mi250_rocm62"), QStringLiteral("hta/amd_mi250_rocm62.json.gz")},
        {QStringLiteral("triton_example"), QStringLiteral("hta/triton_example.json.gz")},
        {QStringLiteral("nvtx_cnn"), QStringLiteral("nsys/nvtx_cnn.sqlite")},
        {QStringLiteral("emit_nvtx_mlp"), QStringLiteral("nsys/emit_nvtx_mlp.sqlite")},
        {QStringLiteral("gpu_ml_timeline"), QStringLiteral("nvprof/gpu_ml_timeline.nvvp")},
        {QStringLiteral("dvdt_prof_armcl"), QStringLiteral("opencl/dvdt_prof_armcl.json")},
    };
    return all;
}

QString efficiencyTrace(const QString &name)
{
    for (const auto &[key, path] : efficiencyTraces())
        if (key == name)
            return sharedTraces() + path;
    return {};
}

const nlohmann::json &efficiencyReferenceJson(const QString &name)
{
    static std::map<QString, nlohmann::json> cache;
    auto it = cache.find(name);
    if (it == cache.end()) {
        std::ifstream in(QString(kExpectedEfficiency + name + QStringLiteral(".json")).toStdString());
        it = cache.emplace(name, in.good() ? nlohmann::json::parse(in) : nlohmann::json()).first;
    }
    return it->second;
}

struct EfficiencyCheck
{
    const char *key; // the reference's table; its columns are under "columns"
    std::function<Table(const Trace &)> table;
    QStringList cliArgs;
};

const std::vector<EfficiencyCheck> &efficiencyChecks()
{
    static const std::vector<EfficiencyCheck> all = {
        {"gpu_time",
         [](const Trace &t) { return gpuTimeTable(gpuTimeBreakdown(t), true); },
         {QStringLiteral("gpu-time"), QStringLiteral("--per-stream")}},
        {"kernel_types",
         [](const Trace &t) { return kernelTypesTable(gpuTimeBreakdown(t)); },
         {QStringLiteral("kernel-types")}},
        {"idle",
         [](const Trace &t) {
             const auto streams = gpuStreamOps(t);
             return idleTable(idleByStream(t, streams, idleGaps(t, streams)));
         },
         {QStringLiteral("idle")}},
        {"overlap", [](const Trace &t) { return overlapTable(gpuTimeBreakdown(t)); }, {QStringLiteral("overlap")}},
        {"queue", [](const Trace &t) { return queueTable(queueDepth(t, gpuStreamOps(t))); }, {QStringLiteral("queue")}},
        {"overheads", [](const Trace &t) { return overheadsTable(launchOverheads(t)); }, {QStringLiteral("overheads")}},
    };
    return all;
}

// The reference rows of a report. T4 counts every launch call of the trace (the
// reference also keeps the calls inside depth-0 ops only, under "overheads").
nlohmann::json efficiencyExpectedRows(const nlohmann::json &ref, const std::string &key)
{
    if (key != "overheads")
        return ref.at(key);
    nlohmann::json rows = nlohmann::json::array();
    for (const auto &row : ref.at("overheads"))
        if (row.at("Op").get<std::string>().rfind("T4 ", 0) != 0)
            rows.push_back(row);
    for (const auto &row : ref.at("overheads_t4_all_launch_calls"))
        rows.push_back(row);
    return rows;
}

QString efficiencyReference(const nlohmann::json &value)
{
    if (value.is_null())
        return {};
    if (value.is_string())
        return QString::fromStdString(value.get<std::string>());
    if (value.is_number_integer())
        return QString::number(value.get<std::int64_t>());
    return QString::number(value.get<double>(), 'g', 12);
}

// Empty when `got` (CSV rows, header first) holds `rows` (the first rows.size()
// when `prefixOnly`); else names the first difference.
QString compareEfficiencyRows(const QString &where, const QList<QStringList> &got, const QStringList &columns,
                              const nlohmann::json &rows, bool prefixOnly = false)
{
    if (got.isEmpty() || got.first() != columns)
        return where
            + QStringLiteral(": header '%1', reference '%2'")
                  .arg(got.isEmpty() ? QString() : got.first().join(QLatin1Char(',')), columns.join(QLatin1Char(',')));
    const std::size_t gotRows = std::size_t(got.size() - 1);
    if (prefixOnly ? gotRows < rows.size() : gotRows != rows.size())
        return where + QStringLiteral(": %1 rows, reference %2").arg(gotRows).arg(rows.size());
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const QStringList &row = got[qsizetype(r) + 1];
        for (qsizetype c = 0; c < columns.size(); ++c) {
            const nlohmann::json &want = rows[r].at(columns[c].toStdString());
            bool match;
            if (want.is_number_float()) {
                bool ok = false;
                const double g = row.value(c).toDouble(&ok);
                match = ok && std::abs(g - want.get<double>()) <= 0.1 + 1e-9;
            } else {
                match = row.value(c) == efficiencyReference(want);
            }
            if (!match)
                return where
                    + QStringLiteral(", row %1 (%2, %3), column '%4': got '%5', reference '%6'")
                          .arg(r + 1)
                          .arg(row.value(0).left(40), row.value(1).left(40), columns[c], row.value(c).left(80),
                               efficiencyReference(want).left(80));
        }
    }
    return {};
}

QStringList columnsOf(const nlohmann::json &ref, const std::string &key)
{
    QStringList columns;
    for (const auto &c : ref.at("columns").at(key))
        columns << QString::fromStdString(c.get<std::string>());
    return columns;
}

QList<QStringList> cliRows(const QString &name, const QStringList &args, QString &error)
{
    const CliRun run = runCli(
        args + QStringList{efficiencyTrace(name), QStringLiteral("--format"), QStringLiteral("csv")}, false, 120000);
    if (!run.finished || run.exitCode != 0)
        error = QStringLiteral("tracelane-cli %1 failed: %2").arg(args.join(QLatin1Char(' ')), run.err);
    return parseCsv(run.out);
}

void addTraceRows()
{
    QTest::addColumn<QString>("name");
    for (const auto &[name, path] : efficiencyTraces())
        QTest::newRow(qPrintable(name)) << name;
}

void verifyDistribution(const QString &what, const LaunchDistribution &got, const nlohmann::json &want)
{
    QVERIFY2(got.count == want.at("count").get<std::int64_t>(), qPrintable(what));
    QVERIFY2(std::abs(got.mean - want.at("mean").get<double>()) < 0.01, qPrintable(what));
    QVERIFY2(got.median == want.at("median").get<double>(), qPrintable(what));
    QVERIFY2(got.p95 == want.at("p95").get<std::int64_t>(), qPrintable(what));
    QVERIFY2(got.max == want.at("max").get<std::int64_t>(), qPrintable(what));
}

} // namespace

class TestEfficiencyReports : public QObject
{
    Q_OBJECT

private slots:
    void everyTraceHasReference_data() { addTraceRows(); }
    void everyTraceHasReference()
    {
        QFETCH(QString, name);
        const nlohmann::json &ref = efficiencyReferenceJson(name);
        QVERIFY2(ref.is_object(), qPrintable(name + QStringLiteral(": run tests/reference/efficiency_reference.py")));
        QVERIFY2(!ref.at("gpu_time").empty(), qPrintable(name + QStringLiteral(" has GPU work")));
        QVERIFY(QFileInfo::exists(efficiencyTrace(name)));
    }

    void reportsMatchReference_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("report");
        for (const auto &[name, path] : efficiencyTraces())
            for (const EfficiencyCheck &report : efficiencyChecks())
                QTest::addRow("%s %s", qPrintable(name), report.key) << name << QString::fromLatin1(report.key);
    }
    void reportsMatchReference()
    {
        QFETCH(QString, name);
        QFETCH(QString, report);
        const auto trace = cachedTrace(efficiencyTrace(name));
        QVERIFY2(trace, cachedImport(efficiencyTrace(name)).error.c_str());
        const nlohmann::json &ref = efficiencyReferenceJson(name);
        const std::string key = report.toStdString();
        const EfficiencyCheck *r = nullptr;
        for (const EfficiencyCheck &candidate : efficiencyChecks())
            if (report == QLatin1String(candidate.key))
                r = &candidate;
        QVERIFY(r);
        const QStringList columns = columnsOf(ref, key);
        const nlohmann::json rows = efficiencyExpectedRows(ref, key);
        const QString inProcess = compareEfficiencyRows(name + QStringLiteral(" ") + report,
                                                        parseCsv(csvText(r->table(*trace))), columns, rows);
        QVERIFY2(inProcess.isEmpty(), qPrintable(inProcess));
        QString error;
        const QList<QStringList> printed = cliRows(name, r->cliArgs, error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QString cli = compareEfficiencyRows(name + QStringLiteral(" ") + report + QStringLiteral(" (cli)"),
                                                  printed, columns, rows);
        QVERIFY2(cli.isEmpty(), qPrintable(cli));
    }

    // Every launch: the first 50 rows as printed, the row count, and the summary.
    void launchesMatchReference_data() { addTraceRows(); }
    void launchesMatchReference()
    {
        QFETCH(QString, name);
        const auto trace = cachedTrace(efficiencyTrace(name));
        QVERIFY(trace);
        const nlohmann::json &ref = efficiencyReferenceJson(name);
        QString error;
        const QList<QStringList> printed = cliRows(name, {QStringLiteral("launches")}, error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(std::size_t(printed.size() - 1), ref.at("launches_total_rows").get<std::size_t>());
        const QString rows = compareEfficiencyRows(name + QStringLiteral(" launches"), printed,
                                                   columnsOf(ref, "launches_rows"), ref.at("launches_rows"), true);
        QVERIFY2(rows.isEmpty(), qPrintable(rows));

        const LaunchSummary summary = summarizeLaunches(launchRecords(*trace));
        const nlohmann::json &want = ref.at("launches_summary");
        verifyDistribution(name + QStringLiteral(" CPU duration"), summary.cpuDuration, want.at("CPU Duration (ns)"));
        verifyDistribution(name + QStringLiteral(" GPU duration"), summary.gpuDuration, want.at("GPU Duration (ns)"));
        verifyDistribution(name + QStringLiteral(" launch delay"), summary.launchDelay, want.at("Launch Delay (ns)"));
        QCOMPARE(summary.slowCalls, want.at("slow_calls").get<std::int64_t>());
        QCOMPARE(summary.delayedLaunches, want.at("delayed_launches").get<std::int64_t>());
        QCOMPARE(summary.shortKernels, want.at("short_kernels").get<std::int64_t>());
    }

    // What the issue names: two streams, NCCL overlap, and the idle split adding up.
    void headlineFiguresHold()
    {
        const auto transformer = cachedTrace(efficiencyTrace(QStringLiteral("transformer_train_2streams")));
        QVERIFY(transformer);
        QCOMPARE(gpuTimeBreakdown(*transformer).streams.size(), std::size_t(2));
        for (const char *rank : {"nccl_distributed_rank", "sampled_rank-0", "sampled_rank-1"}) {
            const auto trace = cachedTrace(efficiencyTrace(QLatin1String(rank)));
            QVERIFY(trace);
            const GpuTimeBreakdown b = gpuTimeBreakdown(*trace);
            QVERIFY2(!b.overlap.empty() && b.overlap[0].overlapped > 0, rank);
        }
        for (const auto &[name, path] : efficiencyTraces()) {
            const auto trace = cachedTrace(sharedTraces() + path);
            const auto streams = gpuStreamOps(*trace);
            const GpuTimeBreakdown b = gpuTimeBreakdown(*trace, streams);
            const auto idle = idleByStream(*trace, streams, idleGaps(*trace, streams));
            QCOMPARE(idle.size(), b.streams.size());
            for (std::size_t s = 0; s < idle.size(); ++s)
                QVERIFY2(idle[s].total() == b.streams[s].idle(), qPrintable(name));
        }
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestEfficiencyReports)
#include "tst_efficiency_reports.moc"
