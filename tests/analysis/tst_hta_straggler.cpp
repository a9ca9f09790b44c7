// HTA's straggler detection (htaStragglerFacts + htaStragglers) against
// HolisticTraceAnalysis itself: tests/data/expected/hta/straggler_*.json, written by
// tests/reference/hta_straggler.py from HTA's get_potential_stragglers and its
// module functions. Every run of every set must give HTA's steps, t_min, mean
// iteration time, candidate scores, chosen kernel, metric rows, counts and
// stragglers exactly, or HTA's error where it raises. Sets: HTA's two sampled
// ranks (shared traces), hand-made ranks (tests/data/chrome/hta_straggler: rounding,
// shifted clocks, a sub-1% kernel, a kernel running past its step), one rank alone,
// no steps, no NCCL kernels, and the four generated NCCL ranks of
// tests/data/chrome/ranks/nccl_4ranks when that folder is present.
#include "analysis/hta/hta_straggler.h"
#include "analysis/ranks/trace_group.h"
#include "import/load_traces.h"

#include "shared_traces.h"
#include "test_registry.h"

#include <QtTest>

#include <cmath>

using namespace tracelane;
using namespace tracelane::test;

namespace {

QString stragglerData(const QString &relative)
{
    return QStringLiteral(TRACELANE_TEST_DATA "/") + relative;
}

// A hand-made rank trace (tests/data/chrome/hta_straggler/<relative>).
std::string handRank(const char *relative)
{
    return std::string(TRACELANE_TEST_DATA "/chrome/hta_straggler/") + relative;
}

std::string sampledRank(int rank)
{
    return rankTrace(rank).toStdString();
}

std::vector<std::string> stragglerFolderFiles(const QString &folder)
{
    std::vector<std::string> paths;
    const QDir dir(folder);
    for (const QString &name :
         dir.entryList({QStringLiteral("*.json"), QStringLiteral("*.json.gz")}, QDir::Files, QDir::Name))
        paths.push_back(dir.filePath(name).toStdString());
    return paths;
}

// Each file's facts, filed under the rank HTA would read from it (distributedInfo).
std::vector<HtaStragglerFacts> stragglerFactsOf(const std::vector<std::string> &paths)
{
    std::vector<HtaStragglerFacts> facts;
    for (const ImportResult &r : loadTraces(paths)) {
        if (!r.ok())
            throw std::runtime_error(r.error);
        facts.push_back(htaStragglerFacts(*r.trace, std::nullopt));
    }
    return facts;
}

// `name` is a set under tests/data/expected/hta, or the path of an expected file.
QJsonObject stragglerExpected(const QString &name)
{
    QFile file(name.endsWith(QLatin1String(".json"))
                   ? name
                   : stragglerData(QStringLiteral("expected/hta/straggler_%1.json").arg(name)));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

std::vector<std::int64_t> stragglerInts(const QJsonValue &value)
{
    std::vector<std::int64_t> out;
    for (const QJsonValue &v : value.toArray())
        out.push_back(v.toInteger());
    return out;
}

// Exact: HTA's double, or NaN where HTA wrote null.
bool stragglerSame(double ours, const QJsonValue &theirs)
{
    if (theirs.isNull())
        return std::isnan(ours);
    return ours == theirs.toDouble();
}

QString stragglerRunName(const QJsonObject &arguments)
{
    return QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact));
}

// Compares one result with one run of the expected file; a failure names the run.
void compareStragglerRun(const std::vector<HtaStragglerFacts> &facts, const QJsonObject &run)
{
    const QJsonObject arguments = run.value(QStringLiteral("arguments")).toObject();
    const QString label = stragglerRunName(arguments);
    const int candidates = arguments.contains(QStringLiteral("num_candidates"))
        ? arguments.value(QStringLiteral("num_candidates")).toInt()
        : 2;
    std::optional<std::vector<std::int64_t>> steps;
    if (arguments.contains(QStringLiteral("profiler_steps")))
        steps = stragglerInts(arguments.value(QStringLiteral("profiler_steps")));
    const HtaStragglerResult r = htaStragglers(facts, candidates, steps);

    if (run.contains(QStringLiteral("error"))) {
        QVERIFY2(QString::fromStdString(r.error) == run.value(QStringLiteral("error")).toString(),
                 qPrintable(label + QStringLiteral(": ") + QString::fromStdString(r.error)));
        return;
    }
    QVERIFY2(r.error.empty(), qPrintable(label + QStringLiteral(": ") + QString::fromStdString(r.error)));
    QVERIFY2(r.stragglers == stragglerInts(run.value(QStringLiteral("stragglers"))), qPrintable(label));
    QVERIFY2(r.availableSteps == stragglerInts(run.value(QStringLiteral("available_steps"))), qPrintable(label));
    QVERIFY2(r.iterations == stragglerInts(run.value(QStringLiteral("iterations"))), qPrintable(label));
    QVERIFY2(stragglerSame(r.tMin, run.value(QStringLiteral("t_min"))), qPrintable(label));
    QVERIFY2(stragglerSame(r.meanIterationTime, run.value(QStringLiteral("mean_iter_time"))), qPrintable(label));
    QCOMPARE(r.stream, run.value(QStringLiteral("stream")).toInteger());
    QCOMPARE(QString::fromStdString(r.kernel), run.value(QStringLiteral("kernel")).toString());

    // HTA lists candidates in symbol-id order; compare them as a set.
    const QJsonArray candidatesExpected = run.value(QStringLiteral("candidates")).toArray();
    QCOMPARE(qsizetype(r.candidates.size()), candidatesExpected.size());
    for (const QJsonValue &v : candidatesExpected) {
        const QJsonObject c = v.toObject();
        const auto match = std::find_if(
            r.candidates.begin(), r.candidates.end(), [&](const HtaStragglerCandidate &ours) {
                return ours.stream == c.value(QStringLiteral("stream")).toInteger()
                    && QString::fromStdString(ours.kernel) == c.value(QStringLiteral("kernel")).toString();
            });
        QVERIFY2(match != r.candidates.end(), qPrintable(label));
        QVERIFY2(stragglerSame(match->meanStd, c.value(QStringLiteral("mean_std"))),
                 qPrintable(label
                            + QStringLiteral(" score %1 vs %2")
                                  .arg(match->meanStd, 0, 'g', 17)
                                  .arg(c.value(QStringLiteral("mean_std")).toDouble(), 0, 'g', 17)));
    }

    const QJsonArray metric = run.value(QStringLiteral("metric")).toArray();
    QCOMPARE(qsizetype(r.metric.size()), metric.size());
    for (qsizetype k = 0; k < metric.size(); ++k) {
        const QJsonObject m = metric[k].toObject();
        const HtaStragglerMetricRow &ours = r.metric[std::size_t(k)];
        const QString row = label + QStringLiteral(" metric row %1").arg(k);
        QCOMPARE(ours.rank, m.value(QStringLiteral("rank")).toInteger());
        QCOMPARE(ours.iteration, m.value(QStringLiteral("iteration")).toInteger());
        QCOMPARE(m.value(QStringLiteral("stream")).toInteger(), r.stream);
        QVERIFY2(stragglerSame(ours.ts, m.value(QStringLiteral("ts"))), qPrintable(row));
        QVERIFY2(stragglerSame(ours.dur, m.value(QStringLiteral("dur"))), qPrintable(row));
        QVERIFY2(stragglerSame(ours.normalizedStart, m.value(QStringLiteral("normalized_start_time"))),
                 qPrintable(row + QStringLiteral(": %1").arg(ours.normalizedStart, 0, 'g', 17)));
    }

    const QJsonArray counts = run.value(QStringLiteral("counts")).toArray();
    QCOMPARE(qsizetype(r.counts.size()), counts.size());
    for (qsizetype k = 0; k < counts.size(); ++k) {
        QCOMPARE(r.counts[std::size_t(k)].rank, counts[k].toObject().value(QStringLiteral("rank")).toInteger());
        QCOMPARE(r.counts[std::size_t(k)].count, counts[k].toObject().value(QStringLiteral("count")).toInteger());
    }
}

void compareStragglerFacts(const QString &name, const std::vector<HtaStragglerFacts> &facts)
{
    const QJsonObject expected = stragglerExpected(name);
    QVERIFY2(!expected.isEmpty(), qPrintable(QStringLiteral("no expected file for ") + name));
    QVERIFY(expected.value(QStringLiteral("hta_commit")).toString().startsWith(QLatin1String("f4d0062")));
    const QJsonArray runs = expected.value(QStringLiteral("runs")).toArray();
    QVERIFY(runs.size() >= 4);
    for (const QJsonValue &run : runs) {
        compareStragglerRun(facts, run.toObject());
        if (QTest::currentTestFailed())
            return;
    }
}

void compareStragglerSet(const QString &name, const std::vector<std::string> &paths)
{
    compareStragglerFacts(name, stragglerFactsOf(paths));
}

} // namespace

class TestHtaStraggler : public QObject
{
    Q_OBJECT

private slots:
    void matchesHta_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QStringList>("files");
        const auto hand = [](const char *relative) { return QString::fromStdString(handRank(relative)); };
        QTest::newRow("sampled ranks") << QStringLiteral("sampled_ranks") << QStringList{rankTrace(0), rankTrace(1)};
        QTest::newRow("three hand-made ranks")
            << QStringLiteral("hand_three_ranks")
            << QStringList{hand("three_ranks/rank-0.json"), hand("three_ranks/rank-1.json"),
                           hand("three_ranks/rank-2.json")};
        QTest::newRow("one rank") << QStringLiteral("hand_one_rank") << QStringList{hand("three_ranks/rank-0.json")};
        QTest::newRow("no steps") << QStringLiteral("hand_no_steps")
                                  << QStringList{hand("no_steps/rank-0.json"), hand("no_steps/rank-1.json")};
        QTest::newRow("no nccl kernel") << QStringLiteral("hand_no_nccl")
                                        << QStringList{hand("no_nccl/rank-0.json"), hand("no_nccl/rank-1.json")};
        // Two unrelated real traces as ranks 0 and 1: steps 4, 5 and 551, kernels apart.
        QTest::newRow("mixed ranks") << QStringLiteral("mixed_ranks")
                                     << QStringList{sharedTrace("hta/nccl_distributed_rank.json.gz"), rankTrace(1)};
    }

    void matchesHta()
    {
        QFETCH(QString, name);
        QFETCH(QStringList, files);
        std::vector<std::string> paths;
        for (const QString &f : files)
            paths.push_back(f.toStdString());
        compareStragglerSet(name, paths);
    }

    // Twenty ranks, the two sampled traces in turn (hta_straggler.py --as-ranks 20):
    // ten ranks tie on every count, and numpy's unstable sort picks among them.
    void matchesHtaOnTwentyRanks()
    {
        const std::vector<ImportResult> loaded = loadTraces({sampledRank(0), sampledRank(1)});
        QVERIFY(loaded[0].ok() && loaded[1].ok());
        std::vector<HtaStragglerFacts> facts;
        for (std::int64_t rank = 0; rank < 20; ++rank)
            facts.push_back(htaStragglerFacts(*loaded[std::size_t(rank % 2)].trace, rank));
        compareStragglerFacts(QStringLiteral("sampled_ranks_x20"), facts);
        QCOMPARE(htaStragglers(facts).stragglers, (std::vector<std::int64_t>{19, 13}));
    }

    // Generated NCCL ranks (bench/generate_rank_traces.py, committed beside the edge cases).
    void matchesHtaOnGeneratedRanks()
    {
        const QString folder = stragglerData(QStringLiteral("chrome/ranks/nccl_4ranks"));
        QVERIFY2(QDir(folder).exists(), qPrintable(folder));
        const std::vector<std::string> files = stragglerFolderFiles(folder);
        // The expected file names the traces it was made from: a regenerated folder needs a new one.
        const QJsonArray hashes = stragglerExpected(QStringLiteral("nccl_4ranks")).value(QStringLiteral("sha256")).toArray();
        QCOMPARE(qsizetype(files.size()), hashes.size());
        for (std::size_t k = 0; k < files.size(); ++k) {
            QFile file(QString::fromStdString(files[k]));
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QString hash = QString::fromLatin1(QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256).toHex());
            QVERIFY2(hash == hashes[qsizetype(k)].toString(),
                     qPrintable(QStringLiteral("%1 changed: run tests/reference/hta_straggler.py for nccl_4ranks again")
                                    .arg(QString::fromStdString(files[k]))));
        }
        compareStragglerSet(QStringLiteral("nccl_4ranks"), files);
    }

    // The sampled ranks reduce to a handful of facts, and those survive JSON exactly.
    void factsJsonRoundTrip()
    {
        const std::vector<HtaStragglerFacts> facts = stragglerFactsOf(
            {sampledRank(0), sampledRank(1), handRank("three_ranks/rank-2.json")});
        for (const HtaStragglerFacts &f : facts) {
            QVERIFY(!f.kernels.empty());
            QVERIFY(f.kernels.size() < 1000);
            std::string error;
            const HtaStragglerFacts back = htaStragglerFactsFromJson(htaStragglerFactsToJson(f), error);
            QVERIFY2(error.empty(), error.c_str());
            QVERIFY(back == f);
        }
        QVERIFY(facts[2].rounded); // the quarter-µs rank
        std::string error;
        htaStragglerFactsFromJson("{\"format\": \"something else\"}", error);
        QVERIFY(!error.empty());
        htaStragglerFactsFromJson("not json", error);
        QVERIFY(!error.empty());
        const HtaStragglerFacts partial = htaStragglerFactsFromJson(
            "{\"format\": \"tracelane-hta-straggler-facts\", \"version\": 1, \"rank\": 3}", error);
        QVERIFY(!error.empty());
        QCOMPARE(partial.rank, 0);
    }

    // A merged trace's parts give the same facts as the files read alone.
    void mergedPartsMatchFiles()
    {
        const std::vector<std::string> paths = {handRank("three_ranks/rank-0.json"),
                                                handRank("three_ranks/rank-1.json"),
                                                handRank("three_ranks/rank-2.json"), sampledRank(0)};
        const std::vector<HtaStragglerFacts> alone = stragglerFactsOf(paths);
        for (const TimeAlignment alignment : {TimeAlignment::CommonClock, TimeAlignment::FirstIteration}) {
            const TraceGroup group = loadTraceGroup(paths, alignment, "ranks");
            QVERIFY2(group.trace, group.error.c_str());
            QCOMPARE(group.trace->parts.size(), paths.size());
            for (const TracePart &part : group.trace->parts) {
                const HtaStragglerFacts merged = htaStragglerFacts(*group.trace, std::nullopt, &part);
                const auto same = std::find(alone.begin(), alone.end(), merged);
                QVERIFY2(same != alone.end(), qPrintable(QString::fromStdString(part.label)));
            }
        }
        // Three hand-made ranks from the merged trace: HTA's answer again.
        const TraceGroup group = loadTraceGroup({paths[0], paths[1], paths[2]}, TimeAlignment::FirstIteration, "ranks");
        QVERIFY(group.trace);
        const std::vector<HtaStragglerFacts> facts = htaStragglerFactsOfParts(*group.trace);
        QCOMPARE(facts.size(), std::size_t(3));
        const QJsonArray runs =
            stragglerExpected(QStringLiteral("hand_three_ranks")).value(QStringLiteral("runs")).toArray();
        QVERIFY(!runs.isEmpty());
        compareStragglerRun(facts, runs.first().toObject());
    }

    // Worked by hand on the three hand-made ranks, independently of HTA's output:
    // iterations 1 and 2 (step 3 dropped), the AllReduce on stream 7 varies most.
    void handWorkedExample()
    {
        const std::vector<HtaStragglerFacts> facts = stragglerFactsOf({handRank("three_ranks/rank-0.json"),
                                                                       handRank("three_ranks/rank-1.json"),
                                                                       handRank("three_ranks/rank-2.json")});
        const HtaStragglerResult r = htaStragglers(facts);
        QVERIFY2(r.error.empty(), r.error.c_str());
        QCOMPARE(r.stream, 7);
        QVERIFY(r.kernel.starts_with("ncclKernel_AllReduce"));
        // Rows from rank 0's step 1 (at 0) to rank 1's step 2 (its clock 5000 µs ahead,
        // its step ending at 5000 + 1999): two iterations.
        QCOMPARE(r.tMin, 0.0);
        QCOMPARE(r.meanIterationTime, (5000.0 + 1999.0) / 2.0);
        // The last long AllReduce per rank and step in file order, not the 2 µs one
        // after it (under 1% of 3499.5 µs). In step 1 that is the 40 µs kernel that
        // step 1 launched and that runs in step 2's time (1100 + 10 * rank); rank 2's
        // quarter-µs starts round up (1140.25 -> 1141, 1720.25 -> 1721).
        const double mean = r.meanIterationTime;
        const std::vector<std::pair<std::int64_t, double>> starts = {{0, 1100}, {0, 1650}, {1, 6110},
                                                                     {1, 6480}, {2, 1141}, {2, 1721}};
        QCOMPARE(r.metric.size(), starts.size());
        for (std::size_t k = 0; k < starts.size(); ++k) {
            QCOMPARE(r.metric[k].rank, starts[k].first);
            QCOMPARE(r.metric[k].ts, starts[k].second);
            QCOMPARE(r.metric[k].normalizedStart, starts[k].second / mean);
        }
        // Per step the two latest starts: ranks 1 and 2 both times.
        QCOMPARE(r.counts.size(), std::size_t(3));
        QCOMPARE(r.counts[0].count, 0);
        QCOMPARE(r.counts[1].count, 2);
        QCOMPARE(r.counts[2].count, 2);
        QCOMPARE(r.stragglers, (std::vector<std::int64_t>{1, 2}));

        const Table table = htaStragglerTable(r);
        QCOMPARE(table.columns, (std::vector<std::string>{"Rank", "Straggler Count", "Potential Straggler"}));
        QCOMPARE(table.rows.size(), std::size_t(3));
        QCOMPARE(table.rows[0][2].s, std::string("No"));
        QCOMPARE(table.rows[1][2].s, std::string("Yes"));
        const Table metric = htaStragglerMetricTable(r);
        QCOMPARE(metric.columns.size(), std::size_t(7));
        QCOMPARE(metric.rows.size(), starts.size());
        QCOMPARE(metric.rows[2][4].d, 6110.0);
    }

    // Ties in the counts: pandas' descending sort keeps equal counts in rank
    // order up to 16 ranks (numpy's insertion sort), and not past it.
    void countTiesFollowPandas()
    {
        // Facts made directly: each rank one kernel per iteration, all at the same
        // start, so every rank ties at every threshold.
        std::vector<HtaStragglerFacts> ranks;
        for (std::int64_t r = 0; r < 20; ++r) {
            HtaStragglerFacts f;
            f.rank = r;
            f.rows = 3;
            f.steps = {1};
            f.iterations = {HtaStragglerIteration{1, 0.0, 0.0, 1000.0}};
            f.kernels = {HtaStragglerKernel{"ncclKernel_x", 7, 1, 100.0, 100.0 + double(r)}};
            ranks.push_back(f);
        }
        const HtaStragglerResult r = htaStragglers(ranks, 3);
        QVERIFY2(r.error.empty(), r.error.c_str());
        QCOMPARE(r.counts.size(), std::size_t(20));
        for (const HtaStragglerCount &c : r.counts)
            QCOMPARE(c.count, 1); // all tie at the threshold
        // numpy 1.24's introsort on equal keys, reversed twice by pandas; the figures are
        // pandas 1.5.3's pd.Series([1] * n).sort_values(ascending=False).index[:3].
        QCOMPARE(r.stragglers, (std::vector<std::int64_t>{0, 1, 18}));
        ranks.resize(17);
        QCOMPARE(htaStragglers(ranks, 3).stragglers, (std::vector<std::int64_t>{0, 9, 15}));
        ranks.resize(5);
        QCOMPARE(htaStragglers(ranks, 3).stragglers, (std::vector<std::int64_t>{0, 1, 2}));
    }

    // Nothing to read: no crash, HTA's refusal.
    void emptyInput()
    {
        QCOMPARE(
            htaStragglers({}).error,
            std::string("ValueError: invalid value for argument: profiler_steps=None; available profiler steps=[]"));
        HtaStragglerFacts a, b;
        a.rows = b.rows = 1;
        a.rank = b.rank = 4;
        QVERIFY(!htaStragglers({a, b}).error.empty()); // the same rank twice
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestHtaStraggler)
#include "tst_hta_straggler.moc"
