// The Chrome-trace importer on every shared PyTorch profiler trace, checked
// against figures computed independently by tests/reference/chrome_reference.py,
// and on small hand-written fixtures (tests/data/chrome) for edge cases.
#include "import/importer.h"

#include "events_named.h"
#include "fresh_import.h"
#include "test_registry.h"

#include <QtTest>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

using namespace tracelane;
using tracelane::test::eventsNamed;
using tracelane::test::freshTrace;

namespace {

QString fixture(const char *name)
{
    return QStringLiteral(TRACELANE_TEST_DATA "/chrome/") + QLatin1String(name);
}

struct KernelFigures
{
    std::uint64_t count = 0;
    std::int64_t total = 0, min = 0, max = 0;
};

} // namespace

class TestImportChrome : public QObject
{
    Q_OBJECT

private slots:
    void sharedTraceMatchesReference_data()
    {
        QTest::addColumn<QString>("trace");
        QTest::addColumn<QString>("reference");
        const char *traces[] = {"kineto/compiled_mlp_train",
                                "kineto/dlrm_train",
                                "kineto/resnet50_train",
                                "kineto/transformer_train_2streams",
                                "hta/amd_mi250_rocm62",
                                "hta/cupti_profiler_counters",
                                "hta/mtia_rank0",
                                "hta/nccl_distributed_rank",
                                "hta/sampled_rank-0",
                                "hta/sampled_rank-1",
                                "hta/triton_example"};
        for (const char *t : traces) {
            const QString rel = QLatin1String(t);
            const QString base = rel.section(QLatin1Char('/'), 1);
            QTest::newRow(t) << QStringLiteral(TRACELANE_SHARED_TRACES "/") + rel + QStringLiteral(".json.gz")
                             << QStringLiteral(TRACELANE_TEST_DATA "/expected/chrome/") + base
                    + QStringLiteral(".json");
        }
    }

    void sharedTraceMatchesReference()
    {
        QFETCH(QString, trace);
        QFETCH(QString, reference);
        std::ifstream in(reference.toStdString());
        QVERIFY2(in.good(), qPrintable(reference));
        const nlohmann::json expected = nlohmann::json::parse(in);
        const auto loaded = freshTrace(trace);
        QVERIFY(loaded);
        QCOMPARE(loaded->source.format, std::string("chrome-json"));

        const EventCounts c = loaded->counts();
        const auto &e = expected["counts"];
        QCOMPARE(c.events, e["events"].get<std::uint64_t>());
        QVERIFY(c.events > 0);
        QCOMPARE(c.cpuOps, e["cpu_ops"].get<std::uint64_t>());
        QCOMPARE(c.ranges, e["ranges"].get<std::uint64_t>());
        QCOMPARE(c.apiCalls, e["api_calls"].get<std::uint64_t>());
        QCOMPARE(c.kernels, e["kernels"].get<std::uint64_t>());
        QCOMPARE(c.memcpys, e["memcpys"].get<std::uint64_t>());
        QCOMPARE(c.memsets, e["memsets"].get<std::uint64_t>());
        QCOMPARE(c.flows, e["flows"].get<std::uint64_t>());
        QCOMPARE(c.threads, e["threads"].get<std::uint64_t>());
        QCOMPARE(c.streams, e["streams"].get<std::uint64_t>());
        QCOMPARE(loaded->startNs, e["start_ns"].get<std::int64_t>());
        QCOMPARE(loaded->endNs, e["end_ns"].get<std::int64_t>());

        // Per-kernel figures straight from the model; the summary's own
        // formatting is tested with the CLI.
        std::map<std::string, KernelFigures> kernels;
        for (const Track &track : loaded->tracks) {
            for (const Event &ev : track.events) {
                if (ev.kind != EventKind::Kernel)
                    continue;
                KernelFigures &k = kernels[std::string(loaded->strings.view(ev.name))];
                k.min = k.count ? std::min(k.min, ev.duration) : ev.duration;
                k.max = k.count ? std::max(k.max, ev.duration) : ev.duration;
                k.total += ev.duration;
                ++k.count;
            }
        }
        QCOMPARE(kernels.size(), expected["kernels"].size());
        for (const auto &row : expected["kernels"]) {
            const auto it = kernels.find(row["Name"].get<std::string>());
            QVERIFY2(it != kernels.end(), row["Name"].get<std::string>().c_str());
            QCOMPARE(it->second.count, row["Instances"].get<std::uint64_t>());
            QCOMPARE(it->second.total, row["Total Time (ns)"].get<std::int64_t>());
            QCOMPARE(it->second.min, row["Min (ns)"].get<std::int64_t>());
            QCOMPARE(it->second.max, row["Max (ns)"].get<std::int64_t>());
        }
    }

    void kinetoDetails()
    {
        const auto trace = freshTrace(QStringLiteral(TRACELANE_SHARED_TRACES "/kineto/resnet50_train.json.gz"));
        QVERIFY(trace);
        // The first kernel of the file, as written there.
        const auto refs = eventsNamed(*trace,
                                      "void cudnn::engines_precompiled::nchwToNhwcKernel<float, float, float, false, "
                                      "true, (cudnnKernelDataType_t)2>(cudnn::engines_precompiled::nchw2nhwc_params_t<"
                                      "float>, float const*, float*)");
        QVERIFY(!refs.empty());
        const EventRef kernel = refs.front();
        const Event &k = trace->event(kernel);
        QCOMPARE(k.kind, EventKind::Kernel);
        QCOMPARE(k.start, TimeNs(4502771117528580));
        QCOMPARE(k.duration, TimeNs(71104));
        QCOMPARE(k.correlation, CorrelationId(24430));
        QCOMPARE(trace->arg(kernel, "grid")->toText(trace->strings), std::string("[1568,1,32]"));
        QCOMPARE(trace->arg(kernel, "registers per thread")->i, std::int64_t(32));
        const Track &track = trace->tracks[kernel.track];
        QCOMPARE(track.kind, TrackKind::GpuStream);
        QCOMPARE(trace->streams[track.stream].streamId, std::int64_t(7));
        const GpuDevice &device = trace->devices[trace->streams[track.stream].device];
        QCOMPARE(trace->strings.view(device.name), std::string_view("NVIDIA H100 80GB HBM3"));

        // Its launch: cudaLaunchKernel-like call with the same correlation, on a CPU thread.
        const auto launches = trace->flowsTo(kernel);
        QCOMPARE(launches.size(), std::size_t(1));
        QCOMPARE(launches[0]->kind, FlowKind::Launch);
        const Event &api = trace->event(launches[0]->from);
        QCOMPARE(api.kind, EventKind::ApiCall);
        QCOMPARE(api.correlation, CorrelationId(24430));
        QVERIFY(api.start <= k.start);

        // Metadata names the threads and ProfilerStep ranges are on a range track.
        // ProfilerStep ranges: on the CPU thread's range track and projected onto the GPU stream.
        const auto steps = eventsNamed(*trace, "ProfilerStep#3");
        QCOMPARE(steps.size(), std::size_t(2));
        std::set<TrackKind> kinds;
        for (const EventRef &s : steps)
            kinds.insert(trace->tracks[s.track].kind);
        QCOMPARE(kinds, (std::set<TrackKind>{TrackKind::ThreadRanges, TrackKind::GpuRanges}));
        bool namedProcess = false;
        for (const Process &p : trace->processes)
            namedProcess |= trace->strings.view(p.name) == "python3";
        QVERIFY(namedProcess);

        // Forward -> backward flows exist and go forward in time.
        std::size_t fwdbwd = 0;
        for (const Flow &f : trace->flows) {
            if (f.kind != FlowKind::ForwardBackward)
                continue;
            ++fwdbwd;
            QVERIFY(trace->event(f.from).start <= trace->event(f.to).start);
        }
        QCOMPARE(fwdbwd, std::size_t(890));
    }

    void beginEndNesting()
    {
        const auto trace = freshTrace(fixture("begin_end_nesting.json"));
        QVERIFY(trace);
        const auto outer = eventsNamed(*trace, "outer");
        const auto inner = eventsNamed(*trace, "inner");
        const auto inner2 = eventsNamed(*trace, "inner2");
        QCOMPARE(outer.size(), std::size_t(1));
        QCOMPARE(trace->event(outer[0]).start, TimeNs(10000));
        QCOMPARE(trace->event(outer[0]).duration, TimeNs(10000));
        QCOMPARE(trace->event(outer[0]).depth, std::uint8_t(0));
        QCOMPARE(trace->event(inner[0]).duration, TimeNs(3000));
        QCOMPARE(trace->event(inner[0]).depth, std::uint8_t(1));
        QCOMPARE(trace->event(inner2[0]).depth, std::uint8_t(1));
        QCOMPARE(trace->arg(inner[0], "rows")->i, std::int64_t(3)); // E args merge into the slice
        QCOMPARE(trace->arg(outer[0], "phase")->toText(trace->strings), std::string("begin"));
        QCOMPARE(trace->diagnostics.count("end-without-begin"), std::uint64_t(1));
        QCOMPARE(trace->diagnostics.count("begin-without-end"), std::uint64_t(1));
        const auto open = eventsNamed(*trace, "never closed");
        QCOMPARE(trace->event(open[0]).end(), TimeNs(35000)); // closed at the last timestamp
        const Thread &thread = trace->threads[trace->tracks[outer[0].track].thread];
        QCOMPARE(trace->strings.view(thread.name), std::string_view("worker"));
    }

    void unterminatedArray()
    {
        const auto trace = freshTrace(fixture("unterminated_array.json"));
        QVERIFY(trace);
        QCOMPARE(trace->eventCount(), std::uint64_t(2));
        QCOMPARE(trace->diagnostics.count("unterminated-array"), std::uint64_t(1));
    }

    void stringAndEpochTimestamps()
    {
        const auto trace = freshTrace(fixture("string_timestamps.json"));
        QVERIFY(trace);
        const auto epoch = eventsNamed(*trace, "epoch op");
        QCOMPARE(trace->event(epoch[0]).start, TimeNs(1712195495519689047LL)); // exact beyond 2^53
        QCOMPARE(trace->event(epoch[0]).duration, TimeNs(1500));
        const auto text = eventsNamed(*trace, "string times");
        QCOMPARE(trace->event(text[0]).start, TimeNs(1712195495519700001LL));
        QCOMPARE(trace->event(text[0]).duration, TimeNs(2250));
        QCOMPARE(trace->event(eventsNamed(*trace, "no duration")[0]).duration, TimeNs(0));
        QVERIFY(eventsNamed(*trace, "bad time").empty());
        QCOMPARE(trace->diagnostics.count("missing-duration"), std::uint64_t(1));
        QCOMPARE(trace->diagnostics.count("bad-timestamp"), std::uint64_t(1));
    }

    void flows()
    {
        const auto trace = freshTrace(fixture("flows.json"));
        QVERIFY(trace);
        std::vector<std::pair<std::string_view, std::string_view>> arrows;
        for (const Flow &f : trace->flows)
            arrows.emplace_back(trace->name(f.from), trace->name(f.to));
        std::sort(arrows.begin(), arrows.end());
        const std::vector<std::pair<std::string_view, std::string_view>> expected = {
            {"producer", "consumer"}, // id 2: "f" without bp binds to the next slice
            {"producer", "relay"},    // id 1: s -> t
            {"relay", "consumer"},    // id 1: t -> f
        };
        QCOMPARE(arrows, expected);
        QCOMPARE(trace->diagnostics.count("flow-without-end"), std::uint64_t(1));   // id 3
        QCOMPARE(trace->diagnostics.count("flow-without-start"), std::uint64_t(1)); // id 4
    }

    // What every PyTorch trace holds is information; only the broken flows warn.
    void kinetoAc2gFlows()
    {
        const auto trace = freshTrace(fixture("kineto_ac2g_flows.json"));
        QVERIFY(trace);
        QCOMPARE(trace->flows.size(), std::size_t(1)); // launch -> launched_kernel
        const Diagnostics &d = trace->diagnostics;
        QCOMPARE(d.count("flow-end-on-api-call"), std::uint64_t(1));  // cudaGetErrorString
        QCOMPARE(d.count("flow-sync-without-end"), std::uint64_t(1)); // cudaStreamSynchronize
        QCOMPARE(d.count("flow-without-end"), std::uint64_t(1));      // the launch without its kernel
        QCOMPARE(d.count("flow-without-start"), std::uint64_t(1));    // the kernel's end without a launch
        QVERIFY(d.hasWarnings());
        for (const Diagnostic &e : d.entries())
            QCOMPARE(e.information, e.code == "flow-end-on-api-call" || e.code == "flow-sync-without-end");
    }

    // The shared Kineto traces warn about nothing; their ac2g ends on calls that
    // launch nothing and starts on synchronisations are counted as information.
    // Expected counts from the JSON by a separate script (ac2g "f" whose id has
    // no "s", at the time of a cuda_runtime slice; "s" with no "f" on a
    // ...Synchronize / cudaStreamWaitEvent call).
    void kinetoTracesHaveNoWarnings_data()
    {
        QTest::addColumn<QString>("trace");
        QTest::addColumn<quint64>("endsOnCalls");
        QTest::addColumn<quint64>("syncStarts");
        QTest::newRow("compiled_mlp") << QStringLiteral("kineto/compiled_mlp_train") << quint64(35) << quint64(6);
        QTest::newRow("dlrm") << QStringLiteral("kineto/dlrm_train") << quint64(1010) << quint64(96);
        QTest::newRow("transformer") << QStringLiteral("kineto/transformer_train_2streams") << quint64(536)
                                     << quint64(9);
    }

    void kinetoTracesHaveNoWarnings()
    {
        QFETCH(QString, trace);
        QFETCH(quint64, endsOnCalls);
        QFETCH(quint64, syncStarts);
        const auto loaded = freshTrace(QStringLiteral(TRACELANE_SHARED_TRACES "/") + trace
                                       + QStringLiteral(".json.gz"));
        QVERIFY(loaded);
        for (const Diagnostic &e : loaded->diagnostics.entries())
            QVERIFY2(e.information, e.message.c_str());
        QCOMPARE(loaded->diagnostics.count("flow-end-on-api-call"), endsOnCalls);
        QCOMPARE(loaded->diagnostics.count("flow-sync-without-end"), syncStarts);
    }

    void legacyAutogradExport()
    {
        const auto trace = freshTrace(fixture("legacy_autograd.json"));
        QVERIFY(trace);
        const EventCounts c = trace->counts();
        QCOMPARE(c.cpuOps, std::uint64_t(3));
        QCOMPARE(c.kernels, std::uint64_t(2));
        QCOMPARE(c.flows, std::uint64_t(2));
        const auto gemm = eventsNamed(*trace, "volta_sgemm_128x64_nn");
        QCOMPARE(gemm.size(), std::size_t(1));
        QCOMPARE(trace->tracks[gemm[0].track].kind, TrackKind::GpuStream);
        const auto launches = trace->flowsTo(gemm[0]);
        QCOMPARE(launches.size(), std::size_t(1));
        QCOMPARE(trace->name(launches[0]->from), std::string_view("aten::addmm"));
        QCOMPARE(launches[0]->kind, FlowKind::Launch);
        const auto linear = eventsNamed(*trace, "aten::linear");
        QCOMPARE(trace->event(linear[0]).start, TimeNs(100500));
        QCOMPARE(trace->event(linear[0]).duration, TimeNs(40250));
        const Process &cpu = trace->processes[trace->tracks[linear[0].track].process];
        QCOMPARE(trace->strings.view(cpu.name), std::string_view("CPU functions"));
    }

    void asyncCountersAndMetadata()
    {
        const auto trace = freshTrace(fixture("async_counters.json"));
        QVERIFY(trace);
        const auto reads = eventsNamed(*trace, "read");
        std::vector<std::pair<TimeNs, TimeNs>> spans;
        for (const EventRef &r : reads)
            if (trace->event(r).kind == EventKind::Async)
                spans.emplace_back(trace->event(r).start, trace->event(r).duration);
        std::sort(spans.begin(), spans.end());
        QCOMPARE(spans, (std::vector<std::pair<TimeNs, TimeNs>>{{10000, 20000}, {15000, 25000}}));
        QCOMPARE(trace->tracks[reads[0].track].kind, TrackKind::Async);
        // Overlapping reads in two lanes; the step at 18 us, while both are
        // open, in a third (an instant never shares a lane with a slice over it).
        QCOMPARE(trace->tracks[reads[0].track].maxDepth, std::uint8_t(2));
        for (const EventRef &r : reads)
            if (trace->event(r).kind != EventKind::Async)
                QCOMPARE(int(trace->event(r).depth), 2);

        std::map<std::string, std::vector<double>> series;
        for (const Track &track : trace->tracks)
            if (track.kind == TrackKind::Counter)
                series[std::string(trace->strings.view(track.name))] = track.counterValues;
        QCOMPARE(series.size(), std::size_t(2));
        QCOMPARE(series["memory allocated"], (std::vector<double>{10, 15.5, 5}));
        QCOMPARE(series["memory reserved"], (std::vector<double>{20, 20, 25}));

        QCOMPARE(eventsNamed(*trace, "checkpoint").size(), std::size_t(1));
        QCOMPARE(trace->event(eventsNamed(*trace, "checkpoint")[0]).kind, EventKind::Instant);
        QCOMPARE(trace->diagnostics.count("unknown-phase"), std::uint64_t(1));
        const Process &p = trace->processes[trace->tracks[eventsNamed(*trace, "step")[0].track].process];
        QCOMPARE(trace->strings.view(p.name), std::string_view("trainer"));
        QCOMPARE(p.sortIndex, std::int64_t(3));
    }

    void progressAndCancel()
    {
        const QString path = QStringLiteral(TRACELANE_SHARED_TRACES "/kineto/resnet50_train.json.gz");
        std::vector<std::uint64_t> reports;
        std::uint64_t total = 0;
        ImportControl control([&](std::uint64_t done, std::uint64_t all) {
            reports.push_back(done);
            total = all;
        });
        QVERIFY(loadTrace(path.toStdString(), control).ok());
        QVERIFY(reports.size() > 2);
        QVERIFY(std::is_sorted(reports.begin(), reports.end()));
        QCOMPARE(reports.back(), total);
        QCOMPARE(total, std::uint64_t(QFileInfo(path).size()));

        ImportControl cancelled;
        cancelled.cancel();
        const ImportResult result = loadTrace(path.toStdString(), cancelled);
        QVERIFY(!result.ok());
        QVERIFY(result.cancelled);
    }
};

TRACELANE_TEST_APPLESS_MAIN(TestImportChrome)
#include "tst_import_chrome.moc"
