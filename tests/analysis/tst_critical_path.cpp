// The critical path (`tracelane-cli critical-path`): hand-written traces whose
// path is worked out by hand in the comments (a sync wait, a wait between
// streams on a recorded event, a step with data loading and no GPU work), the
// CUDA-graph replay of ResNet-50, and every iteration of the shared traces with
// GPU work against what must hold of any path: it ends where the step's last
// event ends (found here from the raw events), its stretches follow one
// another without a gap and lie inside their events, and its categories add
// up to its length. What-if: factors of 1 change nothing, smaller factors
// never lengthen the path, and the hand-written cases move as computed here.
#include "analysis/critical/critical_path_scope.h"
#include "analysis/critical/critical_path_tables.h"
#include "analysis/critical/findings_on_path.h"
#include "analysis/critical/what_if.h"
#include "analysis/operators/iteration_table.h"
#include "cached_import.h"
#include "cli_run.h"

#include "shared_traces.h"
#include "test_registry.h"

#include <QtTest>

#include <numeric>
#include <set>

using namespace tracelane;
using namespace tracelane::test;

namespace {

QString criticalPathFixture(const char *name)
{
    return QStringLiteral(TRACELANE_TEST_DATA "/chrome/critical_path/") + QLatin1String(name);
}

constexpr TimeNs us(TimeNs micros)
{
    return micros * 1000;
}

CriticalPath pathOfIteration(const Trace &trace, std::int64_t iteration, const WhatIf *whatIf = nullptr)
{
    PathScopeChoice choice;
    choice.iteration = iteration;
    const ResolvedPathScope scope = resolvePathScope(trace, choice);
    if (!scope.error.empty())
        qWarning("%s", scope.error.c_str());
    return criticalPath(trace, scope.scope, whatIf);
}

WhatIf whatIfOf(const char *spec)
{
    const ParsedWhatIf parsed = parseWhatIf(spec);
    if (!parsed.error.empty())
        qWarning("%s", parsed.error.c_str());
    return parsed.whatIf;
}

// Where the scope's last event ends, from the raw events: CPU events of its
// process's threads that start inside it, and the GPU ops they launched.
// For the whole trace: every GPU op, and the CPU events of the processes that
// launched GPU work (of all processes when none did).
TimeNs lastEndByHand(const Trace &trace, const PathScope &scope)
{
    TimeNs last = scope.start;
    std::set<std::int32_t> launching;
    for (const Flow &flow : trace.flows)
        if (flow.kind == FlowKind::Launch)
            launching.insert(trace.tracks[flow.from.track].process);
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &track = trace.tracks[t];
        if (scope.wholeTrace && track.kind == TrackKind::GpuStream)
            for (const Event &e : track.events)
                if (isGpuWork(e.kind))
                    last = std::max(last, e.end());
        const bool cpu = track.kind == TrackKind::CpuThread || track.kind == TrackKind::ThreadRanges ||
                         track.kind == TrackKind::ThreadApi;
        const bool processInScope = scope.wholeTrace ? launching.empty() || launching.count(track.process) > 0
                                                     : track.process == scope.process;
        if (!cpu || track.thread == kNoIndex || !processInScope)
            continue;
        for (std::uint32_t i = 0; i < track.events.size(); ++i) {
            const Event &e = track.events[i];
            if (e.duration <= 0 || e.start < scope.start || e.start >= scope.end)
                continue;
            last = std::max(last, e.end());
            for (const Flow &flow : trace.flowsFrom({t, i}))
                if (flow.kind == FlowKind::Launch && isGpuWork(trace.event(flow.to).kind))
                    last = std::max(last, trace.event(flow.to).end());
        }
    }
    return last;
}

// What must hold of every path with the trace's own times.
void checkPathHolds(const Trace &trace, const CriticalPath &path)
{
    QCOMPARE(std::accumulate(path.byCategory.begin(), path.byCategory.end(), TimeNs(0)), path.length);
    TimeNs onPath = 0, at = path.scope.start;
    for (const PathStep &step : path.steps) {
        QCOMPARE(step.start, at); // one stretch starts where the one before ended
        at += step.onPath;
        onPath += step.onPath;
        if (step.kind == PathEdgeKind::Duration || step.kind == PathEdgeKind::Self) {
            const Event &e = trace.event(step.event); // inside the event's own time
            QVERIFY2(step.start >= e.start && step.start + step.onPath <= e.end(), trace.name(step.event).data());
        }
        if (step.kind == PathEdgeKind::Duration && isGpuWork(trace.event(step.event).kind) &&
            trace.event(step.event).start >= path.scope.start)
            QCOMPARE(step.onPath, trace.event(step.event).duration);
    }
    QCOMPARE(onPath, path.length);
    QCOMPARE(path.scope.start + path.length, lastEndByHand(trace, path.scope));
    QCOMPARE(path.brokenCycles, 0u);
}

// tracelane-cli critical-path FILE ARGS...
CliRun runCriticalPath(const QString &file, std::initializer_list<const char *> args)
{
    QStringList all{QStringLiteral("critical-path"), file};
    for (const char *arg : args)
        all << QLatin1String(arg);
    return runCli(all);
}

// The path from the chain of tight edges (what solveCriticalPath(graph) does
// with the trace's own times) must be the full longest-path pass's.
void checkSameAsFullPass(const Trace &trace, const PathScope &scope)
{
    const DependencyGraph graph = buildDependencyGraph(trace, scope);
    std::vector<TimeNs> weights;
    for (const PathEdge &e : graph.edges)
        weights.push_back(e.weight);
    const CriticalPath quick = solveCriticalPath(graph), full = solveCriticalPath(graph, weights);
    QCOMPARE(quick.length, full.length);
    QCOMPARE(quick.byCategory, full.byCategory);
    QCOMPARE(quick.steps.size(), full.steps.size());
    for (std::size_t i = 0; i < quick.steps.size(); ++i) {
        QCOMPARE(quick.steps[i].event, full.steps[i].event);
        QCOMPARE(quick.steps[i].kind, full.steps[i].kind);
        QCOMPARE(quick.steps[i].start, full.steps[i].start);
        QCOMPARE(quick.steps[i].onPath, full.steps[i].onPath);
    }
}

std::vector<std::int64_t> iterationNumbers(const Trace &trace)
{
    std::vector<std::int64_t> numbers;
    for (const Iteration &iteration : detectIterations(trace).iterations)
        numbers.push_back(iteration.number);
    return numbers;
}

} // namespace

class TestCriticalPath : public QObject
{
    Q_OBJECT

private slots:
    // ProfilerStep#1 [0, 1000) us: aten::mm [10, 30) launches gemm_kernel from
    // cudaLaunchKernel [15, 20); the kernel runs [30, 880); cudaDeviceSynchronize
    // [40, 940) returns 60 us after it; aten::add [950, 980). The path: step
    // 0-10, mm 10-15 (CPU), the launch call 15-20, launch delay 20-30, the
    // kernel 30-880, the sync's wake-up 880-940, then CPU 940-1000.
    void syncWait()
    {
        const auto trace = cachedTraceOrWarn(criticalPathFixture("sync_wait.json"));
        QVERIFY(trace);
        const CriticalPath path = pathOfIteration(*trace, 1);
        QCOMPARE(path.length, us(1000));
        QCOMPARE(path.time(PathCategory::Cpu), us(10 + 5 + 10 + 30 + 20));
        QCOMPARE(path.time(PathCategory::LaunchOverhead), us(5));
        QCOMPARE(path.time(PathCategory::LaunchDelay), us(10));
        QCOMPARE(path.time(PathCategory::GpuCompute), us(850));
        QCOMPARE(path.time(PathCategory::SyncWait), us(60));
        checkPathHolds(*trace, path);
        std::vector<std::string> names;
        for (const EventRef ref : path.pathEvents())
            names.emplace_back(trace->name(ref));
        QCOMPARE(names, (std::vector<std::string>{"ProfilerStep#1", "aten::mm", "cudaLaunchKernel", "gemm_kernel",
                                                  "cudaDeviceSynchronize", "ProfilerStep#1", "aten::add",
                                                  "ProfilerStep#1"}));

        // Twice as fast: the kernel ends at 30 + 425, the sync at 515, the step 60 us later.
        const WhatIf faster = whatIfOf("kernels=0.5");
        QCOMPARE(pathOfIteration(*trace, 1, &faster).length, us(575));
        // Free launches: the kernel starts 10 us after the call's start, 5 us sooner.
        const WhatIf freeLaunch = whatIfOf("launch-overhead=0");
        const CriticalPath launched = pathOfIteration(*trace, 1, &freeLaunch);
        QCOMPARE(launched.length, us(995));
        QCOMPARE(launched.time(PathCategory::LaunchOverhead), 0);
        // A CPU twice as slow is hidden behind the kernel until the sync returns.
        const WhatIf slowCpu = whatIfOf("cpu=2");
        QCOMPARE(pathOfIteration(*trace, 1, &slowCpu).length, us(10 * 2 + 5 * 2 + 5 + 10 + 850 + 60 + 60 * 2));
    }

    // producer_kernel [20, 320) on stream 7; cudaEventRecord after its launch;
    // stream 8 waits on that event ("Stream Wait Event"), so consumer_kernel
    // [325, 425) follows the producer, not its own launch at 35. The step's CPU
    // side ends at 100: the path ends with the consumer.
    void streamWaitEvent()
    {
        const auto trace = cachedTraceOrWarn(criticalPathFixture("stream_wait.json"));
        QVERIFY(trace);
        const CriticalPath path = pathOfIteration(*trace, 1);
        QCOMPARE(path.length, us(425));
        QCOMPARE(path.time(PathCategory::Cpu), us(10));
        QCOMPARE(path.time(PathCategory::LaunchOverhead), us(5));
        QCOMPARE(path.time(PathCategory::LaunchDelay), us(5));
        QCOMPARE(path.time(PathCategory::GpuCompute), us(400));
        QCOMPARE(path.time(PathCategory::SyncWait), us(5));
        checkPathHolds(*trace, path);
        const auto wait = std::find_if(path.steps.begin(), path.steps.end(),
                                       [](const PathStep &s) { return s.kind == PathEdgeKind::StreamWait; });
        QVERIFY(wait != path.steps.end());
        QCOMPARE(trace->name(wait->event), std::string_view("consumer_kernel"));

        // Producer twice as fast: it ends at 170, the consumer starts 5 us later.
        const WhatIf faster = whatIfOf("kernel:producer=0.5");
        QCOMPARE(pathOfIteration(*trace, 1, &faster).length, us(175 + 100));
    }

    // No GPU work: the step's 200 us are CPU, the DataLoader range's 60 us data
    // loading (aten::stack inside it included); thread 2's op starts inside the
    // main thread's aten::relu and ends before the step does.
    void stepWithoutGpuWork()
    {
        const auto trace = cachedTraceOrWarn(criticalPathFixture("cpu_only_step.json"));
        QVERIFY(trace);
        const CriticalPath path = pathOfIteration(*trace, 1);
        QCOMPARE(path.length, us(200));
        QCOMPARE(path.time(PathCategory::DataLoading), us(60));
        QCOMPARE(path.time(PathCategory::Cpu), us(140));
        checkPathHolds(*trace, path);
        const WhatIf noLoading = whatIfOf("op:DataLoader=0");
        QCOMPARE(pathOfIteration(*trace, 1, &noLoading).length, us(140));
    }

    // ResNet-50's last step replayed as one cudaGraphLaunch: every kernel of
    // the step hangs off that call, and the path runs through it.
    void cudaGraphReplay()
    {
        const auto trace = cachedTraceOrWarn(
            QStringLiteral(TRACELANE_TEST_DATA "/chrome/graph_launch/resnet50_graph_launch.json.gz"));
        QVERIFY(trace);
        const std::vector<std::int64_t> numbers = iterationNumbers(*trace);
        QVERIFY(!numbers.empty());
        const CriticalPath path = pathOfIteration(*trace, numbers.back());
        checkPathHolds(*trace, path);
        QVERIFY(path.time(PathCategory::GpuCompute) > 0);
        bool throughGraph = false;
        for (const PathStep &step : path.steps)
            throughGraph |= step.event.isValid() && trace->name(step.event) == "cudaGraphLaunch";
        QVERIFY(throughGraph);
    }

    void everyIterationOfSharedTraces_data()
    {
        QTest::addColumn<QString>("file");
        for (const char *file : {"kineto/resnet50_train.json.gz", "kineto/dlrm_train.json.gz",
                                 "kineto/transformer_train_2streams.json.gz", "kineto/compiled_mlp_train.json.gz",
                                 "nsys/nvtx_cnn.sqlite", "nsys/nvtx_cnn_nsys.json", "nsys/emit_nvtx_mlp.sqlite",
                                 "hta/sampled_rank-0.json.gz", "hta/nccl_distributed_rank.json.gz",
                                 "hta/amd_mi250_rocm62.json.gz"})
            QTest::newRow(file) << sharedTrace(file);
    }

    void everyIterationOfSharedTraces()
    {
        QFETCH(QString, file);
        const auto trace = cachedTraceOrWarn(file);
        QVERIFY(trace);
        const std::vector<std::int64_t> numbers = iterationNumbers(*trace);
        QVERIFY(!numbers.empty());
        TimeNs gpuOnPaths = 0;
        for (const std::int64_t number : numbers) {
            const CriticalPath path = pathOfIteration(*trace, number);
            QVERIFY(path.length > 0);
            checkPathHolds(*trace, path);
            checkSameAsFullPass(*trace, path.scope);
            gpuOnPaths += path.time(PathCategory::GpuCompute) + path.time(PathCategory::GpuMemory) +
                          path.time(PathCategory::GpuCommunication);
        }
        QVERIFY(gpuOnPaths >= 0);
    }

    // The whole trace of every format with CPU and GPU work.
    void wholeTraceOfEveryFormat_data()
    {
        QTest::addColumn<QString>("file");
        for (const char *file : {"kineto/resnet50_train.json.gz", "nsys/nvtx_cnn.sqlite", "nsys/emit_nvtx_mlp.sqlite",
                                 "nvprof/gpu_ml_timeline.nvvp", "opencl/dvdt_prof_armcl.json",
                                 "hta/amd_mi250_rocm62.json.gz", "hta/triton_example.json.gz"})
            QTest::newRow(file) << sharedTrace(file);
    }

    void wholeTraceOfEveryFormat()
    {
        QFETCH(QString, file);
        const auto trace = cachedTraceOrWarn(file);
        QVERIFY(trace);
        const CriticalPath path = criticalPath(*trace, wholeTracePathScope(*trace));
        QVERIFY(path.length > 0);
        checkPathHolds(*trace, path);
        checkSameAsFullPass(*trace, path.scope);
    }

    // Smaller durations never lengthen the path; factors of 1 change nothing.
    void whatIfIsMonotone()
    {
        const auto trace = cachedTraceOrWarn(sharedTrace("kineto/transformer_train_2streams.json.gz"));
        QVERIFY(trace);
        const std::int64_t iteration = iterationNumbers(*trace).back();
        const CriticalPath before = pathOfIteration(*trace, iteration);
        QVERIFY(before.time(PathCategory::GpuCompute) > before.length / 2); // GPU-bound
        const WhatIf same = whatIfOf("kernels=1,cpu=1,launch-overhead=1,op:.*=1");
        const CriticalPath unchanged = pathOfIteration(*trace, iteration, &same);
        QCOMPARE(unchanged.length, before.length);
        QCOMPARE(unchanged.byCategory, before.byCategory);
        TimeNs previous = before.length;
        for (const char *spec : {"kernels=0.9", "kernels=0.5", "kernels=0.5,memory=0", "kernels=0"}) {
            const WhatIf whatIf = whatIfOf(spec);
            const CriticalPath after = pathOfIteration(*trace, iteration, &whatIf);
            QVERIFY2(after.length <= previous, spec);
            QCOMPARE(std::accumulate(after.byCategory.begin(), after.byCategory.end(), TimeNs(0)), after.length);
            previous = after.length;
        }
        const WhatIf noKernels = whatIfOf("kernels=0");
        QCOMPARE(pathOfIteration(*trace, iteration, &noKernels).time(PathCategory::GpuCompute), 0);
        const WhatIf slowerCpu = whatIfOf("cpu=2");
        QVERIFY(pathOfIteration(*trace, iteration, &slowerCpu).length >= before.length);
    }

    // A GPU gap's time on the path: the path's stretches other than GPU work
    // inside the gap, summed here over every stretch.
    void findingRegionsOnThePath()
    {
        const auto trace = cachedTraceOrWarn(sharedTrace("nsys/nvtx_cnn.sqlite"));
        QVERIFY(trace);
        const std::vector<Finding> gaps = ruleFindings(*trace, "gpu_gaps");
        QVERIFY(!gaps.empty() && !gaps.front().events.empty());
        const CriticalPath path = criticalPath(*trace, wholeTracePathScope(*trace));
        TimeNs byHand = 0;
        for (const FindingEvent &gap : gaps.front().events)
            for (const PathStep &step : path.steps) {
                const bool gpu = step.category == PathCategory::GpuCompute ||
                                 step.category == PathCategory::GpuCommunication ||
                                 step.category == PathCategory::GpuMemory;
                if (!gpu)
                    byHand += std::max<TimeNs>(0, std::min(gap.start + gap.duration, step.start + step.onPath) -
                                                      std::max(gap.start, step.start));
            }
        const std::vector<TimeNs> onPath = findingTimeOnPath({gaps.front()}, path);
        QCOMPARE(onPath.size(), std::size_t(1));
        QVERIFY(byHand > 0);
        QCOMPARE(onPath.front(), byHand);
    }

    void whatIfSpecs()
    {
        const ParsedWhatIf two = parseWhatIf("kernel:gemm{1,2},x=0.5,comm=0");
        QVERIFY2(two.error.empty(), two.error.c_str());
        QCOMPARE(two.whatIf.rules.size(), std::size_t(2));
        QCOMPARE(two.whatIf.rules[0].pattern, std::string("gemm{1,2},x")); // the comma stays in the regex
        QCOMPARE(two.whatIf.rules[1].target, WhatIfTarget::Communication);
        for (const char *bad : {"", "kernels", "kernels=-1", "kernels=fast", "gpu=0.5", "op:=0", "kernel:(=0.5",
                                "kernels=inf"})
            QVERIFY2(!parseWhatIf(bad).error.empty(), bad);
    }

    // --hta prints HTA's own summary file, row for row (tests/data/expected/hta,
    // made by tests/reference/hta_critical_path.py); --range P --instance K is
    // HTA's instance_id K - 1, --iteration N the step ProfilerStep#N.
    void cliHtaIsHtasSummary_data()
    {
        QTest::addColumn<QString>("trace");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<QStringList>("scope");
        const QString dir = QStringLiteral(TRACELANE_TEST_DATA "/expected/hta/");
        QTest::newRow("resnet50 instance 0") << sharedTrace("kineto/resnet50_train.json.gz")
                                             << dir + QStringLiteral("critical_path_resnet50_train_0.csv")
                                             << QStringList{QStringLiteral("--range"), QStringLiteral("ProfilerStep"),
                                                            QStringLiteral("--instance"), QStringLiteral("1")};
        QTest::newRow("resnet50 ProfilerStep#3") << sharedTrace("kineto/resnet50_train.json.gz")
                                                 << dir + QStringLiteral("critical_path_resnet50_train_0.csv")
                                                 << QStringList{QStringLiteral("--iteration"), QStringLiteral("3")};
        QTest::newRow("resnet50 instance 5 (GPU-side)") << sharedTrace("kineto/resnet50_train.json.gz")
                                                        << dir + QStringLiteral("critical_path_resnet50_train_5.csv")
                                                        << QStringList{QStringLiteral("--range"),
                                                                       QStringLiteral("ProfilerStep"),
                                                                       QStringLiteral("--instance"), QStringLiteral("6")};
        QTest::newRow("dlrm instance 2") << sharedTrace("kineto/dlrm_train.json.gz")
                                         << dir + QStringLiteral("critical_path_dlrm_train_2.csv")
                                         << QStringList{QStringLiteral("--range"), QStringLiteral("ProfilerStep"),
                                                        QStringLiteral("--instance"), QStringLiteral("3")};
    }

    void cliHtaIsHtasSummary()
    {
        QFETCH(QString, trace);
        QFETCH(QString, expected);
        QFETCH(QStringList, scope);
        QFile file(expected);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'));
        lines = lines.mid(2); // the generator's two comment lines
        QStringList args{QStringLiteral("critical-path"), trace, QStringLiteral("--hta"), QStringLiteral("--format"),
                         QStringLiteral("csv")};
        const CliRun run = runCli(args + scope);
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.out.split(QLatin1Char('\n')), lines);
    }

    void cliPrintsTheSplit()
    {
        const CliRun run = runCriticalPath(criticalPathFixture("sync_wait.json"), {"--iteration", "1",
                                   "--format", "csv"});
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.startsWith(QLatin1String("Category,Time (ns),Share (%)\nCPU,75000,7.5\n")), qPrintable(run.out));
        QVERIFY(run.out.contains(QLatin1String("GPU compute,850000,85.0\n")));

        const CliRun events = runCriticalPath(criticalPathFixture("sync_wait.json"), {"--iteration", "1",
                                      "--events", "--format", "csv"});
        QCOMPARE(events.exitCode, 0);
        QVERIFY(events.out.startsWith(QLatin1String("Id,Kind,Name,Start (ns),Duration (ns),On Path (ns),Edge\n")));
        QVERIFY(events.out.contains(QLatin1String(",api_call,cudaDeviceSynchronize,40000,900000,60000,sync wait\n")));

        const CliRun whatIf = runCriticalPath(criticalPathFixture("sync_wait.json"), {"--iteration", "1",
                                      "--what-if", "kernels=0.5", "--format", "csv"});
        QCOMPARE(whatIf.exitCode, 0);
        QVERIFY2(whatIf.out.contains(QLatin1String("Critical path,1000000,575000,-425000,100.0\n")), qPrintable(whatIf.out));

        const CliRun bad = runCriticalPath(criticalPathFixture("sync_wait.json"), {"--what-if", "gpu=2"});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.err.contains(QLatin1String("not one of")));
        const CliRun missing = runCriticalPath(criticalPathFixture("sync_wait.json"), {"--iteration", "9"});
        QVERIFY(missing.exitCode != 0);
        QVERIFY(missing.err.contains(QLatin1String("no iteration 9")));
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestCriticalPath)
#include "tst_critical_path.moc"
