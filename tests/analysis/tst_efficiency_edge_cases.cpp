// The efficiency analyses on small hand-made traces, one edge case each:
// touching and overlapping intervals, zero-length ops, negative gaps (an op
// starting before the previous one ended), ops without a launch call, queue
// ties, Python frames between CPU ops. Every expected figure is worked out by
// hand in the comment beside it.
#include "hand_built_trace.h"

#include "analysis/efficiency/gpu_time.h"
#include "analysis/efficiency/idle_causes.h"
#include "analysis/efficiency/launch_overheads.h"
#include "analysis/efficiency/launch_stats.h"
#include "analysis/efficiency/queue_depth.h"
#include "analysis/gpu/interval_set.h"

#include "test_registry.h"

#include <QtTest>

using namespace tracelane;
using tracelane::test::HandBuiltTrace;

namespace {

const GpuTimeRow &streamRow(const GpuTimeBreakdown &b, std::int64_t stream)
{
    for (const GpuTimeRow &r : b.streams)
        if (r.streamId == stream)
            return r;
    qFatal("no stream %lld", static_cast<long long>(stream));
}

TimeNs bucket(const GpuTimeBreakdown &b, OpClassMask classes)
{
    for (const KernelTypeTime &k : b.kernelTypes)
        if (k.classes == classes)
            return k.time;
    return 0;
}

const OpOverheads &opNamed(const LaunchOverheads &o, const std::string &name)
{
    for (const OpOverheads &op : o.ops)
        if (op.name == name)
            return op;
    qFatal("no op %s", name.c_str());
}

} // namespace

class TestEfficiencyEdgeCases : public QObject
{
    Q_OBJECT

private slots:
    void intervalSetMergesTouchingAndNested()
    {
        // [0,10) [10,20) touch, [5,8) is inside, [30,30) is empty, [40,35) inverted.
        const IntervalSet set = IntervalSet::unionOf({{10, 20}, {0, 10}, {5, 8}, {30, 30}, {40, 35}, {50, 60}});
        QCOMPARE(set.intervals().size(), std::size_t(2));
        QCOMPARE(set.length(), TimeNs(30));
        const IntervalSet other = IntervalSet::unionOf({{15, 55}});
        QCOMPARE(IntervalSet::intersectionLength(set, other), TimeNs(5 + 5)); // [15,20) and [50,55)
        const std::array<IntervalSet, 2> both{set, other};
        const auto cover = IntervalSet::exclusiveCoverage(both);
        QCOMPARE(cover[1], TimeNs(15 + 5)); // [0,15) and [55,60): only the first set
        QCOMPARE(cover[2], TimeNs(30));     // [20,50): only the second
        QCOMPARE(cover[3], TimeNs(10));
    }

    void touchingOpsLeaveNoGap()
    {
        HandBuiltTrace t;
        t.launch(1, 0, 5, "k1", 10, 10);  // [10,20)
        t.launch(1, 6, 8, "k2", 20, 10);  // [20,30): touches k1
        t.launch(1, 9, 11, "k3", 40, 0);  // zero-length at 40, after a 10 ns gap
        const auto trace = t.finish();
        const auto streams = gpuStreamOps(*trace);
        const GpuTimeBreakdown b = gpuTimeBreakdown(*trace, streams);
        QCOMPARE(b.devices.size(), std::size_t(1));
        QCOMPARE(b.devices[0].span, TimeNs(30)); // 10 .. 40
        QCOMPARE(b.devices[0].busy, TimeNs(20));
        QCOMPARE(b.devices[0].idle(), TimeNs(10));
        const auto gaps = idleGaps(*trace, streams);
        QCOMPARE(gaps.size(), std::size_t(1)); // none between k1 and k2
        QCOMPARE(gaps[0].start, TimeNs(30));
        QCOMPARE(gaps[0].end, TimeNs(40));
        // k3's call (9) started before the stream went idle (30): not a host wait; 10 ns < 30 µs.
        QCOMPARE(gaps[0].cause, IdleCause::KernelWait);
    }

    void overlappingOpsOnOneStreamHaveNoNegativeGap()
    {
        HandBuiltTrace t;
        t.gpuOp(0, 100, "long");   // [0,100)
        t.gpuOp(20, 10, "inside"); // [20,30): starts before "long" ends
        t.gpuOp(50, 80, "tail");   // [50,130)
        t.gpuOp(200'000, 10, "late"); // no launch call, 69.87 µs after 130: other
        const auto trace = t.finish();
        const auto streams = gpuStreamOps(*trace);
        const auto gaps = idleGaps(*trace, streams);
        QCOMPARE(gaps.size(), std::size_t(1));
        QCOMPARE(gaps[0].start, TimeNs(130));
        QCOMPARE(gaps[0].cause, IdleCause::Other);
        QVERIFY(!gaps[0].launchCall.isValid());
        const auto rows = idleByStream(*trace, streams, gaps);
        QCOMPARE(rows[0].other, TimeNs(200'000 - 130));
        QCOMPARE(rows[0].total(), streamRow(gpuTimeBreakdown(*trace, streams), 7).idle());
    }

    void idleCausesFollowTheLaunchCall()
    {
        HandBuiltTrace t;
        t.launch(1, 0, 5, "a", 10, 10);               // [10,20)
        t.launch(1, 50, 55, "b", 60, 10);             // call at 50 > 20: host wait 40
        t.launch(1, 56, 60, "c", 70 + 29'999, 10);    // [30069,30079): call before 70, gap 29 999 < 30 µs: kernel wait
        t.launch(1, 61, 65, "d", 30'079 + 30'000, 1); // call early, gap exactly 30 µs: other
        const auto trace = t.finish();
        const auto streams = gpuStreamOps(*trace);
        const auto gaps = idleGaps(*trace, streams);
        QCOMPARE(gaps.size(), std::size_t(3));
        QCOMPARE(gaps[0].cause, IdleCause::HostWait);
        QCOMPARE(gaps[0].length(), TimeNs(40));
        QCOMPARE(trace->event(gaps[0].launchCall).start, TimeNs(50));
        QCOMPARE(gaps[1].cause, IdleCause::KernelWait);
        QCOMPARE(gaps[2].cause, IdleCause::Other);
        QCOMPARE(gaps[2].length(), TimeNs(30'000));
        // A lower threshold turns the kernel wait into other.
        QCOMPARE(idleGaps(*trace, streams, 1000)[1].cause, IdleCause::Other);
        const auto longest = longestGaps(gaps, 2);
        QCOMPARE(longest.size(), std::size_t(2));
        QCOMPARE(longest[0].length(), TimeNs(30'000));
        QCOMPARE(longest[1].length(), TimeNs(29'999));
    }

    void classesOverlapAcrossStreams()
    {
        HandBuiltTrace t;
        t.launch(1, 0, 1, "gemm", 0, 100, EventKind::Kernel, 7);                                  // [0,100)
        t.launch(1, 2, 3, "ncclKernel_AllReduce_RING_LL_Sum_float", 50, 100, EventKind::Kernel, 8); // [50,150)
        t.launch(1, 4, 5, "Memcpy HtoD", 140, 20, EventKind::Memcpy, 9);                          // [140,160)
        const auto trace = t.finish();
        const GpuTimeBreakdown b = gpuTimeBreakdown(*trace);
        QCOMPARE(b.devices[0].span, TimeNs(160));
        QCOMPARE(b.devices[0].busy, TimeNs(160));
        QCOMPARE(b.devices[0].compute, TimeNs(100));
        QCOMPARE(b.devices[0].nonCompute(), TimeNs(60));
        QCOMPARE(bucket(b, 1), TimeNs(50)); // compute alone [0,50)
        QCOMPARE(bucket(b, 3), TimeNs(50)); // compute + communication [50,100)
        QCOMPARE(bucket(b, 2), TimeNs(40)); // communication alone [100,140)
        QCOMPARE(bucket(b, 6), TimeNs(10)); // communication + memory [140,150)
        QCOMPARE(bucket(b, 4), TimeNs(10)); // memory alone [150,160)
        QCOMPARE(b.overlap.size(), std::size_t(1));
        QCOMPARE(b.overlap[0].communication, TimeNs(100));
        QCOMPARE(b.overlap[0].overlapped, TimeNs(50));
        QCOMPARE(b.streams.size(), std::size_t(3));
        QCOMPARE(streamRow(b, 8).compute, TimeNs(0));
        QCOMPARE(streamRow(b, 8).busy, TimeNs(100));
        const Table table = overlapTable(b);
        QCOMPARE(table.rows[0][3].toString(), std::string("50.0"));
    }

    void noCommunicationMeansNoOverlapRow()
    {
        HandBuiltTrace t;
        t.launch(1, 0, 1, "gemm", 0, 100);
        QVERIFY(overlapTable(gpuTimeBreakdown(*t.finish())).rows.empty());
    }

    void launchDelayIsClippedAndFlagsApply()
    {
        HandBuiltTrace t;
        t.launch(1, 0, 60'000, "slow_launch", 200'000, 100);  // slow call, delay 140 µs, short kernel
        t.launch(1, 60'100, 60'200, "early", 60'150, 1000);   // GPU clock before the call's end: delay 0
        t.launch(1, 60'300, 60'400, "copy", 70'000, 10, EventKind::Memcpy, 7, "cudaMemcpyAsync_v3020");
        t.launch(1, 60'500, 60'600, "sync copy", 80'000, 10, EventKind::Memcpy, 7, "cudaMemcpy"); // not a launch API
        const auto trace = t.finish();
        const auto records = launchRecords(*trace);
        QCOMPARE(records.size(), std::size_t(3));
        QCOMPARE(records[0].launchDelay, TimeNs(140'000));
        QVERIFY(records[0].slowCall && records[0].delayedLaunch && records[0].shortKernel);
        QCOMPARE(records[1].launchDelay, TimeNs(0));
        QVERIFY(!records[1].slowCall && !records[1].delayedLaunch && !records[1].shortKernel);
        QVERIFY(!records[2].shortKernel); // a memcpy is not a kernel
        const Table table = launchesTable(*trace, records);
        QCOMPARE(table.rows[2][1].toString(), std::string("cudaMemcpyAsync"));
        const LaunchSummary s = summarizeLaunches(records);
        QCOMPARE(s.launchDelay.count, std::int64_t(3));
        QCOMPARE(s.launchDelay.max, TimeNs(140'000));
        QCOMPARE(s.launchDelay.p95, TimeNs(140'000)); // ceil(0.95 * 3) = 3rd of 3
        QCOMPARE(s.cpuDuration.median, 100.0);
        QCOMPARE(s.slowCalls, std::int64_t(1));
        QCOMPARE(s.delayedLaunches, std::int64_t(1));
        QCOMPARE(s.shortKernels, std::int64_t(1));
    }

    void launchApisByName()
    {
        for (const char *yes : {"cudaLaunchKernel", "cudaLaunchKernel_v7000", "cudaLaunchKernelExC_v11060",
                                "cuLaunchKernel", "cudaMemsetAsync", "hipLaunchKernel", "hipExtModuleLaunchKernel",
                                "cuMemsetD32Async", "clEnqueueNDRangeKernel"})
            QVERIFY2(isLaunchApi(yes), yes);
        for (const char *no : {"cudaMemcpy", "cudaGraphLaunch", "cuMemsetD32", "cudaStreamSynchronize", "launch"})
            QVERIFY2(!isLaunchApi(no), no);
    }

    void queueDepthSteps()
    {
        HandBuiltTrace t;
        t.launch(1, 0, 1, "a", 10, 5);  // +1 at 0, -1 at 10
        t.launch(1, 1, 2, "b", 20, 5);  // +1 at 1, -1 at 20
        t.launch(1, 2, 3, "c", 30, 5);  // +1 at 2, -1 at 30
        t.launch(1, 40, 41, "d", 35, 5); // op clock before the call: -1 at the call's start, 40
        const auto trace = t.finish();
        const auto q = queueDepth(*trace, gpuStreamOps(*trace));
        QCOMPARE(q.size(), std::size_t(1));
        QCOMPARE(q[0].max, 3);
        // depth 1 over [0,1), 2 over [1,2), 3 over [2,10), 2 over [10,20), 1 over [20,30), 0 over [30,40]
        QCOMPARE(q[0].mean, (1.0 + 2.0 + 3.0 * 8 + 2.0 * 10 + 1.0 * 10) / 40.0);
        QCOMPARE(q[0].timeAtLimit, TimeNs(0));
        QCOMPARE(q[0].series.front().time, TimeNs(0));
        QCOMPARE(q[0].series.back().depth, 0);
        for (const QueueDepthPoint &p : q[0].series)
            QVERIFY(p.depth >= 0);
    }

    void overheadsSkipPythonFramesAndSplitT1()
    {
        HandBuiltTrace t;
        // Thread 1: python frame [0,1000) holding op A [100,400); op B [500,900) directly;
        // op C [300 000, 300 100) after a 299 100 ns gap (data loading).
        t.cpuOp(1, 0, 1000, "train.py(10): step", EventKind::PythonFunction);
        t.cpuOp(1, 100, 400, "aten::A");
        t.cpuOp(1, 150, 350, "aten::A_child");
        t.launch(1, 160, 170, "k1", 1000, 10);
        t.launch(1, 200, 230, "k2", 1100, 10);
        t.cpuOp(1, 500, 900, "aten::B"); // launches nothing
        t.cpuOp(1, 300'000, 300'100, "aten::C");
        const auto trace = t.finish();
        const LaunchOverheads o = launchOverheads(*trace);
        QVERIFY(!o.options.ranges);
        QCOMPARE(o.ops.size(), std::size_t(3)); // A_child is at depth 1, the frame is no level
        const OpOverheads &a = opNamed(o, "aten::A");
        QCOMPARE(a.launches, std::int64_t(2));
        QCOMPARE(a.t2.total(), TimeNs(60)); // 160 - 100
        QCOMPARE(a.t3.total(), TimeNs(170)); // 400 - 230
        QCOMPARE(a.t5.total(), TimeNs(30)); // 200 - 170
        QCOMPARE(a.t2.total() + 10 + 30 + a.t5.total() + a.t3.total(), a.duration.total());
        const OpOverheads &b = opNamed(o, "aten::B");
        QCOMPARE(b.t5.total(), TimeNs(400)); // no launches: its whole duration
        QCOMPARE(b.t2.count(), std::int64_t(0));
        QCOMPARE(o.t1.count(), std::int64_t(1)); // A -> B: 100
        QCOMPARE(o.t1.total(), TimeNs(100));
        QCOMPARE(o.dataLoading.count(), std::int64_t(1)); // B -> C
        QCOMPARE(o.dataLoading.total(), TimeNs(299'100));
        QCOMPARE(o.t4.size(), std::size_t(1));
        QCOMPARE(o.t4[0].api, std::string("cudaLaunchKernel"));
        QCOMPARE(o.t4[0].t4.total(), TimeNs(40));
        QCOMPARE(o.t4[0].t4.stddev(), std::sqrt(200.0)); // 10 and 30: mean 20, (100 + 100) / 1

        OverheadOptions deeper;
        deeper.depth = 1;
        const LaunchOverheads d = launchOverheads(*trace, deeper);
        QCOMPARE(d.ops.size(), std::size_t(1));
        QCOMPARE(d.ops[0].name, std::string("aten::A_child"));
        QCOMPARE(d.ops[0].t3.total(), TimeNs(120)); // 350 - 230
    }

    void overheadsFallBackToRanges()
    {
        HandBuiltTrace t;
        t.range(1, 0, 100, "Iteration 1");
        t.launch(1, 10, 20, "k", 50, 10);
        t.range(1, 150, 250, "Iteration 2");
        const LaunchOverheads o = launchOverheads(*t.finish());
        QVERIFY(o.options.ranges);
        QCOMPARE(o.ops.size(), std::size_t(2));
        QCOMPARE(opNamed(o, "Iteration 1").t2.total(), TimeNs(10));
        QCOMPARE(o.t1.total(), TimeNs(50));
    }
};

TRACELANE_TEST_APPLESS_MAIN(TestEfficiencyEdgeCases)
#include "tst_efficiency_edge_cases.moc"
