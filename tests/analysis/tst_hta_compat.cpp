// `--hta` reports against HolisticTraceAnalysis 0.6 itself: the figures
// tests/reference/hta_reference.py got by running HTA's own code on the shared
// PyTorch profiler traces, committed in tests/data/expected/hta. Temporal
// breakdown, kernel types, overlap, idle time per stream and category, and
// every launch row must equal HTA's (percentages within 0.01 of its rounding);
// kernel-type buckets HTA lists with zero time are not printed.
#include "analysis/hta/hta_reports.h"
#include "cached_import.h"
#include "cli_run.h"

#include "shared_traces.h"
#include "test_registry.h"

#include <QtTest>

#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

using namespace tracelane;
using namespace tracelane::test;
using nlohmann::json;

namespace {

const QString kExpectedHta = QStringLiteral(TRACELANE_TEST_DATA "/expected/hta/");

const QStringList &htaTraces()
{
    static const QStringList all = {
        QStringLiteral("kineto/compiled_mlp_train"), QStringLiteral("kineto/dlrm_train"),
        QStringLiteral("kineto/resnet50_train"),     QStringLiteral("kineto/transformer_train_2streams"),
        QStringLiteral("hta/nccl_distributed_rank"), QStringLiteral("hta/sampled_rank-0"),
        QStringLiteral("hta/sampled_rank-1"),        QStringLiteral("hta/amd_mi250_rocm62"),
        QStringLiteral("hta/triton_example"),
    };
    return all;
}

QString htaTrace(const QString &trace)
{
    return sharedTraces() + trace + QStringLiteral(".json.gz");
}

const json &expected(const QString &trace)
{
    static std::map<QString, json> cache;
    auto it = cache.find(trace);
    if (it == cache.end()) {
        std::ifstream in(
            QString(kExpectedHta + trace.section(QLatin1Char('/'), 1) + QStringLiteral(".json")).toStdString());
        it = cache.emplace(trace, in.good() ? json::parse(in) : json()).first;
    }
    return it->second;
}

// HTA's table as objects keyed by column.
std::vector<json> htaExpectedRows(const QString &trace, const char *table)
{
    const json &t = expected(trace).at(table);
    std::vector<json> rows;
    for (const json &row : t.at("rows")) {
        json object;
        for (std::size_t c = 0; c < t.at("columns").size(); ++c)
            object[t.at("columns")[c].get<std::string>()] = row[c];
        rows.push_back(object);
    }
    return rows;
}

json asJson(const Table &table)
{
    std::ostringstream out;
    writeJson(out, table);
    return json::parse(out.str());
}

bool sameValue(const json &got, const json &want)
{
    if (want.is_null() || got.is_null())
        return want.is_null() && got.is_null(); // HTA's NaN: no value
    if (want.is_string())
        return got == want;
    return got.is_number() && std::abs(got.get<double>() - want.get<double>()) <= 0.01 + 1e-9;
}

// The same rows in any order: each expected row must be found by `key` and match in every column.
QString compareByKey(const json &got, const std::vector<json> &want, const std::vector<std::string> &key,
                     const QString &where)
{
    if (got.size() != want.size())
        return where + QStringLiteral(": %1 rows, HTA %2").arg(got.size()).arg(want.size());
    std::map<std::string, json> byKey;
    auto keyOf = [&](const json &row) {
        std::string k;
        for (const std::string &column : key)
            k += row.at(column).dump() + "|";
        return k;
    };
    for (const json &row : got)
        byKey[keyOf(row)] = row;
    for (const json &row : want) {
        const auto it = byKey.find(keyOf(row));
        if (it == byKey.end())
            return where + QStringLiteral(": no row for ") + QString::fromStdString(keyOf(row));
        for (const auto &[column, value] : row.items())
            if (!sameValue(it->second.value(column, json()), value))
                return where
                    + QStringLiteral(", %1 %2: got %3, HTA %4")
                          .arg(QString::fromStdString(keyOf(row)), QString::fromStdString(column),
                               QString::fromStdString(it->second.value(column, json()).dump()),
                               QString::fromStdString(value.dump()));
    }
    return {};
}

struct HtaCheck
{
    const char *table; // HTA's table in the expected file
    std::vector<std::string> key;
    std::function<Table(const Trace &)> make;
    QStringList cli;
};

const std::vector<HtaCheck> &htaChecks()
{
    static const std::vector<HtaCheck> all = {
        {"temporal_breakdown",
         {"rank"},
         [](const Trace &t) { return htaTemporalBreakdown(htaTrace(t)); },
         {QStringLiteral("gpu-time")}},
        {"kernel_type_breakdown",
         {"kernel_type"},
         [](const Trace &t) { return htaKernelTypeBreakdown(htaTrace(t)); },
         {QStringLiteral("kernel-types")}},
        {"comm_comp_overlap",
         {"rank"},
         [](const Trace &t) { return htaCommCompOverlap(htaTrace(t)); },
         {QStringLiteral("overlap")}},
        {"idle_time_breakdown",
         {"stream", "idle_category"},
         [](const Trace &t) { return htaIdleTimeBreakdown(htaTrace(t)); },
         {QStringLiteral("idle")}},
        {"cuda_kernel_launch_stats",
         {"correlation"},
         [](const Trace &t) { return htaCudaKernelLaunchStats(t, htaTrace(t)); },
         {QStringLiteral("launches")}},
    };
    return all;
}

} // namespace

class TestHtaCompat : public QObject
{
    Q_OBJECT

private slots:
    void everyTraceHasHtaOutput()
    {
        for (const QString &trace : htaTraces()) {
            const json &e = expected(trace);
            QVERIFY2(e.is_object(), qPrintable(trace + QStringLiteral(": run tests/reference/hta_reference.py")));
            QCOMPARE(QString::fromStdString(e.at("hta_version").get<std::string>()), QStringLiteral("0.6.0"));
        }
    }

    void reportsEqualHta_data()
    {
        QTest::addColumn<QString>("trace");
        QTest::addColumn<int>("report");
        for (const QString &trace : htaTraces())
            for (std::size_t r = 0; r < htaChecks().size(); ++r)
                QTest::addRow("%s %s", qPrintable(trace), htaChecks()[r].table) << trace << int(r);
    }
    void reportsEqualHta()
    {
        QFETCH(QString, trace);
        QFETCH(int, report);
        const HtaCheck &r = htaChecks()[std::size_t(report)];
        const auto loaded = cachedTrace(htaTrace(trace));
        QVERIFY(loaded);
        std::vector<json> want = htaExpectedRows(trace, r.table);
        if (std::string(r.table) == "kernel_type_breakdown") // HTA's zero-time buckets depend on its sort's ties
            std::erase_if(want, [](const json &row) { return row.at("sum").get<double>() == 0; });

        const QString inProcess = compareByKey(asJson(r.make(*loaded)), want, r.key,
                                               trace + QLatin1Char(' ') + QLatin1String(r.table));
        QVERIFY2(inProcess.isEmpty(), qPrintable(inProcess));

        const CliRun run = runCli(r.cli
                                  + QStringList{htaTrace(trace), QStringLiteral("--hta"), QStringLiteral("--format"),
                                                QStringLiteral("json")});
        QVERIFY2(run.finished && run.exitCode == 0, qPrintable(run.err));
        const QString printed = compareByKey(json::parse(run.out.toStdString()), want, r.key,
                                             trace + QLatin1Char(' ') + QLatin1String(r.table)
                                                 + QStringLiteral(" (cli)"));
        QVERIFY2(printed.isEmpty(), qPrintable(printed));
    }

    // HTA's conventions show in the numbers: the last step's launches are gone, and
    // a trace of whole microseconds is not rounded.
    void conventionsShow()
    {
        const auto dlrm = cachedTrace(htaTrace(QStringLiteral("kineto/dlrm_train")));
        QVERIFY(dlrm);
        const HtaTrace hta = htaTrace(*dlrm);
        QVERIFY(hta.rounded);
        QVERIFY(hta.lastStepDropped);
        const auto sampled = cachedTrace(htaTrace(QStringLiteral("hta/sampled_rank-1")));
        QVERIFY(sampled);
        const HtaTrace rank1 = htaTrace(*sampled);
        QVERIFY(!rank1.rounded);
        QCOMPARE(rank1.rank, 1);
        QCOMPARE(htaKernelType("void ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*, unsigned long, ncclWork*)"),
                 HtaKernelType::Communication);
        QCOMPARE(htaKernelType("hipLaunchKernel"), HtaKernelType::Communication);
        QCOMPARE(htaKernelType("Memcpy HtoD (Pageable -> Device)"), HtaKernelType::Memory);
        QCOMPARE(htaKernelType("Stream Sync"), HtaKernelType::Other);
        QCOMPARE(htaKernelType("triton_poi_fused_add_0"), HtaKernelType::Computation);
        QCOMPARE(htaKernelType("cudaLaunchKernel"), HtaKernelType::Other);
        QCOMPARE(htaKernelType("void kernel<dma_engine>()"), HtaKernelType::Other);
        QCOMPARE(htaKernelType("Stream Wait Event"), HtaKernelType::Other);
        QCOMPARE(htaKernelType("gemm\nMemcpy"), HtaKernelType::Computation); // ".*" stops at a line break
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestHtaCompat)
#include "tst_hta_compat.moc"
