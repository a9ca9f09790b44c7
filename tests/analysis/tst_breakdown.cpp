// Op-to-kernel breakdown: shares add up to each op's device time, on hand-built
// traces and on the DLRM recording (CPU ops by depth and module:: ranges);
// Python frames do not change it (ResNet-50 with and without them).
#include "cached_import.h"
#include "hand_built_trace.h"
#include "cli_run.h"
#include "launch_count.h"
#include "shared_traces.h"

#include "analysis/gpu/kernel_name.h"
#include "analysis/operators/op_kernel_breakdown.h"
#include "analysis/operators/wrapper_ops.h"
#include "analysis/summaries/kernel_summary.h"
#include "import/importer.h"

#include "test_registry.h"

#include <QProcess>
#include <QtTest>

#include <set>

using namespace tracelane;
using tracelane::test::HandBuiltTrace;

namespace {

const QString kDlrm = QStringLiteral(TRACELANE_SHARED_TRACES "/kineto/dlrm_train.json.gz");
const QString kResnet = QStringLiteral(TRACELANE_SHARED_TRACES "/kineto/resnet50_train.json.gz");
// The same recording with the python_function frames of a with_stack=True run.
const QString kResnetWithStack = QStringLiteral(TRACELANE_TEST_DATA
                                                "/chrome/python_stacks/resnet50_with_stack.json.gz");

std::shared_ptr<const Trace> dlrm()
{
    static const auto trace = loadTrace(kDlrm.toStdString()).trace;
    return trace;
}

void verifySharesAddUp(const OpKernelBreakdown &b)
{
    TimeNs all = 0;
    for (const OpBreakdown &op : b.ops) {
        TimeNs sum = 0;
        for (const KernelShare &k : op.kernels) {
            QVERIFY(k.count > 0);
            sum += k.time;
        }
        QVERIFY2(sum == op.deviceTime, op.name.c_str());
        all += op.deviceTime;
    }
    QCOMPARE(all, b.deviceTime);
    for (std::size_t i = 1; i < b.ops.size(); ++i)
        QVERIFY(b.ops[i - 1].deviceTime >= b.ops[i].deviceTime);
}

// Op name, instances, device time, and each kernel share's (stream, kind, name, count, time).
QStringList described(const Trace &trace, const OpKernelBreakdown &b)
{
    QStringList lines;
    for (const OpBreakdown &op : b.ops) {
        lines << QStringLiteral("%1 x%2 %3").arg(QString::fromStdString(op.name)).arg(op.instances).arg(op.deviceTime);
        for (const KernelShare &k : op.kernels)
            lines << QStringLiteral("  %1 %2 %3 x%4 %5")
                         .arg(k.stream)
                         .arg(QString::fromUtf8(eventKindName(k.kind).data()),
                              QString::fromStdString(std::string(trace.strings.view(k.kernel))))
                         .arg(k.count)
                         .arg(k.time);
    }
    return lines;
}

QByteArray cliBreakdown(const QString &trace, const QStringList &options = {})
{
    QProcess cli;
    cli.start(QStringLiteral(TRACELANE_CLI),
              QStringList{QStringLiteral("breakdown"), trace, QStringLiteral("--format"), QStringLiteral("csv")}
                  + options);
    if (!cli.waitForFinished(60000) || cli.exitCode() != 0)
        return {};
    return cli.readAllStandardOutput();
}

} // namespace

class TestBreakdown : public QObject
{
    Q_OBJECT

private slots:
    void handBuiltRanges()
    {
        HandBuiltTrace b;
        b.range(1, 0, 100, "module::a");
        b.range(1, 10, 50, "module::inner"); // inside module::a: not counted twice
        b.launch(1, 20, 30, "void ns::gemm<float>(float*)", 200, 40);
        b.launch(1, 60, 70, "void ns::gemm<float>(float*)", 250, 20);
        b.launch(1, 80, 90, "relu", 300, 10);
        b.range(1, 100, 200, "module::b");
        b.launch(1, 110, 120, "relu", 400, 5);
        b.range(1, 300, 400, "module::a");
        b.launch(1, 310, 320, "relu", 500, 7, EventKind::Memset);
        b.launch(1, 500, 510, "outside", 600, 100);
        const auto trace = b.finish();
        BreakdownOptions options;
        options.rangePattern = "module::.*";
        const OpKernelBreakdown result = opKernelBreakdown(*trace, options);
        verifySharesAddUp(result);
        QCOMPARE(result.ops.size(), std::size_t(2));
        const OpBreakdown &a = result.ops[0];
        QCOMPARE(a.name, std::string("module::a"));
        QCOMPARE(a.instances, 2);
        QCOMPARE(a.cpuTime, TimeNs(200));
        QCOMPARE(a.deviceTime, TimeNs(77));
        QCOMPARE(a.kernels.size(), std::size_t(3)); // gemm, relu kernel, relu memset
        QCOMPARE(a.kernels[0].time, TimeNs(60));
        QCOMPARE(a.kernels[0].count, 2);
        QCOMPARE(a.kernels[1].time, TimeNs(10));
        QCOMPARE(a.kernels[2].kind, EventKind::Memset);
        QCOMPARE(result.ops[1].deviceTime, TimeNs(5));
        QCOMPARE(result.deviceTime, TimeNs(82)); // "outside" belongs to no op

        // Ranges by depth: the outermost ones add up as the pattern did, the nested one on its own.
        BreakdownOptions byDepth;
        byDepth.ranges = true;
        const OpKernelBreakdown outer = opKernelBreakdown(*trace, byDepth);
        QCOMPARE(outer.ops.size(), std::size_t(2));
        QCOMPARE(outer.ops[0].name, std::string("module::a"));
        QCOMPARE(outer.ops[0].deviceTime, TimeNs(77));
        QCOMPARE(outer.deviceTime, TimeNs(82));
        byDepth.depth = 1;
        const OpKernelBreakdown inner = opKernelBreakdown(*trace, byDepth);
        QCOMPARE(inner.ops.size(), std::size_t(1));
        QCOMPARE(inner.ops[0].name, std::string("module::inner"));
        QCOMPARE(inner.ops[0].deviceTime, TimeNs(40));  // the first gemm only
        QVERIFY(opKernelBreakdown(*trace).ops.empty()); // no CPU ops in this trace

        const OpKernelBreakdown top = topOps(result, 1);
        QCOMPARE(top.ops.size(), std::size_t(1));
        const Table table = asTable(*trace, top);
        QCOMPARE(table.rows.size(), std::size_t(3));
        double share = 0;
        for (const auto &row : table.rows)
            share += row[8].d;
        QVERIFY(std::abs(share - 100.0) < 1e-9);
    }

    // Hand-written: Python frames above and between CPU ops are not a level.
    void pythonFramesAreNotALevel()
    {
        HandBuiltTrace b;
        b.cpuOp(1, 0, 1000, "train.py(10): <module>", EventKind::PythonFunction);
        b.cpuOp(1, 5, 500, "torch/nn/modules/module.py(1773): _call_impl", EventKind::PythonFunction);
        b.cpuOp(1, 10, 200, "aten::linear"); // under two frames: still an outermost op
        b.cpuOp(1, 20, 150, "aten::addmm");
        b.launch(1, 30, 40, "gemm", 300, 50);
        b.cpuOp(1, 250, 400, "torch/nn/functional.py(1704): relu", EventKind::PythonFunction);
        b.cpuOp(1, 260, 390, "aten::relu");
        b.launch(1, 270, 280, "relu_kernel", 400, 20);
        b.cpuOp(1, 600, 700, "aten::zero_"); // under one frame only
        b.launch(1, 610, 620, "fill", 800, 5);
        const auto trace = b.finish();
        const OpKernelBreakdown top = opKernelBreakdown(*trace);
        verifySharesAddUp(top);
        QStringList names;
        for (const OpBreakdown &op : top.ops)
            names << QString::fromStdString(op.name);
        QCOMPARE(
            names,
            (QStringList{QStringLiteral("aten::linear"), QStringLiteral("aten::relu"), QStringLiteral("aten::zero_")}));
        QCOMPARE(top.deviceTime, TimeNs(75));
        BreakdownOptions inner;
        inner.depth = 1;
        const OpKernelBreakdown below = opKernelBreakdown(*trace, inner);
        QCOMPARE(below.ops.size(), std::size_t(1));
        QCOMPARE(below.ops[0].name, std::string("aten::addmm"));

        // What a click on a bar lists: the GPU work its device time sums.
        const std::vector<EventRef> work = launchedGpuWork(*trace, top.ops[0]);
        QCOMPARE(work.size(), std::size_t(1));
        QCOMPARE(trace->name(work[0]), std::string_view("gemm"));
        QCOMPARE(launchedGpuWork(*trace, top.ops[2]).size(), std::size_t(1));
    }

    // The with_stack recording breaks down exactly as the one without: the same
    // ops, instances and kernel times at depth 0 and 1, in the core and the CLI.
    void pythonStacksDoNotChangeTheBreakdown()
    {
        const auto plain = test::cachedTrace(kResnet);
        const auto stacked = test::cachedTrace(kResnetWithStack);
        QVERIFY(plain && stacked);
        std::int64_t frames = 0;
        bool opUnderFrames = false; // a top-level op whose Event::depth says otherwise
        for (const Track &track : stacked->tracks)
            for (const Event &e : track.events) {
                frames += e.kind == EventKind::PythonFunction;
                opUnderFrames = opUnderFrames || (e.kind == EventKind::CpuOp && e.depth >= 3);
            }
        QVERIFY(frames > 1000);
        QVERIFY(opUnderFrames);
        for (const int depth : {0, 1}) {
            BreakdownOptions options;
            options.depth = depth;
            const OpKernelBreakdown expected = opKernelBreakdown(*plain, options);
            const OpKernelBreakdown actual = opKernelBreakdown(*stacked, options);
            QVERIFY(expected.ops.size() > 5);
            QCOMPARE(described(*stacked, actual), described(*plain, expected));
            QCOMPARE(actual.deviceTime, expected.deviceTime);
        }
        // Forward ops are there at depth 0, not only the backward pass.
        const OpKernelBreakdown top = opKernelBreakdown(*stacked);
        QVERIFY(std::any_of(top.ops.begin(), top.ops.end(),
                            [](const OpBreakdown &op) { return op.name == "aten::conv2d"; }));
        const QByteArray cli = cliBreakdown(kResnetWithStack);
        QVERIFY(cli.count('\n') > 20);
        QCOMPARE(cli, cliBreakdown(kResnet));
    }

    // Each op's listed GPU work is what its device time sums: same count, same total.
    void launchedWorkMatchesTheShares()
    {
        const auto trace = test::cachedTrace(kResnet);
        QVERIFY(trace);
        const OpKernelBreakdown b = opKernelBreakdown(*trace);
        for (const OpBreakdown &op : b.ops) {
            const std::vector<EventRef> work = launchedGpuWork(*trace, op);
            std::int64_t count = 0;
            for (const KernelShare &k : op.kernels)
                count += k.count;
            QCOMPARE(std::int64_t(work.size()), count);
            TimeNs total = 0;
            for (const EventRef ref : work) {
                QVERIFY(isGpuWork(trace->event(ref).kind));
                total += trace->event(ref).duration;
            }
            QCOMPARE(total, op.deviceTime);
            QCOMPARE(std::int64_t(op.refs.size()), op.instances);
        }
    }

    // By ranges over every thread of the process: each NVTX "Iteration N" of
    // nvtx_cnn holds the backward kernels that the autograd thread (which has
    // no ranges of its own) launched during it, counted once, and equal to a
    // count over every launch flow of the trace; its own thread alone holds far less.
    void processScopeHoldsTheBackwardKernels()
    {
        const auto trace = test::cachedTrace(QStringLiteral(TRACELANE_SHARED_TRACES "/nsys/nvtx_cnn.sqlite"));
        QVERIFY(trace);
        BreakdownOptions options;
        options.ranges = true;
        const OpKernelBreakdown own = opKernelBreakdown(*trace, options);
        options.scope = LaunchScope::Process;
        const OpKernelBreakdown all = opKernelBreakdown(*trace, options);
        verifySharesAddUp(all);
        QVERIFY2(all.deviceTime > 2 * own.deviceTime,
                 qPrintable(QStringLiteral("%1 vs %2").arg(all.deviceTime).arg(own.deviceTime)));

        std::set<std::pair<std::uint32_t, std::uint32_t>> counted;
        int iterations = 0;
        for (const OpBreakdown &op : all.ops) {
            const std::vector<EventRef> work = launchedGpuWork(*trace, op);
            for (const EventRef ref : work)
                QVERIFY2(counted.insert({ref.track, ref.index}).second, "a GPU operation counted twice");
            if (op.name.rfind("Iteration ", 0) != 0)
                continue;
            ++iterations;
            QCOMPARE(op.instances, 1);
            const test::LaunchCount count = test::launchesInside(*trace, op.refs[0]);
            QCOMPARE(std::int64_t(work.size()), count.byProcess);
            QCOMPARE(op.deviceTime, count.processTime);
        }
        QCOMPARE(iterations, 12);
    }

    void dlrmCpuOps()
    {
        const auto trace = dlrm();
        QVERIFY(trace);
        const OpKernelBreakdown depth0 = opKernelBreakdown(*trace);
        verifySharesAddUp(depth0);
        QVERIFY(depth0.ops.size() > 10);
        QVERIFY(depth0.ops.front().deviceTime > 0);
        // Top-level ops on a thread never nest, so no GPU operation counts twice.
        const NameSummary kernels = kernelSummary(*trace);
        QVERIFY(depth0.deviceTime > 0);
        TimeNs allGpuWork = 0;
        for (const Track &track : trace->tracks)
            for (const Event &e : track.events)
                if (isGpuWork(e.kind))
                    allGpuWork += e.duration;
        QVERIFY(depth0.deviceTime <= allGpuWork);
        QVERIFY(kernels.total <= allGpuWork);

        BreakdownOptions deeper;
        deeper.depth = 1;
        const OpKernelBreakdown depth1 = opKernelBreakdown(*trace, deeper);
        verifySharesAddUp(depth1);
        QVERIFY(depth1.deviceTime <= depth0.deviceTime); // a child launches within its parent
    }

    void dlrmModules()
    {
        const auto trace = dlrm();
        QVERIFY(trace);
        BreakdownOptions options;
        options.rangePattern = "module::.*";
        const OpKernelBreakdown modules = opKernelBreakdown(*trace, options);
        verifySharesAddUp(modules);
        QStringList names;
        for (const OpBreakdown &op : modules.ops) {
            names << QString::fromStdString(op.name);
            QCOMPARE(op.instances, 5); // one per iteration
            QVERIFY(op.deviceTime > 0);
        }
        names.sort();
        QCOMPARE(names,
                 (QStringList{QStringLiteral("module::bottom_mlp"), QStringLiteral("module::embeddings"),
                              QStringLiteral("module::interaction"), QStringLiteral("module::top_mlp")}));
    }

    // torch.compile: depth 0 looks through "Torch-Compiled Region" (and the
    // autograd engine's evaluate_function): what the regions hold is what the
    // keep-wrappers breakdown finds one level down, op for op.
    void wrappersAreLookedThrough()
    {
        const auto trace = test::cachedTrace(test::compiledMlpTrace());
        QVERIFY(trace);
        std::int64_t regions = 0;
        for (const Track &track : trace->tracks)
            for (const Event &e : track.events)
                regions += e.kind == EventKind::CpuOp
                           && trace->strings.view(e.name).starts_with("Torch-Compiled Region");
        QVERIFY(regions > 0);

        const OpKernelBreakdown through = opKernelBreakdown(*trace);
        BreakdownOptions keep;
        keep.throughWrappers = false;
        const OpKernelBreakdown kept = opKernelBreakdown(*trace, keep);
        const auto named = [](const OpKernelBreakdown &b, std::string_view name) -> const OpBreakdown * {
            for (const OpBreakdown &op : b.ops)
                if (op.name == name)
                    return &op;
            return nullptr;
        };
        QVERIFY(named(kept, "Torch-Compiled Region: 0/0"));
        for (const OpBreakdown &op : through.ops)
            QVERIFY2(wrapperFamily(op.name).empty(), op.name.c_str());
        QVERIFY(std::any_of(through.lookedThrough.begin(), through.lookedThrough.end(), [&](const WrapperCount &w) {
            return w.name == "Torch-Compiled Region" && w.instances == regions;
        }));

        // The compiled forward, at depth 0 now, is depth 1 under the regions when they are kept.
        keep.depth = 1;
        const OpKernelBreakdown underRegions = opKernelBreakdown(*trace, keep);
        const OpBreakdown *forward = named(through, "CompiledFunction");
        const OpBreakdown *expected = named(underRegions, "CompiledFunction");
        QVERIFY(forward && expected);
        QCOMPARE(forward->instances, regions);
        QCOMPARE(forward->instances, expected->instances);
        QCOMPARE(forward->deviceTime, expected->deviceTime);
        QVERIFY(forward->deviceTime > 0);
        QVERIFY(through.ops.size() > 2); // no longer one bar
        verifySharesAddUp(through);

        // Without wrappers nothing changes.
        const auto dlrm = test::cachedTrace(kDlrm);
        QVERIFY(dlrm);
        BreakdownOptions dlrmKeep;
        dlrmKeep.throughWrappers = false;
        const OpKernelBreakdown dlrmThrough = opKernelBreakdown(*dlrm);
        const OpKernelBreakdown dlrmKept = opKernelBreakdown(*dlrm, dlrmKeep);
        if (dlrmThrough.lookedThrough.empty()) {
            QCOMPARE(dlrmThrough.ops.size(), dlrmKept.ops.size());
            QCOMPARE(dlrmThrough.deviceTime, dlrmKept.deviceTime);
        }
    }

    void cliSaysWhichWrappersItLookedThrough()
    {
        const test::CliRun through = test::runCli({QStringLiteral("breakdown"), test::compiledMlpTrace(),
                                                   QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(through.exitCode, 0);
        QVERIFY2(through.err.contains(QLatin1String("looked through")) && through.err.contains(QLatin1String("Torch-Compiled Region")),
                 qPrintable(through.err));
        QVERIFY(!through.out.contains(QLatin1String("Torch-Compiled Region")));
        const test::CliRun kept = test::runCli({QStringLiteral("breakdown"), test::compiledMlpTrace(),
                                                QStringLiteral("--keep-wrappers"), QStringLiteral("--format"),
                                                QStringLiteral("csv")});
        QCOMPARE(kept.exitCode, 0);
        QVERIFY(kept.err.isEmpty());
        QVERIFY(kept.out.contains(QLatin1String("\nTorch-Compiled Region: 0/0,")));
    }

    void cliSharesAddUp()
    {
        QProcess cli;
        cli.start(QStringLiteral(TRACELANE_CLI),
                  {QStringLiteral("breakdown"), kDlrm, QStringLiteral("--ranges"), QStringLiteral("module::.*"),
                   QStringLiteral("--top"), QStringLiteral("2"), QStringLiteral("--format"), QStringLiteral("csv")});
        QVERIFY(cli.waitForFinished(60000));
        QCOMPARE(cli.exitCode(), 0);
        const QStringList lines = QString::fromUtf8(cli.readAllStandardOutput()).trimmed().split(QLatin1Char('\n'));
        QCOMPARE(
            lines[0],
            QStringLiteral("Op,Op Instances,Op Device Time (ns),Stream,Kind,Kernel,Instances,Time (ns),Share (%)"));
        QMap<QString, qint64> sum, expected;
        for (qsizetype i = 1; i < lines.size(); ++i) {
            // Kernel names may hold quoted commas: read the op from the front, the time from the back.
            const QStringList front = lines[i].split(QLatin1Char(','));
            const QString op = front[0];
            const QStringList back = lines[i].section(QLatin1Char(','), -3).split(QLatin1Char(','));
            sum[op] += back[1].toLongLong();
            expected[op] = front[2].toLongLong();
        }
        QCOMPARE(sum.size(), 2);
        QCOMPARE(sum, expected);
    }

    void shortKernelNames_data()
    {
        QTest::addColumn<QString>("full");
        QTest::addColumn<QString>("shortName");
        QTest::addRow("template and params")
            << QStringLiteral("void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<float>, "
                              "at::detail::Array<char *, 3>>(int, T2, T3)")
            << QStringLiteral("vectorized_elementwise_kernel");
        QTest::addRow("unnamed namespace") << QStringLiteral(
            "void at::native::<unnamed>::distribution_elementwise_grid_stride_kernel<float, (int)4>(long, T3)")
                                           << QStringLiteral("distribution_elementwise_grid_stride_kernel");
        QTest::addRow("anonymous namespace")
            << QStringLiteral("void at::native::(anonymous namespace)::max_pool_forward_nchw<float>(int, const T1 *)")
            << QStringLiteral("max_pool_forward_nchw");
        QTest::addRow("cudnn") << QStringLiteral(
            "void cudnn::bn_bw_1C11_kernel_new<float, float, float2, (int)128>(T2, T2)")
                               << QStringLiteral("bn_bw_1C11_kernel_new");
        QTest::addRow("no return type") << QStringLiteral("ampere_sgemm_128x64_tn")
                                        << QStringLiteral("ampere_sgemm_128x64_tn");
        QTest::addRow("memcpy") << QStringLiteral("Memcpy HtoD (Pinned -> Device)")
                                << QStringLiteral("Memcpy HtoD (Pinned -> Device)");
        QTest::addRow("triton") << QStringLiteral("triton_poi_fused_add_0") << QStringLiteral("triton_poi_fused_add_0");
        QTest::addRow("plain function") << QStringLiteral("gemv2T_kernel_val<int, int, float>(float)")
                                        << QStringLiteral("gemv2T_kernel_val");
        QTest::addRow("generic wrapper") << QStringLiteral(
            "void cutlass::Kernel2<cutlass_80_simt_sgemm_64x64_8x5_tn_align1>(T1::Params)")
                                         << QStringLiteral("cutlass_80_simt_sgemm_64x64_8x5_tn_align1");
        QTest::addRow("generic with number arg") << QStringLiteral("void kernel<4>(int)") << QStringLiteral("kernel");
        QTest::addRow("spaces") << QStringLiteral("  void k()  ") << QStringLiteral("k");
    }
    void shortKernelNames()
    {
        QFETCH(QString, full);
        QFETCH(QString, shortName);
        QCOMPARE(QString::fromStdString(shortKernelName(full.toStdString())), shortName);
    }

    void kernelVariants()
    {
        QCOMPARE(kernelVariant("void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<float>, "
                               "at::detail::Array<char *, 3>>(int, T2, T3)"),
                 std::string("CUDAFunctor_add"));
        QCOMPARE(kernelVariant("void at::native::elementwise_kernel<128, 2, at::native::gpu_kernel_impl<"
                               "at::native::BUnaryFunctor<float, float, float, at::native::MulFunctor<float>>>>(...)"),
                 std::string("gpu_kernel_impl"));
        QCOMPARE(kernelVariant("void cudnn::bn_bw_1C11_kernel_new<float, float, float2, (int)128>(T2)"), std::string());
        QCOMPARE(kernelVariant("void nchwToNhwcKernel<float, float, float, true, false>(int)"), std::string());
        QCOMPARE(kernelVariant("ampere_sgemm_128x64_tn"), std::string());
    }

    void shortOpNames()
    {
        QCOMPARE(shortOpName("autograd::engine::evaluate_function: AddmmBackward0"), std::string("AddmmBackward0"));
        QCOMPARE(shortOpName("aten::linear"), std::string("aten::linear"));
        QCOMPARE(shortOpName("autograd::engine::evaluate_function: "),
                 std::string("autograd::engine::evaluate_function: "));
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestBreakdown)
#include "tst_breakdown.moc"
