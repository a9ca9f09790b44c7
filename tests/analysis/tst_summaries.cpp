// Summary and projection definitions on hand-built edge cases: even and odd
// medians, a single instance (stddev 0), ties in total time, ranges without GPU
// work, nested ranges, launches from another thread or across a range's end,
// kernels outside any range. The traces are built in code (hand_built_trace.h);
// the comparison with real nsys output is in tst_nsys_reports.
#include "hand_built_trace.h"

#include "analysis/ranges/range_instances.h"
#include "analysis/ranges/range_kernel_summary.h"
#include "analysis/ranges/range_projection.h"
#include "analysis/ranges/range_projection_summary.h"
#include "analysis/ranges/range_summary.h"
#include "analysis/summaries/api_summary.h"
#include "analysis/summaries/duration_stats.h"
#include "analysis/summaries/gpu_mem_time_summary.h"
#include "analysis/summaries/kernel_summary.h"
#include "analysis/summaries/longest_instance.h"
#include "export/table.h"

#include "test_registry.h"

#include <QtTest>

#include <map>
#include <sstream>

using namespace tracelane;
using tracelane::test::HandBuiltTrace;

namespace {

QStringList csvLines(const Table &table)
{
    std::ostringstream out;
    writeCsv(out, table);
    QStringList lines = QString::fromStdString(out.str()).split(QLatin1Char('\n'));
    if (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast();
    return lines;
}

// Nested ranges on thread 1, work launched from thread 2 and across a range's
// end, a kernel with no launching call. See projectionOfNestedRanges() for the
// expected projection.
std::shared_ptr<Trace> nestedRangesTrace()
{
    HandBuiltTrace t;
    t.range(1, 0, 1000, "Iteration");
    t.range(1, 10, 400, "FWD");
    t.range(1, 15, 35, "inner");
    t.range(1, 410, 420, "no gpu work");
    t.range(1, 430, 990, "BWD");
    t.range(1, 2000, 3000, "Iteration");
    t.mark(1, 5, "epoch start");
    t.launch(1, 20, 30, "gemm", 500, 50);
    t.launch(1, 40, 50, "relu", 600, 50);
    t.launch(2, 450, 460, "other thread", 700, 10); // inside BWD's time, but not its thread
    t.launch(1, 980, 1010, "late", 1100, 20);       // the call outlives Iteration
    t.launch(1, 2100, 2110, "gemm", 2200, 100);
    t.launch(1, 2120, 2130, "[CUDA memcpy Host-to-Device]", 2150, 10, EventKind::Memcpy);
    t.gpuOp(4000, 5, "orphan");
    return t.finish();
}

} // namespace

class TestSummaries : public QObject
{
    Q_OBJECT

private slots:
    void durationStats_data()
    {
        QTest::addColumn<QList<qint64>>("values");
        QTest::addColumn<qint64>("total");
        QTest::addColumn<double>("average");
        QTest::addColumn<double>("median");
        QTest::addColumn<qint64>("min");
        QTest::addColumn<qint64>("max");
        QTest::addColumn<double>("stddev");
        QTest::newRow("odd count") << QList<qint64>{5, 1, 3} << qint64(9) << 3.0 << 3.0 << qint64(1) << qint64(5) << 2.0;
        QTest::newRow("even count: mean of the middle two")
            << QList<qint64>{4, 1, 3, 2} << qint64(10) << 2.5 << 2.5 << qint64(1) << qint64(4) << std::sqrt(5.0 / 3.0);
        QTest::newRow("single value: stddev 0") << QList<qint64>{7} << qint64(7) << 7.0 << 7.0 << qint64(7) << qint64(7)
                                                 << 0.0;
        QTest::newRow("large even median keeps .5")
            << QList<qint64>{1000000001, 1000000002} << qint64(2000000003) << 1000000001.5 << 1000000001.5
            << qint64(1000000001) << qint64(1000000002) << std::sqrt(0.5);
        QTest::newRow("sample stddev (n - 1)") << QList<qint64>{2, 4, 4, 4, 5, 5, 7, 9} << qint64(40) << 5.0 << 4.5
                                                << qint64(2) << qint64(9) << std::sqrt(32.0 / 7.0);
    }
    void durationStats()
    {
        QFETCH(QList<qint64>, values);
        QFETCH(qint64, total);
        QFETCH(double, average);
        QFETCH(double, median);
        QFETCH(qint64, min);
        QFETCH(qint64, max);
        QFETCH(double, stddev);
        std::vector<TimeNs> durations(values.begin(), values.end());
        const DurationStats s = computeDurationStats(durations);
        QCOMPARE(s.count, qint64(values.size()));
        QCOMPARE(qint64(s.total), total);
        QCOMPARE(s.average, average);
        QCOMPARE(s.median, median);
        QCOMPARE(qint64(s.min), min);
        QCOMPARE(qint64(s.max), max);
        QVERIFY(std::abs(s.stddev - stddev) < 1e-9);
    }

    void durationStatsOfNothing()
    {
        std::vector<TimeNs> none;
        const DurationStats s = computeDurationStats(none);
        QCOMPARE(s.count, 0);
        QCOMPARE(s.total, 0);
        QCOMPARE(s.stddev, 0.0);
    }

    void kernelSummaryOrdersTiesLikeNsys()
    {
        // Totals 200, 100, 100, 100: ties go to fewer instances first, then name.
        HandBuiltTrace t;
        t.gpuOp(0, 60, "c");
        t.gpuOp(100, 140, "c");
        t.gpuOp(300, 50, "b");
        t.gpuOp(400, 50, "b");
        t.gpuOp(500, 100, "d");
        t.gpuOp(700, 100, "a");
        t.gpuOp(900, 999, "copy", EventKind::Memcpy); // not a kernel
        const auto trace = t.finish();
        const QStringList lines = csvLines(kernelSummaryTable(kernelSummary(*trace)));
        const QStringList expected = {
            QStringLiteral("Time (%),Total Time (ns),Instances,Avg (ns),Med (ns),Min (ns),Max (ns),StdDev (ns),Name"),
            QStringLiteral("40.0,200,2,100.0,100.0,60,140,56.6,c"),
            QStringLiteral("20.0,100,1,100.0,100.0,100,100,0.0,a"),
            QStringLiteral("20.0,100,1,100.0,100.0,100,100,0.0,d"),
            QStringLiteral("20.0,100,2,50.0,50.0,50,50,0.0,b"),
        };
        QCOMPARE(lines, expected);
    }

    void apiSummaryCountsCalls()
    {
        HandBuiltTrace t;
        t.launch(1, 0, 10, "k", 100, 5);
        t.launch(2, 20, 50, "k", 200, 5);
        t.apiCall(1, 60, 7, "cudaMalloc");
        const auto trace = t.finish();
        const QStringList lines = csvLines(apiSummaryTable(apiSummary(*trace)));
        QCOMPARE(lines.size(), 3);
        QCOMPARE(lines[0], QStringLiteral("Time (%),Total Time (ns),Num Calls,Avg (ns),Med (ns),Min (ns),Max (ns),"
                                          "StdDev (ns),Name"));
        QCOMPARE(lines[1], QStringLiteral("85.1,40,2,20.0,20.0,10,30,14.1,cudaLaunchKernel"));
        QCOMPARE(lines[2], QStringLiteral("14.9,7,1,7.0,7.0,7,7,0.0,cudaMalloc"));
    }

    void gpuMemTimeGroupsCopiesAndSets()
    {
        HandBuiltTrace t;
        t.gpuOp(0, 10, "[CUDA memcpy Host-to-Device]", EventKind::Memcpy);
        t.gpuOp(20, 30, "[CUDA memcpy Host-to-Device]", EventKind::Memcpy);
        t.gpuOp(60, 60, "[CUDA memset]", EventKind::Memset);
        t.gpuOp(200, 500, "kernel");
        const auto trace = t.finish();
        const QStringList lines = csvLines(gpuMemTimeSummaryTable(gpuMemTimeSummary(*trace)));
        const QStringList expected = {
            QStringLiteral("Time (%),Total Time (ns),Count,Avg (ns),Med (ns),Min (ns),Max (ns),StdDev (ns),Operation"),
            QStringLiteral("60.0,60,1,60.0,60.0,60,60,0.0,[CUDA memset]"),
            QStringLiteral("40.0,40,2,20.0,20.0,10,30,14.1,[CUDA memcpy Host-to-Device]"),
        };
        QCOMPARE(lines, expected);
    }

    void rangeSummaryNamesDomainsAndSkipsMarks()
    {
        HandBuiltTrace t;
        t.range(1, 0, 100, "step");
        t.range(2, 0, 301, "step"); // another thread: same row
        t.range(1, 10, 20, "cublasCreate_v2", "cuBLAS");
        t.mark(1, 50, "step");
        const auto trace = t.finish();
        const QStringList expected = {
            QStringLiteral("Time (%),Total Time (ns),Instances,Avg (ns),Med (ns),Min (ns),Max (ns),StdDev (ns),Style,"
                           "Range"),
            QStringLiteral("97.6,401,2,200.5,200.5,100,301,142.1,PushPop,:step"),
            QStringLiteral("2.4,10,1,10.0,10.0,10,10,0.0,PushPop,cuBLAS:cublasCreate_v2"),
        };
        QCOMPARE(csvLines(rangeSummaryTable(*trace)), expected);
    }

    // What "List All Instances" on a summary row lists: as many as the row's
    // count, by start across threads and streams, matched as the row names them.
    void instancesOfSummaryRows()
    {
        HandBuiltTrace t;
        t.range(2, 5, 301, "step"); // starts after thread 1's first
        t.range(1, 0, 100, "step");
        t.range(1, 400, 500, "step");
        t.range(1, 10, 20, "step", "cuBLAS"); // another domain: another row
        t.mark(1, 50, "step");                // marks are not ranges
        t.launch(1, 30, 40, "gemm", 600, 50);
        t.launch(2, 35, 45, "gemm", 620, 10, EventKind::Kernel, 8); // another stream, same row
        t.launch(1, 50, 60, "relu", 700, 5);
        t.apiCall(1, 70, 5, "cudaMalloc_v3020");
        t.apiCall(1, 80, 5, "cudaMalloc");
        const auto trace = t.finish();

        const auto starts = [&trace](const std::vector<EventRef> &refs) {
            std::vector<TimeNs> out;
            for (EventRef ref : refs)
                out.push_back(trace->event(ref).start);
            return out;
        };
        QCOMPARE(starts(summaryInstances(*trace, SummaryKind::Range, ":step")), (std::vector<TimeNs>{0, 5, 400}));
        QCOMPARE(starts(summaryInstances(*trace, SummaryKind::Range, "cuBLAS:step")), (std::vector<TimeNs>{10}));
        QCOMPARE(starts(summaryInstances(*trace, SummaryKind::Kernel, "gemm")), (std::vector<TimeNs>{600, 620}));
        QCOMPARE(starts(summaryInstances(*trace, SummaryKind::ApiCall, "cudaMalloc")), (std::vector<TimeNs>{70, 80}));
        QCOMPARE(starts(summaryInstances(*trace, SummaryKind::ApiCall, "cudaLaunchKernel")),
                 (std::vector<TimeNs>{30, 35, 50}));
        QVERIFY(summaryInstances(*trace, SummaryKind::Kernel, "missing").empty());
        QVERIFY(summaryInstances(*trace, SummaryKind::Kernel, "gem").empty()); // whole names only
        // Every row of every report: as many instances as its count, the longest among
        // them. "cudaMalloc_v3020" and "cudaMalloc" are two rows of one shown name
        // (the report keeps the file's two names apart): each lists the calls of both.
        for (const SummaryKind kind : {SummaryKind::Kernel, SummaryKind::ApiCall, SummaryKind::Range}) {
            Table table = rangeSummaryTable(*trace);
            if (kind == SummaryKind::Kernel)
                table = kernelSummaryTable(kernelSummary(*trace));
            else if (kind == SummaryKind::ApiCall)
                table = apiSummaryTable(apiSummary(*trace));
            std::map<std::string, std::int64_t> countOfName;
            for (const auto &row : table.rows)
                countOfName[row.back().s] += row[2].i;
            for (const auto &row : table.rows) {
                const auto all = summaryInstances(*trace, kind, row.back().s);
                QCOMPARE(std::int64_t(all.size()), countOfName[row.back().s]);
                QVERIFY(std::find(all.begin(), all.end(), longestInstance(*trace, kind, row.back().s)) != all.end());
            }
        }
    }

    void projectionOfNestedRanges()
    {
        const auto trace = nestedRangesTrace();
        const RangeProjection projection = projectRanges(*trace);
        QCOMPARE(projection.ranges.size(), std::size_t(6)); // the mark is not a range
        // Iteration and FWD project onto the same span: the lower RangeId comes first.
        // "no gpu work" and "BWD" (whose only launch is on thread 2) are left out, but
        // still count as Iteration's children for levels: NumChild counts listed children.
        // The launch at 980..1010 ends after Iteration and belongs to no range.
        // RangeIds number NVTX rows in time order, as nsys does: the mark at 5 takes 2.
        const QStringList expected = {
            QStringLiteral("Name,Projected Start (ns),Projected Duration (ns),Orig Start (ns),Orig Duration (ns),Style,"
                           "PID,TID,NumGPUOps,Lvl,NumChild,RangeId,ParentId,RangeStack"),
            QStringLiteral(":Iteration,500,150,0,1000,PushPop,100,1,2,0,1,1,,:1"),
            QStringLiteral(":FWD,500,150,10,390,PushPop,100,1,2,1,1,3,1,:1:3"),
            QStringLiteral(":inner,500,50,15,20,PushPop,100,1,1,2,0,4,3,:1:3:4"),
            QStringLiteral(":Iteration,2150,150,2000,1000,PushPop,100,1,2,0,0,7,,:7"),
        };
        QCOMPARE(csvLines(rangeProjectionTraceTable(*trace, projection)), expected);
    }

    void projectionSummaryAveragesLevelsAndChildren()
    {
        const auto trace = nestedRangesTrace();
        const QStringList expected = {
            QStringLiteral("Range,Style,Total Proj Time (ns),Total Range Time (ns),Range Instances,Proj Avg (ns),"
                           "Proj Med (ns),Proj Min (ns),Proj Max (ns),Proj StdDev (ns),Total GPU Ops,Avg GPU Ops,"
                           "Avg Range Lvl,Avg Num Child"),
            QStringLiteral(":Iteration,PushPop,300,2000,2,150.0,150.0,150,150,0.0,4,2.0,0.0,0.5"),
            QStringLiteral(":FWD,PushPop,150,390,1,150.0,150.0,150,150,0.0,2,2.0,1.0,1.0"),
            QStringLiteral(":inner,PushPop,50,20,1,50.0,50.0,50,50,0.0,1,1.0,2.0,0.0"),
        };
        QCOMPARE(csvLines(rangeProjectionSummaryTable(*trace, projectRanges(*trace))), expected);
    }

    void rangeIdsCountDomainRegistrations()
    {
        // nsys numbers the cuBLAS domain's registration just before its first range.
        HandBuiltTrace t;
        t.range(1, 0, 100, "outer");
        t.range(1, 10, 20, "cublasCreate_v2", "cuBLAS");
        t.range(1, 30, 40, "inner");
        const auto trace = t.finish();
        const auto ranges = collectRanges(*trace);
        QCOMPARE(ranges.size(), std::size_t(3));
        QCOMPARE(ranges[0].id, 1);
        QCOMPARE(rangeName(*trace, ranges[1]), std::string("cuBLAS:cublasCreate_v2"));
        QCOMPARE(ranges[1].id, 3);
        QCOMPARE(ranges[2].id, 4);
    }

    void apiNamesLoseShortVersionSuffixes()
    {
        HandBuiltTrace t;
        t.apiCall(1, 0, 10, "cudaMalloc_v3020");
        t.apiCall(1, 20, 5, "cudaLaunchKernelExC_v11060");
        const auto trace = t.finish();
        const QStringList lines = csvLines(apiSummaryTable(apiSummary(*trace)));
        QCOMPARE(lines.size(), 3);
        QVERIFY(lines[1].endsWith(QStringLiteral(",cudaMalloc")));
        QVERIFY(lines[2].endsWith(QStringLiteral(",cudaLaunchKernelExC_v11060")));
    }

    void averagesRoundHalvesAwayFromZero()
    {
        // 71057 / 4 = 17764.25: nsys (SQLite round) shows 17764.3, printf alone 17764.2.
        HandBuiltTrace t;
        for (TimeNs d : {3648, 11000, 11666, 44743})
            t.gpuOp(d * 10, d, "k");
        const auto trace = t.finish();
        const QStringList lines = csvLines(kernelSummaryTable(kernelSummary(*trace)));
        QCOMPARE(lines.size(), 2);
        QVERIFY2(lines[1].startsWith(QStringLiteral("100.0,71057,4,17764.3,11333.0,3648,44743,")), qPrintable(lines[1]));
    }

    void projectionWithoutRangesOrLaunches()
    {
        HandBuiltTrace t;
        t.range(1, 0, 100, "idle");
        t.gpuOp(10, 5, "k");
        const auto trace = t.finish();
        QVERIFY(projectRanges(*trace).rows.empty());
        QCOMPARE(csvLines(rangeProjectionSummaryTable(*trace, projectRanges(*trace))).size(), 1);
    }

    void rangeKernelsCountEveryEnclosingRange()
    {
        // gemm at 20..30 lies in Iteration, FWD and inner: it counts for all three.
        // Kernels outside every range get an empty range name, per thread; the kernel
        // with no launching call has no PID/TID and sorts first. Memcpys are not kernels.
        const auto trace = nestedRangesTrace();
        const QStringList expected = {
            QStringLiteral("NVTX Range,Style,PID,TID,NVTX Inst,Kern Inst,Total Time (ns),Avg (ns),Med (ns),Min (ns),"
                           "Max (ns),StdDev (ns),Kernel Name"),
            QStringLiteral(",,,,0,1,5,5.0,5.0,5,5,0.0,orphan"),
            QStringLiteral(",,100,1,0,1,20,20.0,20.0,20,20,0.0,late"),
            QStringLiteral(",,100,2,0,1,10,10.0,10.0,10,10,0.0,other thread"),
            QStringLiteral(":FWD,PushPop,100,1,1,1,50,50.0,50.0,50,50,0.0,gemm"),
            QStringLiteral(":FWD,PushPop,100,1,1,1,50,50.0,50.0,50,50,0.0,relu"),
            QStringLiteral(":Iteration,PushPop,100,1,2,2,150,75.0,75.0,50,100,35.4,gemm"),
            QStringLiteral(":Iteration,PushPop,100,1,1,1,50,50.0,50.0,50,50,0.0,relu"),
            QStringLiteral(":inner,PushPop,100,1,1,1,50,50.0,50.0,50,50,0.0,gemm"),
        };
        QCOMPARE(csvLines(rangeKernelSummaryTable(*trace)), expected);
    }

    void projectionScalesWithEvents()
    {
        // 200k nested iterations with two launches each: a quadratic matcher would take minutes.
        HandBuiltTrace t;
        constexpr int kIterations = 200000;
        for (int i = 0; i < kIterations; ++i) {
            const TimeNs base = TimeNs(i) * 1000;
            t.range(1, base, base + 900, "Iteration");
            t.range(1, base + 10, base + 400, "FWD");
            t.launch(1, base + 20, base + 30, "gemm", base + 500, 50);
            t.launch(1, base + 500, base + 510, "relu", base + 600, 50);
        }
        const auto trace = t.finish();
        QElapsedTimer timer;
        timer.start();
        const RangeProjection projection = projectRanges(*trace);
        QCOMPARE(projection.rows.size(), std::size_t(2 * kIterations));
        QCOMPARE(projection.rows[0].gpuOps, 2);
        QCOMPARE(projection.rows[1].gpuOps, 1);
        QVERIFY2(timer.elapsed() < 5000, qPrintable(QStringLiteral("took %1 ms").arg(timer.elapsed())));
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestSummaries)
#include "tst_summaries.moc"
