// Collectives matched across ranks (core/analysis/distributed) on the shared
// rank traces of HolisticTraceAnalysis: sampled_rank-0/1 (two ranks of a
// 128-rank run, kernels without process-group arguments) and
// nccl_distributed_rank (a rank with Kineto's full collective arguments).
// Every figure is checked against a reading of the JSON files made in this
// test with nlohmann (kernels, their launches by correlation id, the nccl:*
// op around each launch, ProfilerStep ranges), not through the importer or
// the analysis; tracelane-cli must print the core result, and --reduce and
// --merge must give the same tables as one run over the files.
#include "analysis/distributed/collective_facts_json.h"
#include "analysis/distributed/collective_kinds.h"
#include "analysis/distributed/collective_tables.h"
#include "analysis/distributed/rank_pace.h"
#include "cached_import.h"
#include "cli_run.h"
#include "report_csv.h"
#include "shared_traces.h"
#include "test_files.h"
#include "test_registry.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

using namespace tracelane;
using namespace tracelane::test;

namespace {

const QString kSampled0 = sharedTraces() + QStringLiteral("hta/sampled_rank-0.json.gz");
const QString kSampled1 = sharedTraces() + QStringLiteral("hta/sampled_rank-1.json.gz");
const QString kCollNccl = sharedTraces() + QStringLiteral("hta/nccl_distributed_rank.json.gz");

// Exact for the integer microseconds of epoch timestamps, which a double times 1000 is not.
TimeNs collUsToNs(const nlohmann::json &us)
{
    return us.is_number_integer() ? us.get<std::int64_t>() * 1000 : TimeNs(std::llround(us.get<double>() * 1000.0));
}

// One collective kernel as the file writes it.
struct CollRawCall
{
    std::string key;        // process group, or stream + collective without one
    std::string collective; // as this test names it
    std::int64_t iteration = kNoIteration;
    TimeNs start = 0, duration = 0;
    std::optional<std::uint64_t> bytes;
};

// The names this test expects for the spellings in these files.
std::string collRawName(std::string name)
{
    if (const auto colon = name.rfind(':'); colon != std::string::npos)
        name = name.substr(colon + 1);
    static const std::map<std::string, std::string> names{
        {"allreduce", "all_reduce"}, {"all_reduce", "all_reduce"}, {"all_to_all", "all_to_all"},
        {"_all_gather_base", "all_gather"}, {"broadcast", "broadcast"}};
    const auto it = names.find(name);
    return it == names.end() ? "?" + name : it->second;
}

struct CollRawRank
{
    std::int64_t rank = 0;
    std::vector<CollRawCall> calls; // by start
    std::map<std::int64_t, std::pair<TimeNs, TimeNs>> steps; // number -> start, duration
};

CollRawRank readCollRawRank(const QString &path)
{
    const nlohmann::json doc = nlohmann::json::parse(gunzipped(path).toStdString());
    CollRawRank raw;
    raw.rank = doc["distributedInfo"]["rank"].get<std::int64_t>();
    const nlohmann::json &events = doc["traceEvents"];
    std::map<std::int64_t, const nlohmann::json *> launches; // correlation -> cuda_runtime event
    std::vector<const nlohmann::json *> ncclOps, kernels;
    for (const nlohmann::json &e : events) {
        const std::string name = e.value("name", "");
        const std::string cat = e.value("cat", "");
        if (e.value("ph", "") != "X")
            continue;
        if (name.rfind("ProfilerStep#", 0) == 0)
            raw.steps[std::stoll(name.substr(13))] = {collUsToNs(e["ts"]), collUsToNs(e["dur"])};
        if (cat == "cuda_runtime" && e["args"].contains("correlation"))
            launches[e["args"]["correlation"].get<std::int64_t>()] = &e;
        if (name.rfind("nccl:", 0) == 0)
            ncclOps.push_back(&e);
        if (cat == "kernel" && name.rfind("nccl", 0) == 0)
            kernels.push_back(&e);
    }
    for (const nlohmann::json *k : kernels) {
        const nlohmann::json &args = (*k)["args"];
        const nlohmann::json *launch = launches.at(args["correlation"].get<std::int64_t>());
        const double at = (*launch)["ts"].get<double>();
        const TimeNs atNs = collUsToNs((*launch)["ts"]);
        std::string opName;
        double opStart = -1;
        for (const nlohmann::json *op : ncclOps) // the innermost nccl:* op around the launch, same thread
            if ((*op)["tid"] == (*launch)["tid"] && (*op)["ts"].get<double>() <= at &&
                at <= (*op)["ts"].get<double>() + (*op)["dur"].get<double>() && (*op)["ts"].get<double>() > opStart) {
                opStart = (*op)["ts"].get<double>();
                opName = (*op)["name"].get<std::string>();
            }
        CollRawCall call;
        call.collective = collRawName(args.contains("Collective name") ? args["Collective name"].get<std::string>()
                                                                             : opName);
        call.key = args.contains("Process Group Name")
                       ? args["Process Group Name"].get<std::string>()
                       : "stream " + std::to_string(args["stream"].get<std::int64_t>()) + "/" + call.collective;
        for (const auto &[number, step] : raw.steps)
            if (atNs >= step.first && atNs < step.first + step.second)
                call.iteration = number;
        call.start = collUsToNs((*k)["ts"]);
        call.duration = collUsToNs((*k)["dur"]);
        if (args.contains("In msg nelems")) {
            // The two dtypes in these files: Float (4 bytes) and Long (8).
            const std::string dtype = args["dtype"].get<std::string>();
            if (dtype != "Float" && dtype != "Long")
                qFatal("unexpected dtype %s", dtype.c_str());
            call.bytes = std::uint64_t(std::max(args["In msg nelems"].get<std::int64_t>(),
                                                args["Out msg nelems"].get<std::int64_t>())) *
                         (dtype == "Float" ? 4 : 8);
        }
        raw.calls.push_back(call);
    }
    std::stable_sort(raw.calls.begin(), raw.calls.end(),
                     [](const CollRawCall &a, const CollRawCall &b) { return a.start < b.start; });
    return raw;
}

// A matched instance as this test works it out.
struct CollRawInstance
{
    std::string collective;
    std::vector<std::pair<std::int64_t, const CollRawCall *>> calls; // rank, call
    TimeNs transfer = 0, wait = 0, skew = 0;
    std::int64_t lastRank = 0;
    bool disjoint = false; // a rank started after another had ended
};
using CollRawKey = std::tuple<std::string, std::int64_t, std::size_t>; // key, iteration, ordinal

std::map<CollRawKey, CollRawInstance> collRawInstances(const std::vector<CollRawRank> &ranks)
{
    std::map<CollRawKey, CollRawInstance> out;
    for (const CollRawRank &r : ranks) {
        std::map<std::pair<std::string, std::int64_t>, std::size_t> counts;
        for (const CollRawCall &c : r.calls) {
            CollRawInstance &i = out[{c.key, c.iteration, counts[{c.key, c.iteration}]++}];
            i.collective = c.collective;
            i.calls.push_back({r.rank, &c});
        }
    }
    for (auto &[key, i] : out) {
        TimeNs first = i.calls[0].second->start, last = first;
        i.transfer = i.calls[0].second->duration;
        for (const auto &[rank, c] : i.calls) {
            i.transfer = std::min(i.transfer, c->duration);
            first = std::min(first, c->start);
            last = std::max(last, c->start);
        }
        i.skew = last - first;
        for (const auto &[rank, c] : i.calls)
            i.disjoint = i.disjoint || last > c->start + c->duration;
        TimeNs shortest = INT64_MAX;
        for (const auto &[rank, c] : i.calls) {
            i.wait += c->duration - i.transfer;
            if (c->duration < shortest) {
                shortest = c->duration;
                i.lastRank = rank;
            }
        }
    }
    return out;
}

std::vector<RankCollectiveFacts> collFactsOf(const QStringList &paths)
{
    std::vector<RankCollectiveFacts> facts;
    for (const QString &path : paths) {
        const auto trace = cachedTrace(path);
        if (!trace)
            qFatal("cannot load %s", qPrintable(path));
        facts.push_back(collectiveFacts(*trace, path.toStdString()));
    }
    return facts;
}

CollRawKey collKeyOf(const CollectiveAnalysis &a, const MatchedCollective &c)
{
    (void)a;
    const std::string key = c.group.rfind("stream ", 0) == 0 ? c.group + "/" + c.collective : c.group;
    return {key, c.iteration, c.ordinal};
}

} // namespace

class TestCollectives : public QObject
{
    Q_OBJECT

private slots:
    void namesSizesAndFactors()
    {
        QCOMPARE(canonicalCollective("allreduce"), std::string("all_reduce"));
        QCOMPARE(canonicalCollective("_allgather_base"), std::string("all_gather"));
        QCOMPARE(canonicalCollective("reduce_scatter_tensor_coalesced"), std::string("reduce_scatter"));
        QCOMPARE(canonicalCollective("nccl:all_to_all"), std::string("all_to_all"));
        QCOMPARE(canonicalCollective("c10d::broadcast_"), std::string("broadcast"));
        QCOMPARE(canonicalCollective("reduce"), std::string("reduce"));
        QCOMPARE(canonicalCollective("Custom_Op"), std::string("custom_op"));
        QCOMPARE(collectiveOfKernel("ncclDevKernel_ReduceScatter_Sum_bf16_RING_LL"), std::string("reduce_scatter"));
        QCOMPARE(collectiveOfKernel("ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t(ncclDevComm*)"),
                 std::string("send_recv"));
        QCOMPARE(collectiveOfKernel("volta_sgemm_128x64_nn"), std::string());
        QCOMPARE(dtypeBytes("BFloat16").value_or(0), 2u);
        QCOMPARE(dtypeBytes("Long").value_or(0), 8u);
        QCOMPARE(dtypeBytes("Float8_e4m3fnuz").value_or(0), 1u);
        QVERIFY(!dtypeBytes("Quaternion"));
        // nccl-tests' PERFORMANCE.md factors.
        QCOMPARE(*busBandwidthFactor("all_reduce", 8), 2.0 * 7.0 / 8.0);
        QCOMPARE(*busBandwidthFactor("all_gather", 8), 7.0 / 8.0);
        QCOMPARE(*busBandwidthFactor("reduce_scatter", 4), 3.0 / 4.0);
        QCOMPARE(*busBandwidthFactor("all_to_all", 2), 0.5);
        QCOMPARE(*busBandwidthFactor("broadcast", 16), 1.0);
        QVERIFY(!busBandwidthFactor("barrier", 4));
        QVERIFY(!busBandwidthFactor("all_reduce", 0));
        QCOMPARE(rankRangesText({3, 0, 1, 2, 8, 10, 11, 1}), std::string("0-3,8,10-11"));
    }

    void sampledRanksMatchTheFiles()
    {
        const std::vector<CollRawRank> raw{readCollRawRank(kSampled0), readCollRawRank(kSampled1)};
        const auto expected = collRawInstances(raw);
        const CollectiveAnalysis analysis = matchCollectives(collFactsOf({kSampled1, kSampled0}));
        QVERIFY(analysis.sharedClock); // both write epoch timestamps
        QCOMPARE(analysis.ranks.size(), std::size_t(2));
        QCOMPARE(*analysis.ranks[0].rank, 0); // rank order, whatever order the files came in
        QCOMPARE(analysis.collectives.size(), expected.size());
        QCOMPARE(analysis.collectives.size(), std::size_t(10));
        QCOMPARE(analysis.partialCollectives, std::size_t(0));
        std::map<std::int64_t, TimeNs> waitOf, communicationOf, causedBy;
        std::size_t disjoint = 0;
        for (const MatchedCollective &c : analysis.collectives) {
            const auto it = expected.find(collKeyOf(analysis, c));
            QVERIFY2(it != expected.end(), c.group.c_str());
            const CollRawInstance &want = it->second;
            QCOMPARE(c.collective, want.collective);
            QCOMPARE(c.participants.size(), want.calls.size());
            QCOMPARE(c.transfer, want.transfer);
            QCOMPARE(c.waitSum, want.wait);
            QCOMPARE(c.skew, want.skew);
            QCOMPARE(*analysis.ranks[c.participants[c.lastArrival].rank].rank, want.lastRank);
            QCOMPARE(c.disjoint, want.disjoint);
            disjoint += want.disjoint ? 1 : 0;
            QVERIFY(!c.bytes); // these kernels carry no sizes
            for (std::size_t p = 0; p < c.participants.size(); ++p) {
                QCOMPARE(c.participants[p].start, want.calls[p].second->start);
                QCOMPARE(c.participants[p].wait, want.calls[p].second->duration - want.transfer);
                waitOf[want.calls[p].first] += c.participants[p].wait;
                communicationOf[want.calls[p].first] += want.calls[p].second->duration;
            }
            causedBy[want.lastRank] += want.wait;
        }
        for (const RankCommunication &r : analysis.ranks) {
            QCOMPARE(r.wait, waitOf[*r.rank]);
            QCOMPARE(r.communication, communicationOf[*r.rank]);
            QCOMPARE(r.communication, r.transfer + r.wait);
            QCOMPARE(r.waitCaused, causedBy[*r.rank]);
        }
        QCOMPARE(analysis.disjointCollectives, disjoint);
        QVERIFY(disjoint > 0); // these all-to-alls do not hold the two ranks together
        const bool oneIsStraggler = causedBy[1] > causedBy[0];
        QCOMPARE(analysis.ranks[1].straggler, oneIsStraggler);
        QCOMPARE(analysis.ranks[0].straggler, !oneIsStraggler);
    }

    void sizesAndBandwidthsFromTheArguments()
    {
        const CollRawRank raw = readCollRawRank(kCollNccl);
        const CollectiveAnalysis analysis = matchCollectives(collFactsOf({kCollNccl}));
        QCOMPARE(analysis.collectives.size(), raw.calls.size());
        QCOMPARE(analysis.collectives.size(), std::size_t(21));
        std::map<std::string, std::uint64_t> bytesBy;
        std::map<std::string, TimeNs> timeBy;
        std::map<std::string, std::size_t> countBy;
        for (const CollRawCall &c : raw.calls) {
            bytesBy[c.collective] += *c.bytes;
            timeBy[c.collective] += c.duration;
            ++countBy[c.collective];
        }
        for (const MatchedCollective &c : analysis.collectives) {
            QCOMPARE(c.groupSize, 2);      // Group size, and pg_config's two ranks
            QCOMPARE(c.expected, std::size_t(1)); // only rank 0 is loaded
            QCOMPARE(c.waitSum, 0);        // alone, it waits for no one it can see
            QVERIFY(c.bytes);
            // 2 ranks: all-reduce 2(n-1)/n = 1, broadcast 1.
            QCOMPARE(*c.busBandwidth(), *c.algorithmBandwidth());
            QCOMPARE(*c.algorithmBandwidth(), double(*c.bytes) / double(c.transfer));
        }
        const Table kinds = collectiveKindTable(analysis);
        QCOMPARE(kinds.rows.size(), std::size_t(2));
        for (const auto &row : kinds.rows) {
            const std::string name = row[0].s;
            QCOMPARE(row[1].s, std::string("0"));   // Process Group Name
            QCOMPARE(row[2].s, std::string("0-1")); // Process Group Ranks
            QCOMPARE(row[3].i, std::int64_t(countBy[name]));
            QCOMPARE(row[4].i, std::int64_t(bytesBy[name]));
            QCOMPARE(row[5].i, timeBy[name]);
            QCOMPARE(row[8].toString(), Cell::fixed(double(bytesBy[name]) / double(timeBy[name]), 2).toString());
        }
    }

    void paceAgainstTheSteps()
    {
        const std::vector<CollRawRank> raw{readCollRawRank(kSampled0), readCollRawRank(kSampled1)};
        for (const double limit : {3.0, 0.5}) {
            const PaceTable pace = rankPace(collFactsOf({kSampled0, kSampled1}), limit);
            QCOMPARE(pace.iterations.size(), std::size_t(2));
            for (const PaceIteration &it : pace.iterations) {
                const TimeNs d0 = raw[0].steps.at(it.number).second, d1 = raw[1].steps.at(it.number).second;
                QCOMPARE(it.median, (double(d0) + double(d1)) / 2.0);
                QCOMPARE(it.mad, std::fabs(double(d0) - double(d1)) / 2.0);
                QCOMPARE(it.entries.size(), std::size_t(2));
                QCOMPARE(it.entries[0].start, raw[0].steps.at(it.number).first);
                QCOMPARE(it.entries[1].duration, d1);
                // Two ranks sit exactly one MAD from their median.
                QCOMPARE(it.entries[0].outlier, limit < 1.0);
            }
        }
    }

    void factsRoundTripExactly()
    {
        for (const QString &path : {kSampled0, kCollNccl}) {
            const auto trace = cachedTrace(path);
            const RankReduction reduction = reduceRankTrace(*trace, path.toStdString());
            QVERIFY(!reduction.collectives.calls.empty());
            const RankReduction back = rankFactsFromJson(rankFactsJson(reduction));
            QCOMPARE(rankFactsJson(back), rankFactsJson(reduction));
            QCOMPARE(back.collectives.calls.size(), reduction.collectives.calls.size());
            for (std::size_t i = 0; i < back.collectives.calls.size(); ++i) {
                QCOMPARE(back.collectives.calls[i].start, reduction.collectives.calls[i].start);
                QCOMPARE(back.collectives.calls[i].bytes, reduction.collectives.calls[i].bytes);
            }
        }
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, rankFactsFromJson("{\"traceEvents\":[]}"));
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, rankFactsFromJson("{\"tracelaneRankFacts\":99}"));
        QVERIFY_THROWS_EXCEPTION(std::runtime_error,
                                 rankFactsFromJson("{\"tracelaneRankFacts\":1,\"path\":\"x\",\"summary\":3}"));
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, rankFactsFromJson("not json"));
    }

    void cliPrintsTheCoreTablesAndMergesJobs()
    {
        const CollectiveAnalysis analysis = matchCollectives(collFactsOf({kSampled0, kSampled1}));
        const QStringList files{kSampled0, kSampled1};
        const CliRun kinds = runCli(QStringList{QStringLiteral("collectives")} + files +
                                    QStringList{QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(kinds.exitCode, 0);
        QCOMPARE(kinds.out, csvText(collectiveKindTable(analysis)));
        const CliRun perRank = runCli(QStringList{QStringLiteral("collectives"), QStringLiteral("--by-rank")} + files +
                                      QStringList{QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(perRank.out, csvText(collectiveRankTable(analysis)));
        const CliRun each = runCli(QStringList{QStringLiteral("collectives"), QStringLiteral("--per-collective")} +
                                   files + QStringList{QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(each.out, csvText(collectiveInstanceTable(analysis)));
        const CliRun pace = runCli(QStringList{QStringLiteral("ranks"), QStringLiteral("--pace")} + files +
                                   QStringList{QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(pace.out, csvText(paceTable(rankPace(collFactsOf(files)))));

        // One job per rank file, merged: the same tables.
        QTemporaryDir dir;
        QStringList facts;
        for (const QString &file : files) {
            const CliRun reduced = runCli({QStringLiteral("collectives"), QStringLiteral("--reduce"), file});
            QCOMPARE(reduced.exitCode, 0);
            const QString out = dir.filePath(QFileInfo(file).fileName() + QStringLiteral(".facts.json"));
            QFile f(out);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(reduced.out.toUtf8());
            facts << out;
        }
        for (const QString &mode : {QStringLiteral("--by-rank"), QStringLiteral("--per-collective")}) {
            const CliRun merged = runCli(QStringList{QStringLiteral("collectives"), QStringLiteral("--merge"), mode} +
                                         facts + QStringList{QStringLiteral("--format"), QStringLiteral("csv")});
            QCOMPARE(merged.exitCode, 0);
            const CliRun direct = runCli(QStringList{QStringLiteral("collectives"), mode} + files +
                                         QStringList{QStringLiteral("--format"), QStringLiteral("csv")});
            QCOMPARE(merged.out, direct.out);
        }
        const CliRun mergedKinds = runCli(QStringList{QStringLiteral("collectives"), QStringLiteral("--merge")} + facts +
                                          QStringList{QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(mergedKinds.out, kinds.out);
        const CliRun mergedPace = runCli(QStringList{QStringLiteral("ranks"), QStringLiteral("--pace"),
                                                     QStringLiteral("--merge")} + facts +
                                         QStringList{QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(mergedPace.out, pace.out);
        const CliRun mergedRanks = runCli(QStringList{QStringLiteral("ranks"), QStringLiteral("--merge")} + facts +
                                          QStringList{QStringLiteral("--format"), QStringLiteral("csv")});
        const CliRun directRanks = runCli(QStringList{QStringLiteral("ranks")} + files +
                                          QStringList{QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(mergedRanks.out, directRanks.out);

        // HTA's straggler analysis over the same ranks, direct and merged.
        std::vector<HtaStragglerFacts> hta;
        for (const QString &file : files)
            hta.push_back(htaStragglerFacts(*cachedTrace(file), std::nullopt));
        const HtaStragglerResult htaResult = htaStragglers(hta);
        QVERIFY(htaResult.error.empty());
        for (const bool metric : {false, true}) {
            QStringList options{QStringLiteral("--hta"), QStringLiteral("--format"), QStringLiteral("csv")};
            if (metric)
                options << QStringLiteral("--metric");
            const CliRun direct = runCli(QStringList{QStringLiteral("collectives")} + files + options);
            QCOMPARE(direct.exitCode, 0);
            QCOMPARE(direct.out, csvText(metric ? htaStragglerMetricTable(htaResult) : htaStragglerTable(htaResult)));
            const CliRun merged =
                runCli(QStringList{QStringLiteral("collectives"), QStringLiteral("--merge")} + facts + options);
            QCOMPARE(merged.out, direct.out);
        }
        const CliRun oneRank = runCli({QStringLiteral("collectives"), QStringLiteral("--hta"), kSampled0});
        QCOMPARE(oneRank.exitCode, 3); // HTA raises on a single rank
        QVERIFY2(oneRank.err.contains(QStringLiteral("HolisticTraceAnalysis")), qPrintable(oneRank.err));

        // A bad facts file is named and counted; the others still make the table.
        const QString bad = dir.filePath(QStringLiteral("bad.json"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"tracelaneRankFacts\":1}");
        f.close();
        const CliRun partly = runCli(QStringList{QStringLiteral("collectives"), QStringLiteral("--merge"), facts[0], bad});
        QCOMPARE(partly.exitCode, 0);
        QVERIFY2(partly.err.contains(QStringLiteral("bad.json")), qPrintable(partly.err));
        QVERIFY2(partly.err.contains(QStringLiteral("1 of 2 files could not be read")), qPrintable(partly.err));
        QCOMPARE(runCli({QStringLiteral("collectives"), QStringLiteral("--merge"), bad}).exitCode, 3);
        QCOMPARE(runCli({QStringLiteral("collectives"), QStringLiteral("--by-rank"), QStringLiteral("--per-collective"),
                         kSampled0})
                     .exitCode,
                 2);
    }

    // The hand-made edge cases of tests/data/chrome/ranks (README there): every
    // instance's figures as worked out by hand in the README, in microseconds.
    void handMadeEdgeCases_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<QStringList>("expected"); // per instance: collective,group,iteration,index,found,T,wait,skew,bytes,last
        QTest::newRow("missing") << QStringLiteral("missing")
                                 << QStringLiteral("all_reduce,0,1,0,3/3,100,50,30,1000000,2|all_reduce,0,1,1,2/3,80,20,20,2000000,1|all_reduce,0,2,0,3/3,100,95,50,1000000,2|all_reduce,0,2,1,3/3,90,20,10,2000000,2").split(QLatin1Char('|'));
        QTest::newRow("mismatched") << QStringLiteral("mismatched")
                                    << QStringLiteral("all_reduce,0,1,0,2/2,100,40,40,1000000,1|all_gather,0,2,0,2/2,50,0,0,500000,0|all_gather,0,2,1,2/2,80,20,20,500000,1|all_gather,0,2,2,1/2,60,0,0,500000,1|all_reduce,0,,0,1/2,40,0,0,1000000,1").split(QLatin1Char('|'));
        QTest::newRow("subgroup") << QStringLiteral("subgroup")
                                  << QStringLiteral("broadcast,0,1,0,4/4,8,24,10,8000,3|all_reduce,0,1,1,4/4,100,50,20,1000000,1|all_reduce,1,1,0,2/2,100,50,50,1000000,2|reduce_scatter,0,1,2,4/4,50,80,30,2000000,2|all_gather,0,1,3,4/4,100,120,40,2000000,1|all_to_all,0,1,4,4/4,200,180,60,4000000,3|send_recv,0,1,5,2/4,100,30,30,1000000,1").split(QLatin1Char('|'));
        QTest::newRow("nopg") << QStringLiteral("nopg")
                              << QStringLiteral("all_reduce,stream 20,1,0,2/2,100,30,30,,1|all_reduce,stream 20,1,1,2/2,60,0,0,,0|all_reduce,stream 20,2,0,2/2,100,50,50,,0").split(QLatin1Char('|'));
    }

    void handMadeEdgeCases()
    {
        QFETCH(QString, folder);
        QFETCH(QStringList, expected);
        const QString dir = QStringLiteral(TRACELANE_TEST_DATA "/chrome/ranks/") + folder;
        const CliRun run = runCli({QStringLiteral("collectives"), dir, QStringLiteral("--per-collective"),
                                   QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(run.exitCode, 0);
        const QList<QStringList> rows = parseCsv(run.out);
        QCOMPARE(rows.size(), expected.size() + 1);
        for (qsizetype i = 0; i < expected.size(); ++i) {
            const QStringList want = expected[i].split(QLatin1Char(','));
            const QStringList &got = rows[i + 1];
            const auto us = [&](int column) { return QString::number(got[column].toLongLong() / 1000); };
            const QStringList actual{got[0], got[1], got[10], got[11], got[12], us(5), us(6), us(7), got[4], got[13]};
            QCOMPARE(actual, want);
            // Bandwidth from the size and the transfer time; bus with the group's factor.
            if (!got[4].isEmpty())
                QCOMPARE(got[8].toDouble(), std::round(got[4].toDouble() / got[5].toDouble() * 100.0) / 100.0);
        }
        const CliRun byRank = runCli({QStringLiteral("collectives"), dir, QStringLiteral("--by-rank"),
                                      QStringLiteral("--format"), QStringLiteral("csv")});
        const QList<QStringList> ranks = parseCsv(byRank.out);
        for (qsizetype r = 1; r < ranks.size(); ++r) // Communication = Transfer + Wait on every rank
            QCOMPARE(ranks[r][1].toLongLong(), ranks[r][2].toLongLong() + ranks[r][3].toLongLong());
    }

    // Generated ranks (bench/generate_rank_traces.py, its plan committed beside
    // the expected files): every instance's transfer is the planned one, and the
    // rank made late is the last to arrive everywhere and the straggler.
    void generatedRanksFollowTheirPlan()
    {
        const QString folder = QStringLiteral(TRACELANE_TEST_DATA "/chrome/ranks/nccl_4ranks");
        QFile planFile(QStringLiteral(TRACELANE_TEST_DATA "/expected/ranks/nccl_4ranks_plan.json"));
        QVERIFY(planFile.open(QIODevice::ReadOnly));
        const nlohmann::json plan = nlohmann::json::parse(planFile.readAll().toStdString());
        std::vector<double> planned;
        for (const nlohmann::json &t : plan["transfers_us"])
            planned.push_back(t[1].get<double>() * 1000.0);
        QStringList files;
        for (const QString &name : QDir(folder).entryList({QStringLiteral("*.json.gz")}, QDir::Files, QDir::Name))
            files << QDir(folder).filePath(name);
        QCOMPARE(files.size(), 4);
        const CollectiveAnalysis analysis = matchCollectives(collFactsOf(files));
        QCOMPARE(analysis.collectives.size(), std::size_t(14)); // two steps of the source's 21
        TimeNs allWaits = 0;
        for (const MatchedCollective &c : analysis.collectives) {
            QCOMPARE(c.participants.size(), std::size_t(4));
            const bool isPlanned = std::any_of(planned.begin(), planned.end(),
                                               [&](double t) { return std::fabs(double(c.transfer) - t) <= 2.0; });
            QVERIFY2(isPlanned, qPrintable(QString::number(c.transfer)));
            QCOMPARE(*analysis.ranks[c.participants[c.lastArrival].rank].rank, 2);
            allWaits += c.waitSum;
        }
        QVERIFY(analysis.ranks[2].straggler);
        QCOMPARE(analysis.ranks[2].waitCaused, allWaits);
        QCOMPARE(analysis.ranks[2].wait, 0);
    }

    // Two runs as folders of ranks: each side is the sum over its ranks divided
    // by their number (whole traces) -- checked against the per-name counts and
    // times of the two-trace diff, which tst_trace_diff checks on its own.
    void diffOverFolders()
    {
        QTemporaryDir both, one;
        QVERIFY(QFile::copy(kSampled0, both.filePath(QStringLiteral("rank-0.json.gz"))));
        QVERIFY(QFile::copy(kSampled1, both.filePath(QStringLiteral("rank-1.json.gz"))));
        QVERIFY(QFile::copy(kSampled0, one.filePath(QStringLiteral("rank-0.json.gz"))));
        const CliRun pair = runCli({QStringLiteral("diff"), kSampled0, kSampled1, QStringLiteral("--all-iterations"),
                                    QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(pair.exitCode, 0);
        std::map<QString, std::pair<double, double>> rank0, sum; // name -> count, time
        const QList<QStringList> pairRows = parseCsv(pair.out);
        for (qsizetype i = 1; i < pairRows.size(); ++i) {
            const QStringList &r = pairRows[i];
            rank0[r[0]] = {r[1].toDouble(), r[4].toDouble()};
            sum[r[0]] = {r[1].toDouble() + r[2].toDouble(), r[4].toDouble() + r[5].toDouble()};
        }
        const CliRun folders = runCli({QStringLiteral("diff"), both.path(), one.path(), QStringLiteral("--all-iterations"),
                                       QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(folders.exitCode, 0);
        const QList<QStringList> rows = parseCsv(folders.out);
        QCOMPARE(rows.size(), pairRows.size());
        for (qsizetype i = 1; i < rows.size(); ++i) {
            const QStringList &r = rows[i];
            QVERIFY2(sum.count(r[0]), qPrintable(r[0]));
            QCOMPARE(r[1].toDouble(), sum[r[0]].first / 2.0);  // control: two ranks, per rank
            QCOMPARE(r[2].toDouble(), rank0[r[0]].first);      // test: one rank
            QCOMPARE(std::llround(r[4].toDouble() * 2.0), std::llround(sum[r[0]].second));
            QCOMPARE(r[5].toDouble(), rank0[r[0]].second);
        }
        // The same folder on both sides changes nothing.
        const CliRun same = runCli({QStringLiteral("diff"), both.path(), both.path(), QStringLiteral("--format"),
                                    QStringLiteral("csv")});
        QCOMPARE(same.exitCode, 0);
        QVERIFY(!same.out.contains(QStringLiteral("increased")) && !same.out.contains(QStringLiteral("added")));
        QVERIFY(same.out.contains(QStringLiteral("unchanged")));
        QCOMPARE(runCli({QStringLiteral("diff"), both.path(), one.path(), QStringLiteral("--hta")}).exitCode, 2);
        // An iteration one rank lacks: that rank is named and left out, the other compared.
        const CliRun missing = runCli({QStringLiteral("diff"), both.path(), one.path(), QStringLiteral("--iteration"),
                                       QStringLiteral("1")});
        QCOMPARE(missing.exitCode, 3);
        QVERIFY2(missing.err.contains(QStringLiteral("has no iteration 1")), qPrintable(missing.err));
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestCollectives)
#include "tst_collectives.moc"
