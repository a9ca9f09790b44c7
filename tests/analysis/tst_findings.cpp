// Findings (docs/ANALYSIS_FINDINGS.md) on every shared trace with GPU work, in
// every format, against tests/reference/findings_reference.py: an independent
// Python reading of the raw files (json, sqlite3; for Nsight Systems SQLite
// also the nsys analyze rules as SQL), committed in
// tests/data/expected/findings. Counts and times exactly, events in order,
// percentages within 0.01.
//
// Hand-made edge cases (marked HAND-MADE below): the two fixtures in
// tests/data/findings (written by hand: a 64,000-byte and a 64,001-byte
// host-to-device cudaMemcpy, a gap of exactly 500 ms and one of 500 ms + 1 ns,
// a cuda_sync record with and without its call, ...) and traces built in code
// for a full launch queue, a straggler, a step window and option parsing.
#include "hand_built_trace.h"

#include "analysis/findings/findings.h"
#include "analysis/ranks/trace_group.h"
#include "cached_import.h"
#include "cli_run.h"
#include "model/trace_merge.h"
#include "report_csv.h"
#include "shared_traces.h"
#include "test_registry.h"

#include <QtTest>

#include <cmath>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

using namespace tracelane;
using namespace tracelane::test;

namespace {

const QString kExpectedFindings = QStringLiteral(TRACELANE_TEST_DATA "/expected/findings/");

// Reference file -> trace, every format with GPU work.
const std::vector<std::pair<QString, QString>> &findingsTraces()
{
    static const QString data = QStringLiteral(TRACELANE_TEST_DATA "/");
    static const std::vector<std::pair<QString, QString>> all = {
        {QStringLiteral("compiled_mlp_train"), sharedTrace("kineto/compiled_mlp_train.json.gz")},
        {QStringLiteral("dlrm_train"), sharedTrace("kineto/dlrm_train.json.gz")},
        {QStringLiteral("resnet50_train"), sharedTrace("kineto/resnet50_train.json.gz")},
        {QStringLiteral("transformer_train_2streams"), sharedTrace("kineto/transformer_train_2streams.json.gz")},
        {QStringLiteral("nccl_distributed_rank"), sharedTrace("hta/nccl_distributed_rank.json.gz")},
        {QStringLiteral("sampled_rank-0"), sharedTrace("hta/sampled_rank-0.json.gz")},
        {QStringLiteral("sampled_rank-1"), sharedTrace("hta/sampled_rank-1.json.gz")},
        {QStringLiteral("amd_mi250_rocm62"), sharedTrace("hta/amd_mi250_rocm62.json.gz")},
        {QStringLiteral("triton_example"), sharedTrace("hta/triton_example.json.gz")},
        {QStringLiteral("nvtx_cnn_sqlite"), sharedTrace("nsys/nvtx_cnn.sqlite")},
        {QStringLiteral("emit_nvtx_mlp_sqlite"), sharedTrace("nsys/emit_nvtx_mlp.sqlite")},
        {QStringLiteral("nvtx_cnn_nsys"), sharedTrace("nsys/nvtx_cnn_nsys.json")},
        {QStringLiteral("emit_nvtx_mlp_nsys"), sharedTrace("nsys/emit_nvtx_mlp_nsys.json")},
        {QStringLiteral("gpu_ml_timeline"), sharedTrace("nvprof/gpu_ml_timeline.nvvp")},
        {QStringLiteral("dvdt_prof_armcl"), sharedTrace("opencl/dvdt_prof_armcl.json")},
        {QStringLiteral("findings_edge_cases_nsys"), data + QStringLiteral("findings/findings_edge_cases_nsys.json")},
        {QStringLiteral("findings_edge_cases_kineto"), data + QStringLiteral("findings/findings_edge_cases_kineto.json")},
    };
    return all;
}

QString findingsTracePath(const QString &name)
{
    for (const auto &[key, path] : findingsTraces())
        if (key == name)
            return path;
    return {};
}

nlohmann::json findingsReference(const QString &name)
{
    std::ifstream in(QString(kExpectedFindings + name + QStringLiteral(".json")).toStdString());
    return in.good() ? nlohmann::json::parse(in) : nlohmann::json();
}

// The reference's option names, as Tracelane spells them.
FindingOptions findingsOptionsOf(const std::string &variant)
{
    FindingOptions options;
    std::size_t at = 0;
    while (at < variant.size()) {
        const std::size_t comma = std::min(variant.find(',', at), variant.size());
        const std::string item = variant.substr(at, comma - at);
        const std::size_t equals = item.find('=');
        std::string name = item.substr(0, equals), value = item.substr(equals + 1);
        if (name == "gpu_gaps.gap_ns") {
            name = "gpu_gaps.gap";
            value += "ns";
        }
        const std::string error = setFindingOption(options, name, value);
        if (!error.empty())
            qFatal("%s", error.c_str());
        at = comma + 1;
    }
    return options;
}

struct FindingsSum
{
    std::int64_t count = 0;
    TimeNs time = 0;
    bool fires = false;
    std::vector<FindingEvent> events;
};

FindingsSum findingsSummed(const std::vector<Finding> &list)
{
    FindingsSum s;
    for (const Finding &f : list) {
        s.count += f.count;
        s.time += f.time;
        s.fires = s.fires || f.fires;
        s.events.insert(s.events.end(), f.events.begin(), f.events.end());
    }
    return s;
}

// Empty when one rule's findings match the reference's figures; else the first difference.
QString compareFindingsRule(const Trace &trace, const std::string &rule, const nlohmann::json &want,
                            const FindingOptions &options)
{
    const std::vector<Finding> found = ruleFindings(trace, rule, options);
    const FindingsSum got = findingsSummed(found);
    const QString where = QString::fromStdString(rule);
    if (!want.at("count").is_null() && got.count != want.at("count").get<std::int64_t>())
        return where + QStringLiteral(": count %1, reference %2").arg(got.count).arg(want.at("count").get<std::int64_t>());
    if (got.time != want.at("time").get<std::int64_t>())
        return where + QStringLiteral(": time %1, reference %2").arg(got.time).arg(want.at("time").get<std::int64_t>());
    if (got.fires != want.at("fires").get<bool>())
        return where + QStringLiteral(": fires %1, reference %2").arg(got.fires).arg(want.at("fires").get<bool>());
    if (want.contains("share")) {
        const double share = found.empty() ? 0.0 : found.front().shareOfStep;
        if (std::abs(share - want.at("share").get<double>()) > 0.01)
            return where + QStringLiteral(": share %1, reference %2").arg(share).arg(want.at("share").get<double>());
    }
    if (want.contains("sum_start")) {
        std::uint64_t sumStart = 0; // wraps, as the reference's
        for (const FindingEvent &e : got.events)
            sumStart += static_cast<std::uint64_t>(e.start);
        if (sumStart != want.at("sum_start").get<std::uint64_t>())
            return where + QStringLiteral(": starts sum to %1, reference %2").arg(sumStart).arg(want.at("sum_start").get<std::uint64_t>());
    }
    if (want.contains("events") && !want.at("events").is_null()) {
        const auto &events = want.at("events");
        if (events.size() != got.events.size())
            return where + QStringLiteral(": %1 events, reference %2").arg(got.events.size()).arg(events.size());
        for (std::size_t i = 0; i < events.size(); ++i)
            if (got.events[i].duration != events[i][0].get<std::int64_t>()
                || got.events[i].start != events[i][1].get<std::int64_t>())
                return where + QStringLiteral(": event %1 is (%2, %3), reference (%4, %5)")
                                   .arg(i)
                                   .arg(got.events[i].duration)
                                   .arg(got.events[i].start)
                                   .arg(events[i][0].get<std::int64_t>())
                                   .arg(events[i][1].get<std::int64_t>());
    }
    if (want.contains("in_use") && !want.at("in_use").is_null())
        for (std::size_t i = 0; i < want.at("in_use").size(); ++i)
            if (std::abs(got.events[i].inUse - want.at("in_use")[i].get<double>()) > 0.01)
                return where + QStringLiteral(": region %1 in use %2 %, reference %3")
                                   .arg(i)
                                   .arg(got.events[i].inUse)
                                   .arg(want.at("in_use")[i].get<double>());
    if (want.contains("eligible_share") && got.count > 0) {
        // The plugin's share of kernel time, as the message states it.
        const QString message = QString::fromStdString(found.front().message);
        const QString share = QString::number(want.at("eligible_share").get<double>(), 'f', 1);
        if (!message.contains(share + QStringLiteral(" %")))
            return where + QStringLiteral(": message '%1' lacks %2 %").arg(message, share);
    }
    return {};
}

const Finding *findingOf(const std::vector<Finding> &list, std::string_view rule)
{
    for (const Finding &f : list)
        if (f.rule == rule)
            return &f;
    return nullptr;
}

} // namespace

class TestFindings : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rulesMatchReference_data();
    void rulesMatchReference();
    void gpuUtilizationMatchesReference_data() { rulesMatchReference_data(); }
    void gpuUtilizationMatchesReference();
    void variantsMatchReference_data();
    void variantsMatchReference();
    void sqliteAndJsonExportsAgree();
    void stragglerMatchesReference();

    void handMadeNsysEdgeCases();
    void handMadeKinetoEdgeCases();
    void handMadeLaunchQueueFull();
    void handMadeStraggler();
    void handMadeStepWindow();
    void handMadeShortKernelsThresholds();
    void optionsParse();
    void cliPrintsFindingsAndEvents();
    void cliRejectsBadArguments();
};

void TestFindings::rulesMatchReference_data()
{
    QTest::addColumn<QString>("name");
    for (const auto &[name, path] : findingsTraces())
        QTest::newRow(qPrintable(name)) << name;
}

void TestFindings::rulesMatchReference()
{
    QFETCH(QString, name);
    const nlohmann::json ref = findingsReference(name);
    QVERIFY2(!ref.is_null(), qPrintable(QStringLiteral("no reference for ") + name));
    const auto trace = cachedTraceOrWarn(findingsTracePath(name));
    QVERIFY(trace);
    QVERIFY(ref.at("rules").size() >= 9);
    for (const auto &[rule, want] : ref.at("rules").items()) {
        QVERIFY2(isFindingRule(rule), rule.c_str());
        const QString difference = compareFindingsRule(*trace, rule, want, {});
        QVERIFY2(difference.isEmpty(), qPrintable(name + QStringLiteral(": ") + difference));
    }
}

void TestFindings::gpuUtilizationMatchesReference()
{
    QFETCH(QString, name);
    const nlohmann::json ref = findingsReference(name);
    // Traces without steps are measured over their whole span, as one step.
    QVERIFY2(ref.contains("gpu_utilization"), qPrintable(name));
    const auto trace = cachedTraceOrWarn(findingsTracePath(name));
    QVERIFY(trace);
    const std::vector<Finding> found = ruleFindings(*trace, "gpu_utilization");
    const auto &want = ref.at("gpu_utilization");
    QCOMPARE(found.size(), want.size());
    for (std::size_t i = 0; i < found.size(); ++i) {
        QCOMPARE(found[i].events.size(), std::size_t(1));
        QCOMPARE(trace->devices[found[i].events[0].device].id, want[i].at("device").get<std::int32_t>());
        QVERIFY2(std::abs(found[i].events[0].inUse - want[i].at("in_use").get<double>()) < 0.01, qPrintable(name));
        QCOMPARE(found[i].time, want[i].at("time").get<std::int64_t>());
        QCOMPARE(found[i].fires, want[i].at("fires").get<bool>());
    }
}

void TestFindings::variantsMatchReference_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("variant");
    for (const QString &name : {QStringLiteral("findings_edge_cases_nsys"), QStringLiteral("findings_edge_cases_kineto")}) {
        const nlohmann::json variants = findingsReference(name).at("variants");
        for (const auto &[variant, rules] : variants.items())
            QTest::newRow(qPrintable(name + QLatin1Char(' ') + QString::fromStdString(variant)))
                << name << QString::fromStdString(variant);
    }
}

void TestFindings::variantsMatchReference()
{
    QFETCH(QString, name);
    QFETCH(QString, variant);
    const nlohmann::json rules = findingsReference(name).at("variants").at(variant.toStdString());
    const auto trace = cachedTraceOrWarn(findingsTracePath(name));
    QVERIFY(trace);
    const FindingOptions options = findingsOptionsOf(variant.toStdString());
    for (const auto &[rule, want] : rules.items()) {
        const QString difference = compareFindingsRule(*trace, rule, want, options);
        QVERIFY2(difference.isEmpty(), qPrintable(name + QLatin1Char(' ') + variant + QStringLiteral(": ") + difference));
    }
}

void TestFindings::sqliteAndJsonExportsAgree()
{
    // Two exports of one report: every finding the same, to the event.
    for (const char *base : {"nsys/nvtx_cnn", "nsys/emit_nvtx_mlp"}) {
        const auto sqlite = cachedTraceOrWarn(sharedTrace(QLatin1String(base) + QStringLiteral(".sqlite")));
        const auto json = cachedTraceOrWarn(sharedTrace(QLatin1String(base) + QStringLiteral("_nsys.json")));
        QVERIFY(sqlite && json);
        const auto a = computeFindings(*sqlite), b = computeFindings(*json);
        QCOMPARE(findingsTable(a).rows.size(), findingsTable(b).rows.size());
        for (std::size_t i = 0; i < a.size(); ++i) {
            QCOMPARE(a[i].rule, b[i].rule);
            QCOMPARE(a[i].count, b[i].count);
            QCOMPARE(a[i].time, b[i].time);
        }
    }
}

void TestFindings::stragglerMatchesReference()
{
    std::ifstream in(QString(kExpectedFindings + QStringLiteral("sampled_ranks.json")).toStdString());
    QVERIFY(in.good());
    const nlohmann::json ref = nlohmann::json::parse(in).at("straggler");
    const TraceGroup group = loadTraceGroup({rankTrace(0).toStdString(), rankTrace(1).toStdString()},
                                            TimeAlignment::CommonClock, "ranks");
    QVERIFY(group.trace);
    const std::vector<Finding> found = ruleFindings(*group.trace, "straggler");
    QCOMPARE(found.size(), std::size_t(1));
    QVERIFY2(std::abs(found[0].shareOfStep - ref.at("share").get<double>()) < 0.01,
             qPrintable(QString::number(found[0].shareOfStep)));
    QCOMPARE(found[0].fires, ref.at("fires").get<bool>());
    // The straggler is the rank the rank summary marks.
    const std::string label = group.trace->parts[ref.at("rank_index").get<std::size_t>()].label;
    QVERIFY2(found[0].message.rfind(label, 0) == 0, found[0].message.c_str());
    QVERIFY(group.ranks.rows[ref.at("rank_index").get<std::size_t>()].straggler);
    // Below its threshold it fires.
    FindingOptions options;
    options.stragglerExcess = ref.at("share").get<double>() / 2;
    QVERIFY(ruleFindings(*group.trace, "straggler", options).front().fires);
}

// HAND-MADE: tests/data/findings/findings_edge_cases_nsys.json, figures worked out by hand.
void TestFindings::handMadeNsysEdgeCases()
{
    const auto trace = cachedTraceOrWarn(findingsTracePath(QStringLiteral("findings_edge_cases_nsys")));
    QVERIFY(trace);
    // The 64,000-byte host-to-device cudaMemcpy is not reported, the 64,001-byte one is;
    // so are a 100-byte device-to-host copy and a device-to-device copy.
    const Finding sync = ruleFindings(*trace, "cuda_memcpy_sync").front();
    QCOMPARE(sync.count, std::int64_t(3));
    QCOMPARE(sync.events[0].start, TimeNs(35000)); // 64,001 bytes
    QCOMPARE(sync.events[1].start, TimeNs(125000)); // device to device
    QCOMPARE(sync.events[2].start, TimeNs(65000)); // device to host
    FindingOptions skipD2d;
    QVERIFY(setFindingOption(skipD2d, "cuda_memcpy_sync.skip_d2d", "1").empty());
    QCOMPARE(ruleFindings(*trace, "cuda_memcpy_sync", skipD2d).front().count, std::int64_t(2));
    const Table events = findingEventsTable(*trace, "cuda_memcpy_sync", {sync});
    QCOMPARE(events.columns, (std::vector<std::string>{"Duration (ns)", "Start (ns)", "Src Kind", "Dst Kind", "Bytes",
                                                       "PID", "Device ID", "Stream ID", "API Name"}));
    QCOMPARE(events.rows[0][4].i, std::int64_t(64001));
    QCOMPARE(events.rows[0][2].s, std::string("Pageable"));
    QCOMPARE(events.rows[0][5].i, std::int64_t(100));
    QCOMPARE(events.rows[0][8].s, std::string("cudaMemcpy_v3020"));

    // The pageable cudaMemcpyAsync, not the pinned one.
    const Finding async = ruleFindings(*trace, "cuda_memcpy_async").front();
    QCOMPARE(async.count, std::int64_t(1));
    QCOMPARE(async.events[0].start, TimeNs(92000));
    // cudaMemset on pinned memory; not on device memory, not cudaMemsetAsync on managed memory.
    const Finding memset = ruleFindings(*trace, "cuda_memset_sync").front();
    QCOMPARE(memset.count, std::int64_t(1));
    QCOMPARE(memset.events[0].start, TimeNs(152000));
    // cudaDeviceSynchronize and cudaStreamSynchronize, not cudaEventSynchronize.
    const Finding api = ruleFindings(*trace, "cuda_api_sync").front();
    QCOMPARE(api.count, std::int64_t(2));
    QCOMPARE(api.time, TimeNs(70000));

    // A gap of exactly 500 ms is not reported (nsys keeps longer ones); 500 ms + 1 ns is.
    const Finding gaps = ruleFindings(*trace, "gpu_gaps").front();
    QCOMPARE(gaps.count, std::int64_t(1));
    QCOMPARE(gaps.events[0].duration, TimeNs(500'000'001));
    QCOMPARE(gaps.events[0].start, TimeNs(500'330'000));
    FindingOptions shorter;
    QVERIFY(setFindingOption(shorter, "gpu_gaps.gap", "499999999ns").empty());
    QCOMPARE(ruleFindings(*trace, "gpu_gaps", shorter).front().count, std::int64_t(2));
}

// HAND-MADE: tests/data/findings/findings_edge_cases_kineto.json, figures worked out by hand.
void TestFindings::handMadeKinetoEdgeCases()
{
    const auto trace = cachedTraceOrWarn(findingsTracePath(QStringLiteral("findings_edge_cases_kineto")));
    QVERIFY(trace);
    const std::vector<Finding> all = computeFindings(*trace);
    // DataLoader 300 + 100 us of 2,000 us of steps: 20 % > 5 %.
    const Finding *loader = findingOf(all, "dataloader");
    QVERIFY(loader);
    QCOMPARE(loader->time, TimeNs(400'000));
    QCOMPARE(loader->shareOfStep, 20.0);
    QCOMPARE(loader->severity, Severity::High);
    // nccl:all_reduce (100 us) and its kernel (200 us) overlap: 220 us, 11 % > 10 %.
    const Finding *comm = findingOf(all, "communication");
    QVERIFY(comm);
    QCOMPARE(comm->time, TimeNs(220'000));
    // aten::mm's kernel and aten::convolution's (inside aten::conv2d): 200 of 444 us of kernels.
    const Finding *tc = findingOf(all, "tensor_cores");
    QVERIFY(tc);
    QCOMPARE(tc->count, std::int64_t(2));
    QVERIFY(tc->message.find("45.0 %") != std::string::npos);
    QCOMPARE(trace->name(tc->events[1].owner), std::string_view("aten::convolution"));
    // A cuda_sync record counts when its call is missing, not beside its call.
    const Finding *api = findingOf(all, "cuda_api_sync");
    QVERIFY(api);
    QCOMPARE(api->count, std::int64_t(3));
    QCOMPARE(api->time, TimeNs(270'000));
    // Kineto names the memory kinds: the pageable async copy, the 64,001-byte pinned cudaMemcpy, the pinned memset.
    QCOMPARE(findingOf(all, "cuda_memcpy_async")->count, std::int64_t(1));
    QCOMPARE(findingOf(all, "cuda_memcpy_sync")->count, std::int64_t(1));
    QCOMPARE(findingOf(all, "cuda_memcpy_sync")->events[0].start, TimeNs(1'905'000));
    QCOMPARE(findingOf(all, "cuda_memset_sync")->count, std::int64_t(1));
    // Three copies inside the steps, none beside a kernel.
    QCOMPARE(findingOf(all, "h2d_in_step")->count, std::int64_t(3));
    QCOMPARE(findingOf(all, "h2d_in_step")->time, TimeNs(40'000));
    // Two of six kernels are short: below 100 kernels it is no finding.
    QVERIFY(!findingOf(all, "short_kernels"));
}

// HAND-MADE (built in code): 1,100 launches queued long before their kernels run.
void TestFindings::handMadeLaunchQueueFull()
{
    HandBuiltTrace b;
    // Calls every 100 ns from 0; the kernels start at 1,000,000 ns, one per 1,000 ns.
    for (int i = 0; i < 1100; ++i)
        b.launch(1, 100 * i, 100 * i + 50, "k", 1'000'000 + 1000 * i, 500);
    const auto trace = b.finish();
    const Finding f = ruleFindings(*trace, "launch_queue_full").front();
    QVERIFY(f.fires);
    // Depth reaches 1,024 at the 1,024th call (t = 102,300) and holds >= 1,024 until the 77th kernel
    // starts (1,000,000 + 76 * 1,000): the depth is 1,100 - 76 = 1,024 until then, 1,023 after.
    QCOMPARE(f.time, TimeNs(1'000'000 + 76'000 - 102'300));
    // Calls 1,025 to 1,100 found 1,024 or more pending.
    QCOMPARE(f.count, std::int64_t(76));
    FindingOptions deeper;
    QVERIFY(setFindingOption(deeper, "launch_queue_full.depth", "1101").empty());
    QVERIFY(!ruleFindings(*trace, "launch_queue_full", deeper).front().fires);
    const Table table = findingEventsTable(*trace, "launch_queue_full", {f});
    QCOMPARE(table.rows.size(), std::size_t(76));
    QCOMPARE(table.rows[0].back().s, std::string("cudaLaunchKernel"));
}

// HAND-MADE (built in code): two ranks, one 20 % slower per iteration.
void TestFindings::handMadeStraggler()
{
    std::vector<MergeInput> inputs;
    for (int rank = 0; rank < 2; ++rank) {
        HandBuiltTrace b;
        const TimeNs length = rank == 0 ? 1000 : 1200;
        for (int i = 0; i < 3; ++i)
            b.range(1, TimeNs(i) * 2000, TimeNs(i) * 2000 + length, "Iteration " + std::to_string(i));
        MergeInput input;
        input.trace = std::move(*b.finish());
        input.label = "rank " + std::to_string(rank);
        input.rank = rank;
        inputs.push_back(std::move(input));
    }
    const Trace merged = mergeTraces(std::move(inputs));
    const Finding f = ruleFindings(merged, "straggler").front();
    QVERIFY(f.fires);
    QCOMPARE(f.shareOfStep, 20.0);
    QCOMPARE(f.count, std::int64_t(3));
    QCOMPARE(f.time, TimeNs(3 * 200));
    QVERIFY(f.message.rfind("rank 1", 0) == 0);
    FindingOptions options;
    options.stragglerExcess = 20.5;
    QVERIFY(!ruleFindings(merged, "straggler", options).front().fires);
    // One trace has no straggler.
    QVERIFY(ruleFindings(*HandBuiltTrace().finish(), "straggler").empty());
}

// HAND-MADE (built in code): a step window sees only what starts inside it.
void TestFindings::handMadeStepWindow()
{
    HandBuiltTrace b;
    b.apiCall(1, 100, 50, "cudaDeviceSynchronize");
    b.apiCall(1, 1100, 30, "cudaStreamSynchronize");
    b.apiCall(1, 1500, 20, "cudaStreamSynchronize");
    const auto trace = b.finish();
    QCOMPARE(ruleFindings(*trace, "cuda_api_sync").front().count, std::int64_t(3));
    const Finding inStep = ruleFindings(*trace, "cuda_api_sync", {}, TimeWindow{1000, 1500}).front();
    QCOMPARE(inStep.count, std::int64_t(1));
    QCOMPARE(inStep.time, TimeNs(30));
    QCOMPARE(inStep.shareOfStep, 100.0 * 30 / 500);
}

// HAND-MADE (built in code): short_kernels needs both many and a large share.
void TestFindings::handMadeShortKernelsThresholds()
{
    HandBuiltTrace b;
    for (int i = 0; i < 100; ++i) // 100 short kernels: a 20 ns kernel after a 50 ns call
        b.launch(1, 1000 * i, 1000 * i + 50, "short", 1000 * i + 100, 20);
    for (int i = 100; i < 400; ++i) // 300 long ones
        b.launch(1, 1000 * i, 1000 * i + 50, "long", 1000 * i + 100, 500);
    const auto trace = b.finish();
    const Finding f = ruleFindings(*trace, "short_kernels").front();
    QCOMPARE(f.count, std::int64_t(100));
    QCOMPARE(f.time, TimeNs(100 * 30));
    QVERIFY(f.fires); // 100 kernels, 25 % of 400
    FindingOptions options;
    options.shortKernelsMinShare = 25.1;
    QVERIFY(!ruleFindings(*trace, "short_kernels", options).front().fires);
    options = {};
    options.shortKernelsMinCount = 101;
    QVERIFY(!ruleFindings(*trace, "short_kernels", options).front().fires);
}

void TestFindings::optionsParse()
{
    FindingOptions o;
    QVERIFY(setFindingOption(o, "gpu_gaps.gap", "200").empty()); // milliseconds, as nsys
    QCOMPARE(o.gpuGap, TimeNs(200'000'000));
    QVERIFY(setFindingOption(o, "gpu_gaps.gap", "1.5s").empty());
    QCOMPARE(o.gpuGap, TimeNs(1'500'000'000));
    QVERIFY(setFindingOption(o, "gpu_gaps.gap", "250us").empty());
    QCOMPARE(o.gpuGap, TimeNs(250'000));
    QVERIFY(setFindingOption(o, "gpu_time_util.threshold", "40%").empty());
    QCOMPARE(o.gpuTimeUtilThreshold, 40.0);
    QVERIFY(!setFindingOption(o, "gpu_time_util.chunks", "0").empty());
    QVERIFY(!setFindingOption(o, "gpu_time_util.chunks", "1001").empty());
    QVERIFY(!setFindingOption(o, "gpu_gaps.gap", "-1ms").empty());
    QVERIFY(!setFindingOption(o, "gpu_gaps.gap", "fast").empty());
    QVERIFY(!setFindingOption(o, "no_such.rule", "1").empty());
    QCOMPARE(findingOptionList().size(), std::size_t(15));
    for (const FindingOptionInfo &info : findingOptionList()) { // every documented default parses
        FindingOptions fresh;
        QVERIFY2(setFindingOption(fresh, info.name, info.defaultText).empty(), info.name.data());
    }
    QCOMPARE(findingRules().size(), std::size_t(14));
}

void TestFindings::cliPrintsFindingsAndEvents()
{
    const QString path = findingsTracePath(QStringLiteral("findings_edge_cases_nsys"));
    CliRun run = runCli({QStringLiteral("findings"), path, QStringLiteral("--format"), QStringLiteral("csv")});
    QVERIFY2(run.finished && run.exitCode == 0, qPrintable(run.err));
    const QList<QStringList> rows = parseCsv(run.out);
    QCOMPARE(rows.first(), (QStringList{QStringLiteral("Rule"), QStringLiteral("Severity"), QStringLiteral("Count"),
                                        QStringLiteral("Time (ns)"), QStringLiteral("Share of Step (%)"),
                                        QStringLiteral("Message")}));
    const auto trace = cachedTrace(path);
    const std::vector<Finding> found = computeFindings(*trace);
    QCOMPARE(rows.size(), qsizetype(found.size()) + 1);
    for (std::size_t i = 0; i < found.size(); ++i) {
        QCOMPARE(rows[qsizetype(i) + 1][0], QString::fromStdString(found[i].rule));
        QCOMPARE(rows[qsizetype(i) + 1][3], QString::number(found[i].time));
    }
    run = runCli({QStringLiteral("findings"), path, QStringLiteral("--rule"), QStringLiteral("gpu_gaps"),
                  QStringLiteral("--format"), QStringLiteral("csv")});
    QVERIFY2(run.finished && run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(parseCsv(run.out), (QList<QStringList>{
                                    {QStringLiteral("Row#"), QStringLiteral("Duration (ns)"), QStringLiteral("Start (ns)"),
                                     QStringLiteral("PID"), QStringLiteral("Device ID")},
                                    {QStringLiteral("1"), QStringLiteral("500000001"), QStringLiteral("500330000"),
                                     QStringLiteral("100"), QStringLiteral("0")}}));
    run = runCli({QStringLiteral("findings"), path, QStringLiteral("--rule"), QStringLiteral("gpu_gaps"),
                  QStringLiteral("--option"), QStringLiteral("gpu_gaps.gap=499999999ns"), QStringLiteral("--format"),
                  QStringLiteral("json")});
    QVERIFY2(run.finished && run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(nlohmann::json::parse(run.out.toStdString()).size(), std::size_t(2));
}

void TestFindings::cliRejectsBadArguments()
{
    const QString path = findingsTracePath(QStringLiteral("findings_edge_cases_nsys"));
    QCOMPARE(runCli({QStringLiteral("findings"), path, QStringLiteral("--rule"), QStringLiteral("no_such_rule")}).exitCode, 2);
    QCOMPARE(runCli({QStringLiteral("findings"), path, QStringLiteral("--option"), QStringLiteral("gpu_gaps.gap")}).exitCode, 2);
    QCOMPARE(runCli({QStringLiteral("findings"), path, QStringLiteral("--step"), QStringLiteral("7")}).exitCode, 2);
    QCOMPARE(runCli({QStringLiteral("findings"), path + QStringLiteral(".missing")}).exitCode, 3);
}

TRACELANE_TEST_GUILESS_MAIN(TestFindings)
#include "tst_findings.moc"
