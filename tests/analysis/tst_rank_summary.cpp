// `ranks` on the shared rank traces of HolisticTraceAnalysis: two ranks of one
// 128-rank NCCL run (sampled_rank-0/1) and a rank of a 2-rank run
// (nccl_distributed_rank), plus a Kineto trace without distributedInfo.
// Every figure is checked against a computation in this file straight from
// the loaded events (ProfilerStep ranges, NCCL kernels and their launch flows),
// not through the analyses the summary reuses; tracelane-cli must print the
// core result.
#include "analysis/ranks/rank_identity.h"
#include "analysis/ranks/rank_summary.h"
#include "cached_import.h"
#include "cli_run.h"
#include "import/load_traces.h"

#include "median.h"
#include "report_csv.h"
#include "shared_traces.h"
#include "test_registry.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <map>
#include <regex>
#include <sstream>

using namespace tracelane;
using namespace tracelane::test;

namespace {

const QString kNccl = sharedTraces() + QStringLiteral("hta/nccl_distributed_rank.json.gz");
const QString kTraceWithoutRank = sharedTraces() + QStringLiteral("kineto/compiled_mlp_train.json.gz");

std::shared_ptr<const Trace> mustLoad(const QString &path)
{
    auto trace = cachedTrace(path);
    if (!trace)
        qFatal("cannot load %s: %s", qPrintable(path), cachedImport(path).error.c_str());
    return trace;
}

RankSummary summaryOf(const QStringList &paths)
{
    std::vector<RankInput> inputs;
    for (const QString &path : paths)
        inputs.push_back({path.toStdString(), mustLoad(path).get()});
    return rankSummary(inputs);
}

bool isNccl(std::string_view name)
{
    std::string lower(name);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    return lower.find("nccl") != std::string::npos;
}

// ProfilerStep#N ranges, straight from the thread tracks: number -> [start, end].
std::map<std::int64_t, std::pair<TimeNs, TimeNs>> profilerSteps(const Trace &trace)
{
    static const std::regex step(R"(ProfilerStep#(\d+))");
    std::map<std::int64_t, std::pair<TimeNs, TimeNs>> steps;
    for (const Track &track : trace.tracks)
        for (const Event &e : track.events) {
            std::cmatch m;
            const std::string_view name = trace.strings.view(e.name);
            if (std::regex_match(name.begin(), name.end(), m, step))
                steps[std::stoll(m[1].str())] = {e.start, e.end()};
        }
    return steps;
}

using Intervals = std::vector<std::pair<TimeNs, TimeNs>>;

Intervals merged(Intervals intervals)
{
    std::sort(intervals.begin(), intervals.end());
    Intervals out;
    for (const auto &[s, e] : intervals) {
        if (!out.empty() && s <= out.back().second)
            out.back().second = std::max(out.back().second, e);
        else
            out.emplace_back(s, e);
    }
    return out;
}

// Length of the intersection of two unions, by a two-pointer walk.
TimeNs intersectionLength(const Intervals &a, const Intervals &b)
{
    const Intervals x = merged(a), y = merged(b);
    TimeNs total = 0;
    for (std::size_t i = 0, j = 0; i < x.size() && j < y.size();) {
        total += std::max<TimeNs>(0, std::min(x[i].second, y[j].second) - std::max(x[i].first, y[j].first));
        (x[i].second < y[j].second) ? ++i : ++j;
    }
    return total;
}

TimeNs unionLength(std::vector<std::pair<TimeNs, TimeNs>> intervals)
{
    std::sort(intervals.begin(), intervals.end());
    TimeNs total = 0, start = 0, end = 0;
    bool open = false;
    for (const auto &[s, e] : intervals) {
        if (open && s <= end) {
            end = std::max(end, e);
            continue;
        }
        if (open)
            total += end - start;
        start = s;
        end = e;
        open = true;
    }
    return open ? total + end - start : total;
}

// Per GPU device: the union of its NCCL kernels, and of every kernel, memcpy and memset.
struct DirectGpuTime
{
    TimeNs communication = 0;
    TimeNs busy = 0;
    TimeNs overlapped = 0; // NCCL kernels while any other kernel runs
};
DirectGpuTime directGpuTime(const Trace &trace)
{
    std::map<std::int32_t, Intervals> nccl, all, compute;
    for (const Track &track : trace.tracks) {
        if (track.kind != TrackKind::GpuStream)
            continue;
        const std::int32_t device = trace.streams[track.stream].device;
        for (const Event &e : track.events) {
            if (!isGpuWork(e.kind))
                continue;
            all[device].emplace_back(e.start, e.end());
            if (e.kind == EventKind::Kernel && isNccl(trace.strings.view(e.name)))
                nccl[device].emplace_back(e.start, e.end());
            else if (e.kind == EventKind::Kernel)
                compute[device].emplace_back(e.start, e.end());
        }
    }
    DirectGpuTime out;
    for (auto &[device, intervals] : nccl) {
        out.communication += unionLength(intervals);
        out.overlapped += intersectionLength(intervals, compute[device]);
    }
    for (auto &[device, intervals] : all)
        out.busy += unionLength(intervals);
    return out;
}

// Per ProfilerStep: the earliest NCCL kernel whose launching API call (its
// launch flow's source) lies inside the step.
std::map<std::int64_t, TimeNs> firstNcclPerStep(const Trace &trace)
{
    const auto steps = profilerSteps(trace);
    std::map<std::int64_t, TimeNs> first;
    for (const Flow &flow : trace.flows) {
        if (flow.kind != FlowKind::Launch)
            continue;
        const Event &kernel = trace.event(flow.to);
        if (kernel.kind != EventKind::Kernel || !isNccl(trace.name(flow.to)))
            continue;
        const Event &call = trace.event(flow.from);
        for (const auto &[number, span] : steps)
            if (call.start >= span.first && call.end() <= span.second) {
                auto [it, inserted] = first.try_emplace(number, kernel.start);
                if (!inserted)
                    it->second = std::min(it->second, kernel.start);
            }
    }
    return first;
}

} // namespace

class TstRankSummary : public QObject
{
    Q_OBJECT

private slots:
    void ranksFromDistributedInfo()
    {
        // As each file's distributedInfo says: {"backend":"nccl","rank":R,"world_size":W,...}
        const DistributedInfo r0 = distributedInfo(*mustLoad(rankTrace(0)));
        QCOMPARE(r0.rank, std::optional<std::int64_t>(0));
        QCOMPARE(r0.worldSize, std::optional<std::int64_t>(128));
        QCOMPARE(r0.backend, std::string("nccl"));
        QCOMPARE(distributedInfo(*mustLoad(rankTrace(1))).rank, std::optional<std::int64_t>(1));
        const DistributedInfo nccl = distributedInfo(*mustLoad(kNccl));
        QCOMPARE(nccl.rank, std::optional<std::int64_t>(0));
        QCOMPARE(nccl.worldSize, std::optional<std::int64_t>(2));
        QVERIFY(!distributedInfo(*mustLoad(kTraceWithoutRank)).rank);
    }

    void epochTimeBase()
    {
        // The sampled ranks write epoch microseconds; nccl_distributed_rank and
        // compiled_mlp_train write times relative to baseTimeNanoseconds.
        QCOMPARE(epochOffset(*mustLoad(rankTrace(0))), std::optional<TimeNs>(0));
        QCOMPARE(epochOffset(*mustLoad(kNccl)), std::optional<TimeNs>(1711964646000000000));
        QCOMPARE(epochOffset(*mustLoad(kTraceWithoutRank)), std::optional<TimeNs>(1790857026000000000));
        QVERIFY(summaryOf({rankTrace(0), rankTrace(1)}).epochTimeBase);
        QVERIFY(summaryOf({rankTrace(0), kNccl}).epochTimeBase);
    }

    void rowsMatchDirectComputation()
    {
        const RankSummary summary = summaryOf({rankTrace(1), kNccl, rankTrace(0)});
        QCOMPARE(summary.rows.size(), std::size_t(3));
        for (const RankRow &row : summary.rows) {
            const QString path = sharedTraces() + QStringLiteral("hta/") + QString::fromStdString(row.file);
            const auto trace = mustLoad(path);
            const auto steps = profilerSteps(*trace);
            std::vector<TimeNs> times;
            for (const auto &[number, span] : steps)
                times.push_back(span.second - span.first);
            QVERIFY2(!times.empty(), qPrintable(path));
            QCOMPARE(row.iterations, times.size());
            QCOMPARE(row.iterationMedian, medianOf(times));
            QCOMPARE(row.iterationMax, *std::max_element(times.begin(), times.end()));
            const DirectGpuTime gpu = directGpuTime(*trace);
            QVERIFY(gpu.communication > 0);
            QCOMPARE(row.communication, gpu.communication);
            QCOMPARE(row.gpuBusy, gpu.busy);
            QCOMPARE(row.overlapped, gpu.overlapped);
            QVERIFY(row.gpuIdle >= 0);
        }
    }

    void orderedByRankWithStraggler()
    {
        const RankSummary summary = summaryOf({rankTrace(1), kTraceWithoutRank, kNccl, rankTrace(0)});
        QCOMPARE(summary.rows.size(), std::size_t(4));
        // Ranks ascending, equal ranks by file name, the trace without a rank last.
        QCOMPARE(summary.rows[0].rank, std::optional<std::int64_t>(0));
        QCOMPARE(summary.rows[0].file, std::string("nccl_distributed_rank.json.gz"));
        QCOMPARE(summary.rows[1].file, std::string("sampled_rank-0.json.gz"));
        QCOMPARE(summary.rows[2].rank, std::optional<std::int64_t>(1));
        QVERIFY(!summary.rows[3].rank);
        QCOMPARE(summary.rows[3].label(), std::string("compiled_mlp_train.json.gz"));
        QCOMPARE(summary.rows[0].label(), std::string("0"));

        // The straggler: the largest median ProfilerStep time, computed here.
        std::size_t slowest = 0;
        double slowestMedian = -1;
        for (std::size_t i = 0; i < summary.rows.size(); ++i) {
            const QString dir = summary.rows[i].rank ? QStringLiteral("hta/") : QStringLiteral("kineto/");
            const auto steps = profilerSteps(
                *mustLoad(sharedTraces() + dir + QString::fromStdString(summary.rows[i].file)));
            std::vector<TimeNs> times;
            for (const auto &[number, span] : steps)
                times.push_back(span.second - span.first);
            if (!times.empty() && medianOf(times) > slowestMedian) {
                slowestMedian = medianOf(times);
                slowest = i;
            }
        }
        for (std::size_t i = 0; i < summary.rows.size(); ++i)
            QCOMPARE(summary.rows[i].straggler, i == slowest);
        QCOMPARE(summary.rows[slowest].file, std::string("sampled_rank-1.json.gz"));

        // One rank alone is no straggler.
        QVERIFY(!summaryOf({rankTrace(0)}).rows[0].straggler);
    }

    void lastToEnterCollectives()
    {
        const RankSummary summary = summaryOf({rankTrace(0), rankTrace(1)});
        const std::map<std::int64_t, TimeNs> first0 = firstNcclPerStep(*mustLoad(rankTrace(0)));
        const std::map<std::int64_t, TimeNs> first1 = firstNcclPerStep(*mustLoad(rankTrace(1)));
        std::size_t shared = 0;
        for (const auto &[number, start0] : first0) {
            const auto it1 = first1.find(number);
            if (it1 == first1.end())
                continue;
            ++shared;
            const auto entry = std::find_if(summary.collectives.begin(), summary.collectives.end(),
                                            [&](const CollectiveEntry &c) { return c.iteration == number; });
            QVERIFY(entry != summary.collectives.end());
            QCOMPARE(entry->ranks, std::size_t(2));
            // Both traces are in epoch time already: no offset.
            const bool rank1Last = it1->second > start0;
            QCOMPARE(summary.rows[entry->lastRow].rank, std::optional<std::int64_t>(rank1Last ? 1 : 0));
            QCOMPARE(entry->lastStart, std::max(start0, it1->second));
            QCOMPARE(entry->lag, std::max(start0, it1->second) - std::min(start0, it1->second));
        }
        QCOMPARE(summary.collectives.size(), shared);
        QCOMPARE(shared, std::size_t(2)); // ProfilerStep#551 and #552
    }

    void mixedTimeBasesCountFromEachStart()
    {
        // The Nsight Systems JSON export has no epoch time: every trace then counts from its own start.
        const QString noEpoch = sharedTraces() + QStringLiteral("nsys/nvtx_cnn_nsys.json");
        QVERIFY(!epochOffset(*mustLoad(noEpoch)));
        const RankSummary summary = summaryOf({rankTrace(0), rankTrace(1), noEpoch});
        QVERIFY(!summary.epochTimeBase);
        const auto trace0 = mustLoad(rankTrace(0)), trace1 = mustLoad(rankTrace(1));
        const auto first0 = firstNcclPerStep(*trace0), first1 = firstNcclPerStep(*trace1);
        QCOMPARE(summary.collectives.size(), std::size_t(2));
        for (const CollectiveEntry &c : summary.collectives) {
            const TimeNs since0 = first0.at(c.iteration) - trace0->startNs;
            const TimeNs since1 = first1.at(c.iteration) - trace1->startNs;
            QCOMPARE(c.lastStart, std::max(since0, since1));
            QCOMPARE(c.lag, std::max(since0, since1) - std::min(since0, since1));
            QCOMPARE(summary.rows[c.lastRow].rank, std::optional<std::int64_t>(since1 > since0 ? 1 : 0));
        }
    }

    void cliPrintsTheCoreResult()
    {
        const QStringList paths = {rankTrace(1), kTraceWithoutRank, kNccl, rankTrace(0)};
        const RankSummary summary = summaryOf(paths);
        const CliRun rows = runCli(QStringList{QStringLiteral("ranks")} + paths
                                   + QStringList{QStringLiteral("--format"), QStringLiteral("csv")});
        QVERIFY(rows.finished);
        QCOMPARE(rows.exitCode, 0);
        QCOMPARE(rows.out, csvText(rankTable(summary)));

        const RankSummary pair = summaryOf({rankTrace(0), rankTrace(1)});
        const CliRun collectives = runCli({QStringLiteral("ranks"), rankTrace(1), rankTrace(0),
                                           QStringLiteral("--per-iteration"), QStringLiteral("--format"),
                                           QStringLiteral("csv")});
        QCOMPARE(collectives.exitCode, 0);
        QCOMPARE(collectives.out, csvText(collectiveTable(pair)));
        QVERIFY(collectives.out.count(QLatin1Char('\n')) == 3); // header and two iterations
    }

    void aFolderIsItsTraceFiles()
    {
        QTemporaryDir dir;
        QVERIFY(QFile::copy(rankTrace(0), dir.filePath(QStringLiteral("sampled_rank-0.json.gz"))));
        QVERIFY(QFile::copy(rankTrace(1), dir.filePath(QStringLiteral("sampled_rank-1.json.gz"))));
        const RankSummary pair = summaryOf({rankTrace(0), rankTrace(1)});
        const CliRun folder = runCli(
            {QStringLiteral("ranks"), dir.path(), QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(folder.exitCode, 0);
        QCOMPARE(folder.out, csvText(rankTable(pair)));
        const CliRun kernels = runCli({QStringLiteral("kernels"), dir.path(), QStringLiteral("--per-trace"),
                                       QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(kernels.exitCode, 0);
        const CliRun named = runCli({QStringLiteral("kernels"), rankTrace(0), rankTrace(1),
                                     QStringLiteral("--per-trace"), QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(kernels.out, named.out);
        QTemporaryDir empty;
        const CliRun none = runCli({QStringLiteral("ranks"), empty.path()});
        QCOMPARE(none.exitCode, 3);
        QVERIFY(none.err.contains(QStringLiteral("folder without trace files")));
    }

    void badFilesAreNamed()
    {
        const QString missing = sharedTraces() + QStringLiteral("hta/no_such_rank.json.gz");
        const CliRun run = runCli(
            {QStringLiteral("ranks"), rankTrace(0), missing, QStringLiteral(TRACELANE_SHARED_TRACES "/README.md")});
        QVERIFY(run.finished);
        // Not fatal: the table is of the file that loaded, the others are named and counted.
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.out, runCli({QStringLiteral("ranks"), rankTrace(0)}).out);
        QVERIFY2(run.err.contains(QStringLiteral("no_such_rank.json.gz")), qPrintable(run.err));
        QVERIFY2(run.err.contains(QStringLiteral("README.md")), qPrintable(run.err));
        QVERIFY2(run.err.contains(QStringLiteral("2 of 3 files could not be read")), qPrintable(run.err));
        QCOMPARE(runCli({QStringLiteral("ranks"), missing}).exitCode, 3);
        QCOMPARE(runCli({QStringLiteral("ranks")}).exitCode, 2);

        // The core loader keeps one result per path, in order.
        const auto results = loadTraces({rankTrace(0).toStdString(), missing.toStdString()});
        QCOMPARE(results.size(), std::size_t(2));
        QVERIFY(results[0].ok());
        QVERIFY(!results[1].ok());
        QVERIFY(results[1].error.find("no_such_rank.json.gz") != std::string::npos);
    }
};

TRACELANE_TEST_GUILESS_MAIN(TstRankSummary)
#include "tst_rank_summary.moc"
