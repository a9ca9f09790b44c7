// Kernel efficiency, FLOPs and MFU (docs/ANALYSIS_KERNEL_EFFICIENCY.md) against
// figures the test computes itself from the raw JSON of the real traces, read
// with nlohmann_json: the shared Kineto traces (kernels with blocks per SM and
// occupancy) and the with_stack fixtures (Qwen recorded with shapes). The
// device-level estimates are checked against a plain interval computation
// (every elementary interval between kernel boundaries, summed blocks per SM);
// FLOPs against PyTorch's formulas written out again here. Nsight Systems and
// nvprof traces, which have no such arguments, must give empty cells. The last
// tests use small hand-written traces for edge cases no real trace has
// (overlapping kernels past one block per SM, a "flops" argument, nesting).
#include "analysis/efficiency/gpu_peaks.h"
#include "analysis/efficiency/kernel_efficiency.h"
#include "analysis/efficiency/kernel_efficiency_tables.h"
#include "analysis/efficiency/op_flops.h"
#include "analysis/efficiency/step_mfu.h"
#include "analysis/efficiency/tensor_core_kernels.h"
#include "analysis/operators/iteration_table.h"
#include "analysis/summaries/kernel_summary.h"
#include "cached_import.h"
#include "cli_run.h"
#include "fresh_import.h"
#include "test_files.h"

#include "shared_traces.h"
#include "test_registry.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

using namespace tracelane;
using namespace tracelane::test;

namespace {

QString effWithStackFixture(const char *name)
{
    return QStringLiteral(TRACELANE_TEST_DATA "/chrome/with_stack/") + QLatin1String(name);
}

nlohmann::json effRawTrace(const QString &path)
{
    const QByteArray text = gunzipped(path);
    return nlohmann::json::parse(text.constData(), text.constData() + text.size(), nullptr, false);
}

double effArgNumber(const nlohmann::json &args, const char *key, bool &present)
{
    present = args.contains(key) && args[key].is_number();
    return present ? args[key].get<double>() : 0.0;
}

// The raw kernels: "X" events of category "kernel".
std::vector<const nlohmann::json *> effRawKernels(const nlohmann::json &raw)
{
    std::vector<const nlohmann::json *> out;
    for (const auto &e : raw["traceEvents"])
        if (e.value("ph", "") == "X" && e.value("cat", "") == "kernel")
            out.push_back(&e);
    return out;
}

std::uint64_t effProduct(const std::vector<std::int64_t> &v)
{
    std::uint64_t p = 1;
    for (auto d : v)
        p *= static_cast<std::uint64_t>(d);
    return p;
}

// PyTorch's FLOPs for the ops it covers, written out again from
// torch/csrc/profiler/util.cpp, on a raw cpu_op's args. 0 when not covered.
std::uint64_t effExpectedFlops(const std::string &name, const nlohmann::json &args)
{
    if (!args.contains("Input Dims"))
        return 0;
    const auto &dims = args["Input Dims"];
    const auto types = args.value("Input type", nlohmann::json::array());
    const auto shape = [&](std::size_t i) { return dims[i].get<std::vector<std::int64_t>>(); };
    const auto tensor = [&](std::size_t i) {
        const std::string t = i < types.size() && types[i].is_string() ? types[i].get<std::string>() : "";
        return !t.empty() && t != "Scalar" && t.find("List") == std::string::npos;
    };
    if (name == "aten::mm" || name == "aten::addmm" || name == "aten::bmm" || name == "aten::baddbmm") {
        const std::size_t a = (name == "aten::addmm" || name == "aten::baddbmm") ? 1 : 0;
        if (dims.size() < a + 2 || !tensor(a) || !tensor(a + 1))
            return 0;
        const auto m1 = shape(a), m2 = shape(a + 1);
        if (m1.empty())
            return 0;
        // [.., m, k] x [.., k, n]: 2 m k n (times the batch for bmm: m1 = [b, m, k], m2 = [b, k, n])
        std::uint64_t outer = effProduct(m1) / static_cast<std::uint64_t>(m1.back());
        if (name == "aten::bmm" || name == "aten::baddbmm")
            outer /= static_cast<std::uint64_t>(m1.front());
        return 2 * outer * effProduct(m2);
    }
    if (name == "aten::mul" || name == "aten::add")
        return !dims.empty() && tensor(0) ? effProduct(shape(0)) : 0;
    if (name == "aten::conv2d") {
        const auto concrete = args.value("Concrete Inputs", nlohmann::json::array());
        if (dims.size() < 2 || concrete.size() < 7)
            return 0;
        const auto in = shape(0), w = shape(1);
        const auto list = [&](std::size_t i) { return nlohmann::json::parse(concrete[i].get<std::string>()); };
        const auto stride = list(3), pad = list(4), dil = list(5);
        const std::int64_t groups = list(6).get<std::int64_t>();
        const std::int64_t oh = (in[2] + 2 * pad[0].get<std::int64_t>() - dil[0].get<std::int64_t>() * (w[2] - 1) - 1)
                / stride[0].get<std::int64_t>() + 1;
        const std::int64_t ow = (in[3] + 2 * pad[1].get<std::int64_t>() - dil[1].get<std::int64_t>() * (w[3] - 1) - 1)
                / stride[1].get<std::int64_t>() + 1;
        return static_cast<std::uint64_t>(2 * in[0] * oh * ow * w[2] * w[3] * in[1] * w[0] / groups);
    }
    return 0;
}

int effColumnOf(const Table &table, const char *name)
{
    const auto it = std::find(table.columns.begin(), table.columns.end(), name);
    return it == table.columns.end() ? -1 : static_cast<int>(it - table.columns.begin());
}

} // namespace

class TestKernelEfficiency : public QObject
{
    Q_OBJECT

private slots:
    void perNameMatchesRawArgs_data()
    {
        QTest::addColumn<QString>("file");
        for (const char *f : {"compiled_mlp_train", "dlrm_train", "resnet50_train", "transformer_train_2streams"})
            QTest::newRow(f) << sharedTrace(QStringLiteral("kineto/%1.json.gz").arg(QLatin1String(f)));
        QTest::newRow("bert_small_h100") << effWithStackFixture("bert_small_h100.json.gz");
        QTest::newRow("qwen_0.5b_h100") << effWithStackFixture("qwen_0.5b_h100.json.gz");
    }

    // Per kernel name: the duration-weighted mean of min(blocks per SM, 1) and
    // of the achieved occupancy over the instances, straight from the JSON.
    void perNameMatchesRawArgs()
    {
        QFETCH(QString, file);
        const auto trace = cachedTraceOrWarn(file);
        QVERIFY(trace);
        const nlohmann::json raw = effRawTrace(file);
        QVERIFY(!raw.is_discarded());
        struct Sums
        {
            std::int64_t n = 0;
            double w = 0, sm = 0, occ = 0;
            bool hasSm = false, hasOcc = false;
        };
        std::map<std::string, Sums> expected;
        for (const nlohmann::json *k : effRawKernels(raw)) {
            Sums &s = expected[(*k)["name"].get<std::string>()];
            const double dur = (*k)["dur"].get<double>();
            bool present = false;
            const auto &args = (*k)["args"];
            ++s.n;
            s.w += dur;
            const double blocks = effArgNumber(args, "blocks per SM", present);
            if (present) {
                s.hasSm = true;
                s.sm += dur * std::min(std::max(blocks, 0.0), 1.0);
            }
            const double occ = effArgNumber(args, "est. achieved occupancy %", present);
            if (present) {
                s.hasOcc = true;
                s.occ += dur * occ;
            }
        }
        QVERIFY(!expected.empty());
        const KernelEfficiency eff = kernelEfficiencyByName(*trace);
        QVERIFY(eff.hasFigures);
        QCOMPARE(eff.rows.size(), expected.size());
        for (const auto &[name, s] : expected) {
            const KernelEfficiencyRow *row = eff.row(name);
            QVERIFY2(row, name.c_str());
            QCOMPARE(row->instances, s.n);
            QCOMPARE(row->smEfficiencyPct.has_value(), s.hasSm && s.w > 0);
            QCOMPARE(row->occupancyPct.has_value(), s.hasOcc && s.w > 0);
            if (row->smEfficiencyPct)
                QVERIFY2(std::abs(*row->smEfficiencyPct - 100.0 * s.sm / s.w) < 0.01, name.c_str());
            if (row->occupancyPct)
                QVERIFY2(std::abs(*row->occupancyPct - s.occ / s.w) < 0.01, name.c_str());
            QCOMPARE(row->tensorCores, usesTensorCores(name));
        }
        // The CLI's table carries the same figures, before the name column; so
        // does the Summaries dock's, for a trace with the figures.
        const Table table = kernelEfficiencyTable(kernelSummary(*trace), eff);
        QCOMPARE(kernelEfficiencyTable(kernelSummary(*trace), eff, true).columns, table.columns);
        QCOMPARE(table.columns.back(), std::string("Name"));
        const int sm = effColumnOf(table, "Est. SM Efficiency (%)");
        QVERIFY(sm > 0);
        for (const auto &cells : table.rows) {
            const KernelEfficiencyRow *row = eff.row(cells.back().s);
            QVERIFY(row);
            QCOMPARE(cells[std::size_t(sm)].type == Cell::Type::Empty, !row->smEfficiencyPct.has_value());
        }
    }

    // Per device: the plugin's estimates over the steps' window, against every
    // elementary interval between kernel boundaries, summed directly.
    void deviceLevelMatchesIntervals_data() { perNameMatchesRawArgs_data(); }
    void deviceLevelMatchesIntervals()
    {
        QFETCH(QString, file);
        const auto trace = cachedTraceOrWarn(file);
        QVERIFY(trace);
        const nlohmann::json raw = effRawTrace(file);
        const StepsWindow window = stepsWindow(*trace);
        QVERIFY(window.end > window.start);
        // The window holds every ProfilerStep of the file.
        double stepStart = 1e300, stepEnd = -1e300;
        for (const auto &e : raw["traceEvents"])
            if (e.value("ph", "") == "X" && e.value("cat", "") == "user_annotation"
                && e.value("name", "").rfind("ProfilerStep#", 0) == 0) {
                stepStart = std::min(stepStart, e["ts"].get<double>());
                stepEnd = std::max(stepEnd, e["ts"].get<double>() + e["dur"].get<double>());
            }
        QCOMPARE(window.fromSteps, stepEnd > stepStart);
        if (window.fromSteps) {
            QVERIFY(window.start / 1000.0 <= stepStart + 0.001);
            QVERIFY(window.end / 1000.0 >= stepEnd - 0.001);
        }

        const double w0 = window.start / 1000.0, w1 = window.end / 1000.0; // us, as the file
        struct K
        {
            double start, end, blocks, occ;
            bool hasOcc;
        };
        std::map<std::int64_t, std::vector<K>> byDevice;
        for (const nlohmann::json *k : effRawKernels(raw)) {
            const auto &args = (*k)["args"];
            bool hasBlocks = false, hasOcc = false;
            const double blocks = effArgNumber(args, "blocks per SM", hasBlocks);
            const double occ = effArgNumber(args, "est. achieved occupancy %", hasOcc);
            const double ts = (*k)["ts"].get<double>();
            byDevice[args.value("device", std::int64_t(-1))].push_back(
                {ts, ts + (*k)["dur"].get<double>(), hasBlocks ? blocks : 0.0, hasOcc ? occ : 0.0, hasOcc});
        }
        const std::vector<DeviceEfficiencyRow> rows = deviceEfficiency(*trace, window);
        QCOMPARE(rows.size(), byDevice.size());
        for (const DeviceEfficiencyRow &row : rows) {
            const auto &kernels = byDevice[row.deviceId];
            std::set<double> cuts = {w0, w1};
            for (const K &k : kernels) {
                cuts.insert(std::clamp(k.start, w0, w1));
                cuts.insert(std::clamp(k.end, w0, w1));
            }
            const std::vector<double> points(cuts.begin(), cuts.end());
            double weighted = 0;
            for (std::size_t i = 0; i + 1 < points.size(); ++i) {
                double blocks = 0;
                for (const K &k : kernels)
                    if (k.blocks > 0 && k.start <= points[i] && k.end >= points[i + 1] && k.end > k.start)
                        blocks += k.blocks;
                weighted += (points[i + 1] - points[i]) * std::min(blocks, 1.0);
            }
            const double expectedSm = 100.0 * weighted / (w1 - w0);
            double occTime = 0, occSum = 0;
            for (const K &k : kernels) {
                const double inside = std::max(0.0, std::min(k.end, w1) - std::max(k.start, w0));
                if (k.hasOcc && k.occ >= 0) {
                    occTime += inside;
                    occSum += inside * k.occ;
                }
            }
            QVERIFY(row.smEfficiencyPct);
            QVERIFY(row.occupancyPct);
            QVERIFY2(std::abs(*row.smEfficiencyPct - expectedSm) < 0.05,
                     qPrintable(QStringLiteral("%1 vs %2").arg(*row.smEfficiencyPct).arg(expectedSm)));
            QVERIFY(std::abs(*row.occupancyPct - occSum / occTime) < 0.05);
            QVERIFY(*row.smEfficiencyPct >= 0 && *row.smEfficiencyPct <= 100);
        }
    }

    // Per kernel instance: the five launch figures as the file gives them,
    // matched to the raw kernel by its source record.
    void perInstanceFigures()
    {
        const auto trace = cachedTraceOrWarn(resnetTrace());
        QVERIFY(trace);
        const nlohmann::json raw = effRawTrace(resnetTrace());
        const auto &events = raw["traceEvents"];
        const KernelFigureReader reader(*trace);
        std::size_t checked = 0;
        for (std::uint32_t t = 0; t < trace->tracks.size(); ++t)
            for (std::uint32_t i = 0; i < trace->tracks[t].events.size(); ++i) {
                const Event &e = trace->tracks[t].events[i];
                if (e.kind != EventKind::Kernel)
                    continue;
                // The event's index in traceEvents (docs/CLI.md, "Source records").
                const std::uint32_t record = trace->sourceRecord({t, i});
                QVERIFY(record < events.size());
                QCOMPARE(events[record]["name"].get<std::string>(), std::string(trace->strings.view(e.name)));
                const nlohmann::json &args = events[record]["args"];
                const KernelLaunchFigures f = reader.read({t, i});
                QVERIFY(f.blocksPerSm && f.warpsPerSm && f.occupancyPct && f.registersPerThread && f.sharedMemory);
                QCOMPARE(*f.blocksPerSm, args["blocks per SM"].get<double>());
                QCOMPARE(*f.warpsPerSm, args["warps per SM"].get<double>());
                QCOMPARE(*f.occupancyPct, args["est. achieved occupancy %"].get<double>());
                QCOMPARE(*f.registersPerThread, args["registers per thread"].get<std::int64_t>());
                QCOMPARE(*f.sharedMemory, args["shared memory"].get<std::int64_t>());
                QCOMPARE(*f.smEfficiencyPct(), 100.0 * std::min(args["blocks per SM"].get<double>(), 1.0));
                ++checked;
            }
        QCOMPARE(checked, effRawKernels(raw).size());
    }

    void tensorCoreNames()
    {
        for (const char *yes : {"sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x128x64_warpgroupsize1x1x1",
                                "ampere_fp16_s16816gemm_fp16_128x128_ldg8_f2f_stages_32x5_tn",
                                "volta_h884gemm_64x64_ldg8_nn",
                                "void cutlass::Kernel2<cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_64x64_64x4_tn_align8>",
                                "turing_fp16_s1688gemm_fp16_128x128_ldg8_f2f_tn",
                                "sm80_xmma_gemm_f16f16_f16f32_f32_nn_n_tilesize128x128x32_stage4_warpsize2x2x1_tensor16x8x16_kernel"})
            QVERIFY2(usesTensorCores(yes), yes);
        for (const char *no : {"void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<float>>",
                               "triton_poi_fused_add_0", "volta_sgemm_128x64_nn", "ncclDevKernel_AllReduce_Sum_f32_RING_LL",
                               ""})
            QVERIFY2(!usesTensorCores(no), no);
        // Names the plugin's list misreads: newer cuDNN and cuBLAS tensor-core
        // kernels, and cuBLAS's FP32 xmma kernels that run on the FMA units.
        for (const char *yes : {"sm86_xmma_fprop_implicit_gemm_indexed_f16f16_f16f32_f32_nhwckrsc_nchw_tilesize64x32x64",
                                "sm90_xmma_wgrad_indexed_implicit_gemm_f32f32_tf32f32_f32_nhwckrsc_nhwc_tilesize128x128x32",
                                "nvjet_tst_128x256_64x4_1x2_h_bz_coopA_NTN",
                                "sm90_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x256x64_warpgroupsize2x1x1_gmma"}) {
            QVERIFY2(usesTensorCores(yes), yes);
            QVERIFY2(!pluginUsesTensorCores(yes), yes);
        }
        for (const char *no : {"sm80_xmma_gemm_f32f32_f32f32_f32_tn_n_tilesize64x64x8_stage3_warpsize1x4x1_ffma_aligna4",
                               "void cutlass::Kernel2<cutlass_80_simt_sgemm_128x64_8x5_nt_align1>"}) {
            QVERIFY2(!usesTensorCores(no), no);
        }
        QVERIFY(pluginUsesTensorCores("sm80_xmma_gemm_f32f32_f32f32_f32_tn_n_tilesize64x64x8_stage3_warpsize1x4x1_ffma_aligna4"));
    }

    // FLOPs per op from Qwen's Input Dims, against PyTorch's formulas applied
    // here to the raw JSON, op name by op name; TFLOP/s = FLOPs / CUDA total.
    void flopsFromInputDims_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("qwen_0.5b_h100") << effWithStackFixture("qwen_0.5b_h100.json.gz");
        QTest::newRow("resnet50_train") << resnetTrace();
    }
    void flopsFromInputDims()
    {
        QFETCH(QString, file);
        const auto trace = cachedTraceOrWarn(file);
        QVERIFY(trace);
        const nlohmann::json raw = effRawTrace(file);
        std::map<std::string, std::uint64_t> expected;
        for (const auto &e : raw["traceEvents"])
            if (e.value("ph", "") == "X" && e.value("cat", "") == "cpu_op") {
                const std::string name = e["name"].get<std::string>();
                if (const std::uint64_t f = effExpectedFlops(name, e.value("args", nlohmann::json::object())))
                    expected[name] += f;
            }
        QVERIFY(!expected.empty());
        const OpFlops flops = opFlops(*trace);
        QVERIFY(flops.any);
        const std::vector<OpSummaryRow> rows = opSummary(*trace);
        const Table table = opFlopsTable(rows, {&flops});
        const int f = effColumnOf(table, "FLOPs"), tf = effColumnOf(table, "TFLOP/s"), src = effColumnOf(table, "FLOPs Source");
        QVERIFY(f > 0 && tf > 0 && src > 0);
        std::map<std::string, std::uint64_t> got;
        for (std::size_t i = 0; i < table.rows.size(); ++i) {
            const auto &cells = table.rows[i];
            if (cells[std::size_t(f)].type == Cell::Type::Empty)
                continue;
            got[rows[i].name] += static_cast<std::uint64_t>(cells[std::size_t(f)].i);
            QCOMPARE(cells[std::size_t(src)].s, std::string("Input Dims"));
            if (rows[i].gpuTotal > 0)
                QVERIFY(std::abs(cells[std::size_t(tf)].d
                                 - double(cells[std::size_t(f)].i) / (double(rows[i].gpuTotal) * 1e3))
                        < 1e-9 + 1e-9 * cells[std::size_t(tf)].d);
        }
        QCOMPARE(got, expected);
        // Nesting: aten::linear and aten::convolution enclose the op that has FLOPs and count none.
        for (const OpSummaryRow &row : rows)
            if (row.name == "aten::linear" || row.name == "aten::convolution" || row.name == "aten::matmul")
                QVERIFY2(!got.count(row.name), row.name.c_str());
    }

    // MFU of Qwen's one ProfilerStep: its ops' FLOPs / (its duration x the
    // H100 SXM's 989 TFLOP/s), computed from the raw JSON.
    void mfuOnKnownDevice()
    {
        const QString file = effWithStackFixture("qwen_0.5b_h100.json.gz");
        const auto trace = cachedTraceOrWarn(file);
        QVERIFY(trace);
        const nlohmann::json raw = effRawTrace(file);
        double stepTs = 0, stepDur = 0;
        for (const auto &e : raw["traceEvents"])
            if (e.value("cat", "") == "user_annotation" && e.value("name", "") == "ProfilerStep#6") {
                stepTs = e["ts"].get<double>();
                stepDur = e["dur"].get<double>();
            }
        QVERIFY(stepDur > 0);
        std::uint64_t stepFlopsRaw = 0;
        for (const auto &e : raw["traceEvents"])
            if (e.value("ph", "") == "X" && e.value("cat", "") == "cpu_op" && e["ts"].get<double>() >= stepTs
                && e["ts"].get<double>() < stepTs + stepDur)
                stepFlopsRaw += effExpectedFlops(e["name"].get<std::string>(), e.value("args", nlohmann::json::object()));
        const MfuDevice device = mfuDevice(*trace);
        QCOMPARE(device.name, std::string("NVIDIA H100 80GB HBM3"));
        QVERIFY(device.peak);
        QCOMPARE(device.peak->denseTflops, 989.0);
        IterationOptions options;
        options.pattern = "ProfilerStep#(\\d+)";
        const IterationTable steps = detectIterations(*trace, options);
        QCOMPARE(steps.iterations.size(), std::size_t(1));
        const Table table = iterationMfuTable(steps, opFlops(*trace), device);
        const auto &row = table.rows.at(0);
        const int f = effColumnOf(table, "FLOPs"), mfu = effColumnOf(table, "MFU (%)");
        QCOMPARE(static_cast<std::uint64_t>(row[std::size_t(f)].i), stepFlopsRaw);
        const double expectedMfu = 100.0 * double(stepFlopsRaw) / (stepDur * 1e-6) / 989e12;
        QVERIFY2(std::abs(row[std::size_t(mfu)].d - expectedMfu) < 0.01,
                 qPrintable(QStringLiteral("%1 vs %2").arg(row[std::size_t(mfu)].d).arg(expectedMfu)));

        // Another device name: no peak, and the column says so.
        const Table unknown = iterationMfuTable(steps, opFlops(*trace), MfuDevice{"Acme Tensor X1", gpuPeakFor("Acme Tensor X1")});
        QCOMPARE(unknown.rows.at(0)[std::size_t(mfu)].s, std::string("unknown device"));
    }

    void peakTable()
    {
        const auto peak = [](const char *name) { return gpuPeakFor(name) ? gpuPeakFor(name)->denseTflops : -1.0; };
        QCOMPARE(peak("NVIDIA H100 80GB HBM3"), 989.0);
        QCOMPARE(peak("NVIDIA H100 PCIe"), 756.0);
        QCOMPARE(peak("NVIDIA H100 NVL"), 835.0);
        QCOMPARE(peak("NVIDIA H200"), 989.0);
        QCOMPARE(peak("NVIDIA A100-SXM4-80GB"), 312.0);
        QCOMPARE(peak("NVIDIA A100 80GB PCIe"), 312.0);
        QCOMPARE(peak("NVIDIA B200"), 2250.0);
        QCOMPARE(peak("AMD Instinct MI300X"), 1307.0);
        QCOMPARE(peak("Tesla V100-SXM2-32GB"), 125.0);
        QCOMPARE(peak("NVIDIA L4"), 121.0);
        QCOMPARE(peak("NVIDIA L40S"), 362.0);
        QCOMPARE(peak("NVIDIA A10"), 125.0);
        QCOMPARE(peak("Tesla V100-PCIE-32GB"), 112.0);
        QCOMPARE(peak("NVIDIA A10G"), -1.0); // no published figure: unknown rather than a guess
        QCOMPARE(peak("NVIDIA GeForce RTX 4090"), -1.0);
        QCOMPARE(peak(""), -1.0);
    }

    // Traces without the Kineto kernel arguments: empty cells, never zeros.
    void withoutKernelArgs_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("nsys sqlite") << sharedTrace("nsys/nvtx_cnn.sqlite");
        QTest::newRow("nvprof") << sharedTrace("nvprof/gpu_ml_timeline.nvvp");
    }
    void withoutKernelArgs()
    {
        QFETCH(QString, file);
        const auto trace = cachedTraceOrWarn(file);
        QVERIFY(trace);
        const KernelEfficiency eff = kernelEfficiencyByName(*trace);
        QVERIFY(!eff.rows.empty());
        QVERIFY(!eff.hasFigures);
        for (const KernelEfficiencyRow &row : eff.rows) {
            QVERIFY(!row.smEfficiencyPct);
            QVERIFY(!row.occupancyPct);
        }
        const Table table = kernelEfficiencyTable(kernelSummary(*trace), eff);
        const int sm = effColumnOf(table, "Est. SM Efficiency (%)"), occ = effColumnOf(table, "Est. Occupancy (%)");
        for (const auto &cells : table.rows) {
            QVERIFY(cells[std::size_t(sm)].type == Cell::Type::Empty);
            QVERIFY(cells[std::size_t(occ)].type == Cell::Type::Empty);
        }
        // The dock's form is the plain kernel summary.
        const Table dock = kernelEfficiencyTable(kernelSummary(*trace), eff, true);
        QCOMPARE(dock.columns, kernelSummaryTable(kernelSummary(*trace)).columns);
        for (const DeviceEfficiencyRow &row : deviceEfficiency(*trace, stepsWindow(*trace))) {
            QVERIFY(!row.smEfficiencyPct);
            QVERIFY(!row.occupancyPct);
        }
    }

    void emptyTrace()
    {
        const Trace empty;
        QVERIFY(kernelEfficiencyByName(empty).rows.empty());
        QVERIFY(deviceEfficiency(empty, stepsWindow(empty)).empty());
        const OpFlops flops = opFlops(empty);
        QVERIFY(!flops.any);
        QVERIFY(!mfuDevice(empty).peak);
        QVERIFY(iterationMfuTable(detectIterations(empty), flops, mfuDevice(empty)).rows.empty());
    }

    // Hand-written (no real trace has these): two streams whose kernels
    // overlap with 0.6 blocks per SM each (capped at 1 together), a kernel
    // without arguments, and a "flops" argument on aten::linear around an
    // aten::addmm with Input Dims (the inner op's figure counts, once).
    void handWrittenEdgeCases()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QByteArray json = R"({"deviceProperties":[{"id":0,"name":"NVIDIA A100-SXM4-80GB"}],"traceEvents":[
 {"ph":"X","cat":"user_annotation","name":"ProfilerStep#1","pid":1,"tid":1,"ts":0,"dur":100},
 {"ph":"X","cat":"cpu_op","name":"aten::linear","pid":1,"tid":1,"ts":10,"dur":20,"args":{"flops":999}},
 {"ph":"X","cat":"cpu_op","name":"aten::addmm","pid":1,"tid":1,"ts":11,"dur":10,
  "args":{"Input Dims":[[4],[2,3],[3,4],[],[]],"Input type":["float","float","float","Scalar","Scalar"]}},
 {"ph":"X","cat":"cpu_op","name":"aten::custom","pid":1,"tid":1,"ts":40,"dur":10,"args":{"flops":500}},
 {"ph":"X","cat":"kernel","name":"k_a","pid":0,"tid":7,"ts":20,"dur":40,"args":{"device":0,"stream":7,"blocks per SM":0.6,"est. achieved occupancy %":50}},
 {"ph":"X","cat":"kernel","name":"k_b","pid":0,"tid":8,"ts":40,"dur":40,"args":{"device":0,"stream":8,"blocks per SM":0.6,"est. achieved occupancy %":20}},
 {"ph":"X","cat":"kernel","name":"k_b","pid":0,"tid":8,"ts":90,"dur":10,"args":{"device":0,"stream":8}}
]})";
        const QString path = writeFile(dir, QStringLiteral("edge.json"), json);
        const auto trace = freshTrace(path);
        QVERIFY(trace);
        const StepsWindow window{0, 100000, true};
        const auto rows = deviceEfficiency(*trace, window);
        QCOMPARE(rows.size(), std::size_t(1));
        // 20..40 0.6, 40..60 min(1.2, 1), 60..80 0.6, the rest idle: (12 + 20 + 12) / 100.
        QVERIFY(rows[0].smEfficiencyPct && std::abs(*rows[0].smEfficiencyPct - 44.0) < 1e-9);
        // Occupancy over the time of kernels that have it: (40 x 50 + 40 x 20) / 80.
        QVERIFY(rows[0].occupancyPct && std::abs(*rows[0].occupancyPct - 35.0) < 1e-9);
        // k_b per name: the instance without the argument weighs in as 0 (the plugin's rule).
        const KernelEfficiency eff = kernelEfficiencyByName(*trace);
        QVERIFY(std::abs(*eff.row("k_b")->smEfficiencyPct - 100.0 * 40 * 0.6 / 50) < 1e-9);

        const OpFlops flops = opFlops(*trace);
        std::uint64_t counted = 0;
        for (std::size_t i = 0; i < flops.ops.size(); ++i) {
            if (flops.ops[i].name == "aten::linear") {
                QCOMPARE(flops.source[i], FlopsSource::TraceArg);
                QVERIFY(!flops.counted[i]);
            }
            if (flops.ops[i].name == "aten::addmm") {
                QCOMPARE(flops.flops[i], std::uint64_t(2 * 2 * 3 * 4));
                QCOMPARE(flops.source[i], FlopsSource::InputDims);
                QVERIFY(flops.counted[i]);
            }
            if (flops.counted[i])
                counted += flops.flops[i];
        }
        QCOMPARE(counted, std::uint64_t(48 + 500));
        const MfuDevice device = mfuDevice(*trace);
        QVERIFY(device.peak);
        QCOMPARE(device.peak->denseTflops, 312.0);
    }

    void cliColumns()
    {
        const CliRun kernels = runCli({QStringLiteral("kernels"), compiledMlpTrace(), QStringLiteral("--efficiency"),
                                       QStringLiteral("--format"), QStringLiteral("csv")});
        QVERIFY(kernels.finished);
        QCOMPARE(kernels.exitCode, 0);
        QVERIFY(kernels.out.section(QLatin1Char('\n'), 0, 0)
                    .endsWith(QStringLiteral("Tensor Cores,Est. SM Efficiency (%),Est. Occupancy (%),Name")));
        const CliRun ops = runCli({QStringLiteral("ops"), effWithStackFixture("qwen_0.5b_h100.json.gz"),
                                   QStringLiteral("--flops"), QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(ops.exitCode, 0);
        QVERIFY(ops.out.section(QLatin1Char('\n'), 0, 0).endsWith(QStringLiteral("FLOPs,TFLOP/s,FLOPs Source")));
        const CliRun mfu = runCli({QStringLiteral("iterations"), resnetTrace(), QStringLiteral("--mfu"),
                                   QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(mfu.exitCode, 0);
        QVERIFY(mfu.out.section(QLatin1Char('\n'), 0, 0).endsWith(QStringLiteral("FLOPs,TFLOP/s,MFU (%)")));
        const CliRun gpu = runCli({QStringLiteral("gpu-time"), resnetTrace(), QStringLiteral("--efficiency"),
                                   QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(gpu.exitCode, 0);
        QVERIFY(gpu.out.contains(QStringLiteral("Est. SM Efficiency (%)")));
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestKernelEfficiency)
#include "tst_kernel_efficiency.moc"
