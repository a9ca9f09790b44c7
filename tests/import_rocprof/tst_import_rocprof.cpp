// rocprofv3 JSON importer against the same files read again here with
// nlohmann's DOM and zlib (the independent path): every kernel of the recorded
// MI350X run, the CLI's kernel and GPU-time summaries, a hand-made file with
// HIP/HSA calls, launch flows, a memory copy, ROCTx ranges and two processes,
// and bad input.
#include "import/chrome/chrome_trace_importer.h"
#include "import/importer.h"
#include "model/trace.h"

#include "cli_run.h"
#include "test_registry.h"

#include <QtTest>

#include <nlohmann/json.hpp>
#include <zlib.h>

#include <cxxabi.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <tuple>

using namespace tracelane;
using nlohmann::json;

namespace {

const std::string kRocprofRecorded = TRACELANE_TEST_DATA "/rocm/rocprofv3_908_results.json.gz";
const std::string kRocprofHandmade = TRACELANE_TEST_DATA "/rocm/rocprofv3_handmade.json";

std::string rocprofGunzip(const std::string &path)
{
    std::string text;
    gzFile file = gzopen(path.c_str(), "rb");
    if (!file)
        return text;
    char buffer[1 << 16];
    int n = 0;
    while ((n = gzread(file, buffer, sizeof(buffer))) > 0)
        text.append(buffer, static_cast<std::size_t>(n));
    gzclose(file);
    return text;
}

std::string rocprofTemp(const char *name, const std::string &content)
{
    const std::string path = QDir::tempPath().toStdString() + "/tracelane_rocprof_" + name;
    std::ofstream(path, std::ios::binary) << content;
    return path;
}

// The name a person reads: rocprofv3's own formatted name, or the demangled
// symbol where rocprofv3 left it mangled (kernels with clone suffixes).
std::string rocprofExpectedName(const json &symbol)
{
    const std::string formatted = symbol.value("formatted_kernel_name", "");
    if (formatted.rfind("_Z", 0) != 0)
        return formatted;
    std::string mangled = symbol.value("kernel_name", "");
    if (mangled.size() > 3 && mangled.ends_with(".kd"))
        mangled.resize(mangled.size() - 3);
    int status = 0;
    char *text = abi::__cxa_demangle(mangled.c_str(), nullptr, nullptr, &status);
    const std::string name = status == 0 && text ? text : mangled;
    std::free(text);
    return name;
}

struct RocprofKernelRow
{
    std::string name;
    std::int64_t start = 0, duration = 0;
    std::int64_t device = 0, queue = 0;
    friend bool operator<(const RocprofKernelRow &a, const RocprofKernelRow &b)
    {
        return std::tie(a.start, a.duration, a.name, a.device, a.queue)
               < std::tie(b.start, b.duration, b.name, b.device, b.queue);
    }
    friend bool operator==(const RocprofKernelRow &, const RocprofKernelRow &) = default;
};

// Every kernel dispatch of every process, read from the JSON here.
std::vector<RocprofKernelRow> rocprofReferenceKernels(const json &doc)
{
    std::vector<RocprofKernelRow> rows;
    for (const json &entry : doc.at("rocprofiler-sdk-tool")) {
        std::map<std::uint64_t, std::string> names;
        for (const json &symbol : entry.at("kernel_symbols"))
            names[symbol.at("kernel_id").get<std::uint64_t>()] = rocprofExpectedName(symbol);
        std::map<std::uint64_t, std::int64_t> ordinal;
        for (const json &agent : entry.at("agents"))
            ordinal[agent.at("id").at("handle").get<std::uint64_t>()] = agent.at("logical_node_type_id").get<std::int64_t>();
        const json &records = entry.at("buffer_records");
        if (!records.contains("kernel_dispatch"))
            continue;
        for (const json &r : records.at("kernel_dispatch")) {
            if (!r.contains("end_timestamp"))
                continue;
            const json &info = r.at("dispatch_info");
            const auto kernelId = info.at("kernel_id").get<std::uint64_t>();
            RocprofKernelRow row;
            row.name = names.count(kernelId) ? names[kernelId] : "kernel " + std::to_string(kernelId);
            row.start = r.at("start_timestamp").get<std::int64_t>();
            row.duration = r.at("end_timestamp").get<std::int64_t>() - row.start;
            row.device = ordinal.at(info.at("agent_id").at("handle").get<std::uint64_t>());
            row.queue = info.at("queue_id").at("handle").get<std::int64_t>();
            rows.push_back(row);
        }
    }
    std::sort(rows.begin(), rows.end());
    return rows;
}

// The recorded file read once: nlohmann's DOM of 37 MB takes a few seconds.
const json &rocprofRecordedDoc()
{
    static const json doc = json::parse(rocprofGunzip(kRocprofRecorded));
    return doc;
}

std::vector<RocprofKernelRow> rocprofImportedKernels(const Trace &trace)
{
    std::vector<RocprofKernelRow> rows;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &track = trace.tracks[t];
        for (std::uint32_t i = 0; i < track.events.size(); ++i) {
            const Event &e = track.events[i];
            if (e.kind != EventKind::Kernel)
                continue;
            RocprofKernelRow row;
            row.name = std::string(trace.strings.view(e.name));
            row.start = e.start;
            row.duration = e.duration;
            row.device = trace.devices.at(trace.streams.at(track.stream).device).id;
            row.queue = trace.arg(EventRef{t, i}, "queue").value_or(ArgValue::ofInt(-1)).i;
            rows.push_back(row);
        }
    }
    std::sort(rows.begin(), rows.end());
    return rows;
}

struct RocprofSum
{
    std::int64_t count = 0, total = 0;
};

std::map<std::string, RocprofSum> rocprofSumByName(const std::vector<RocprofKernelRow> &rows)
{
    std::map<std::string, RocprofSum> sums;
    for (const RocprofKernelRow &row : rows) {
        ++sums[row.name].count;
        sums[row.name].total += row.duration;
    }
    return sums;
}

std::int64_t rocprofUnionLength(std::vector<std::pair<std::int64_t, std::int64_t>> spans)
{
    std::sort(spans.begin(), spans.end());
    std::int64_t total = 0, end = std::numeric_limits<std::int64_t>::min();
    for (const auto &[s, e] : spans) {
        if (e <= end)
            continue;
        total += e - std::max(s, end);
        end = e;
    }
    return total;
}

std::uint64_t rocprofDiagnosticCount(const Trace &trace, std::string_view code)
{
    return trace.diagnostics.count(code);
}

} // namespace

class TestImportRocprof : public QObject
{
    Q_OBJECT

private slots:
    void detection();
    void recordedKernelsMatchTheFile();
    void recordedDevicesQueuesAndArgs();
    void recordedCliSummaries();
    void handmadeApiCallsAndFlows();
    void handmadeCopiesMarkersAndSkips();
    void handmadeProcessesKeepTheirIds();
    void badInput();
};

void TestImportRocprof::detection()
{
    const ContentProbe probe = probeFile(kRocprofRecorded);
    const Importer *importer = detectImporter(probe);
    QVERIFY(importer);
    QCOMPARE(importer->id(), std::string_view("rocprof-json"));
    // The Chrome importer claims JSON objects; it must leave this one alone.
    QCOMPARE(ChromeTraceImporter().sniff(probe), 0);
    for (const auto &other : importers())
        if (other.get() != importer)
            QVERIFY2(other->sniff(probe) < importer->sniff(probe), std::string(other->id()).c_str());

    ContentProbe spaced;
    spaced.head = "  \n{ \"rocprofiler-sdk-tool\": []}";
    QCOMPARE(detectImporter(spaced)->id(), std::string_view("rocprof-json"));
    ContentProbe chrome;
    chrome.head = "{\"traceEvents\": [], \"rocprofiler-sdk-tool\": []}";
    QVERIFY(detectImporter(chrome)->id() != std::string_view("rocprof-json"));
}

void TestImportRocprof::recordedKernelsMatchTheFile()
{
    const json &doc = rocprofRecordedDoc();
    const std::vector<RocprofKernelRow> expected = rocprofReferenceKernels(doc);
    QCOMPARE(expected.size(), std::size_t(43915));

    const ImportResult result = loadTrace(kRocprofRecorded);
    QVERIFY2(result.ok(), result.error.c_str());
    const Trace &trace = *result.trace;
    QCOMPARE(trace.source.format, std::string("rocprof-json"));
    const std::vector<RocprofKernelRow> imported = rocprofImportedKernels(trace);
    QCOMPARE(imported.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i)
        if (!(imported[i] == expected[i]))
            QFAIL(("kernel " + std::to_string(i) + ": imported " + imported[i].name + " at "
                   + std::to_string(imported[i].start) + ", the file has " + expected[i].name + " at "
                   + std::to_string(expected[i].start))
                      .c_str());
    const EventCounts counts = trace.counts();
    QCOMPARE(counts.kernels, std::uint64_t(43915));
    QCOMPARE(counts.apiCalls, std::uint64_t(0));
    QCOMPARE(counts.flows, std::uint64_t(0));
    // No HIP trace: said once, not as 43,915 orphans.
    QCOMPARE(rocprofDiagnosticCount(trace, "gpu-work-without-launch"), std::uint64_t(0));
    QVERIFY(std::any_of(trace.diagnostics.entries().begin(), trace.diagnostics.entries().end(),
                        [](const Diagnostic &d) { return d.code == "rocprof-no-api-calls"; }));
}

void TestImportRocprof::recordedDevicesQueuesAndArgs()
{
    const ImportResult result = loadTrace(kRocprofRecorded);
    QVERIFY2(result.ok(), result.error.c_str());
    const Trace &trace = *result.trace;
    QCOMPARE(trace.devices.size(), std::size_t(1)); // only GPU 0 ran kernels
    QCOMPARE(trace.devices[0].id, 0);
    QCOMPARE(trace.strings.view(trace.devices[0].name), std::string_view("AMD Instinct MI350X"));
    std::set<std::string> queues;
    for (const Track &track : trace.tracks)
        if (track.kind == TrackKind::GpuStream)
            queues.insert(std::string(trace.strings.view(track.name)));
    QCOMPARE(queues, (std::set<std::string>{"Queue 16", "Queue 17", "Queue 18", "Queue 19", "Queue 20"}));
    QCOMPARE(trace.processes.size(), std::size_t(1));
    QCOMPARE(trace.processes[0].pid, std::int64_t(908));

    // The first dispatch: 512 work-items in workgroups of 512 -> grid [1,1,1], block [512,1,1].
    const json &doc = rocprofRecordedDoc();
    const json &first = doc["rocprofiler-sdk-tool"][0]["buffer_records"]["kernel_dispatch"][0];
    const std::int64_t start = first["start_timestamp"].get<std::int64_t>();
    bool found = false;
    for (std::uint32_t t = 0; t < trace.tracks.size() && !found; ++t)
        for (std::uint32_t i = 0; i < trace.tracks[t].events.size(); ++i)
            if (trace.tracks[t].events[i].start == start && trace.tracks[t].events[i].kind == EventKind::Kernel) {
                const EventRef ref{t, i};
                QCOMPARE(trace.strings.view(trace.arg(ref, "grid")->s), std::string_view("[1,1,1]"));
                QCOMPARE(trace.strings.view(trace.arg(ref, "block")->s), std::string_view("[512,1,1]"));
                QCOMPARE(trace.arg(ref, "dispatchId")->i, std::int64_t(1));
                QCOMPARE(trace.arg(ref, "queue")->i, std::int64_t(16));
                found = true;
                break;
            }
    QVERIFY(found);

    // HIP streams share queues: each kernel keeps its stream_id.
    std::map<std::int64_t, std::set<std::int64_t>> fileStreams, importedStreams;
    for (const json &r : doc["rocprofiler-sdk-tool"][0]["buffer_records"]["kernel_dispatch"])
        fileStreams[r["dispatch_info"]["queue_id"]["handle"].get<std::int64_t>()].insert(
            r["stream_id"]["handle"].get<std::int64_t>());
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t)
        for (std::uint32_t i = 0; i < trace.tracks[t].events.size(); ++i)
            if (const auto queue = trace.arg({t, i}, "queue"))
                importedStreams[queue->i].insert(trace.arg({t, i}, "hipStream").value_or(ArgValue::ofInt(0)).i);
    QCOMPARE(importedStreams, fileStreams);
    QCOMPARE(fileStreams[19].size(), std::size_t(561));
}

void TestImportRocprof::recordedCliSummaries()
{
    const json &doc = rocprofRecordedDoc();
    const std::vector<RocprofKernelRow> kernels = rocprofReferenceKernels(doc);
    const std::map<std::string, RocprofSum> expected = rocprofSumByName(kernels);

    const test::CliRun run = test::runCli({QStringLiteral("kernels"), QString::fromStdString(kRocprofRecorded),
                                           QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(run.finished && run.exitCode == 0, qPrintable(run.err));
    const json rows = json::parse(run.out.toStdString());
    QCOMPARE(rows.size(), expected.size());
    for (const json &row : rows) {
        const auto it = expected.find(row.at("Name").get<std::string>());
        QVERIFY2(it != expected.end(), row.at("Name").get<std::string>().c_str());
        QCOMPARE(row.at("Instances").get<std::int64_t>(), it->second.count);
        QCOMPARE(row.at("Total Time (ns)").get<std::int64_t>(), it->second.total);
    }

    // GPU busy time: the union of the kernels' spans on device 0.
    std::vector<std::pair<std::int64_t, std::int64_t>> spans;
    for (const RocprofKernelRow &k : kernels)
        spans.emplace_back(k.start, k.start + k.duration);
    const test::CliRun gpu = test::runCli({QStringLiteral("gpu-time"), QString::fromStdString(kRocprofRecorded),
                                           QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(gpu.finished && gpu.exitCode == 0, qPrintable(gpu.err));
    const json gpuRows = json::parse(gpu.out.toStdString());
    QCOMPARE(gpuRows.size(), std::size_t(1));
    QCOMPARE(gpuRows[0].at("Busy (ns)").get<std::int64_t>(), rocprofUnionLength(spans));

    const test::CliRun info = test::runCli({QStringLiteral("info"), QString::fromStdString(kRocprofRecorded),
                                            QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(info.finished && info.exitCode == 0, qPrintable(info.err));
    const json summary = json::parse(info.out.toStdString());
    QCOMPARE(summary.at("format").get<std::string>(), std::string("rocprof-json"));
    QCOMPARE(summary.at("kernels").get<std::int64_t>(), std::int64_t(kernels.size()));
    QCOMPARE(summary.at("streams").get<std::int64_t>(), std::int64_t(5));
}

void TestImportRocprof::handmadeApiCallsAndFlows()
{
    std::ifstream in(kRocprofHandmade);
    const json doc = json::parse(in);
    // Independent reading: API calls per name, and launches = correlation ids an
    // API call and a GPU op share within one process.
    std::map<std::string, std::int64_t> callsByName;
    std::size_t launches = 0;
    for (const json &entry : doc.at("rocprofiler-sdk-tool")) {
        const json &kinds = entry.at("strings").at("buffer_records");
        const json &records = entry.at("buffer_records");
        std::set<std::uint64_t> apiIds, gpuIds;
        for (const char *section : {"hip_api", "hsa_api"}) {
            if (!records.contains(section))
                continue;
            for (const json &r : records.at(section)) {
                if (!r.at("operation").is_number())
                    continue;
                const std::string name =
                    kinds.at(r.at("kind").get<std::size_t>()).at("operations").at(r.at("operation").get<std::size_t>());
                ++callsByName[name];
                apiIds.insert(r.at("correlation_id").at("internal").get<std::uint64_t>());
            }
        }
        for (const char *section : {"kernel_dispatch", "memory_copy"}) {
            if (!records.contains(section))
                continue;
            for (const json &r : records.at(section))
                if (r.contains("end_timestamp"))
                    gpuIds.insert(r.at("correlation_id").at("internal").get<std::uint64_t>());
        }
        for (std::uint64_t id : gpuIds)
            launches += apiIds.count(id);
    }
    QCOMPARE(launches, std::size_t(4));

    const ImportResult result = loadTrace(kRocprofHandmade);
    QVERIFY2(result.ok(), result.error.c_str());
    const Trace &trace = *result.trace;
    std::map<std::string, std::int64_t> imported;
    for (const Track &track : trace.tracks)
        for (const Event &e : track.events)
            if (e.kind == EventKind::ApiCall) {
                QCOMPARE(track.kind, TrackKind::ThreadApi);
                ++imported[std::string(trace.strings.view(e.name))];
            }
    QCOMPARE(imported, callsByName);
    QCOMPARE(trace.flows.size(), launches);
    for (const Flow &flow : trace.flows) {
        QCOMPARE(flow.kind, FlowKind::Launch);
        const Event &call = trace.event(flow.from);
        const Event &work = trace.event(flow.to);
        QCOMPARE(call.kind, EventKind::ApiCall);
        QVERIFY(isGpuWork(work.kind));
        QCOMPARE(call.correlation, work.correlation);
        QVERIFY(call.start < work.start); // launched before it ran
    }
    // Ids are per process: pid 200's id 1 is not pid 100's.
    QCOMPARE(rocprofDiagnosticCount(trace, "duplicate-correlation"), std::uint64_t(0));
    // Two kernels of pid 100 have no call in the file (ids 10 and 11).
    QCOMPARE(rocprofDiagnosticCount(trace, "gpu-work-without-launch"), std::uint64_t(2));
    // The HSA call lies inside the HIP call on the same lane: one level deeper.
    bool nested = false;
    for (const Track &track : trace.tracks)
        for (const Event &e : track.events)
            if (trace.strings.view(e.name) == "hsa_signal_store_relaxed")
                nested = e.depth == 1;
    QVERIFY(nested);
}

void TestImportRocprof::handmadeCopiesMarkersAndSkips()
{
    const ImportResult result = loadTrace(kRocprofHandmade);
    QVERIFY2(result.ok(), result.error.c_str());
    const Trace &trace = *result.trace;
    const EventCounts counts = trace.counts();
    QCOMPARE(counts.kernels, std::uint64_t(5));
    QCOMPARE(counts.memcpys, std::uint64_t(1));
    QCOMPARE(counts.apiCalls, std::uint64_t(6));

    bool copy = false;
    std::map<std::string, EventKind> markers;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &track = trace.tracks[t];
        for (std::uint32_t i = 0; i < track.events.size(); ++i) {
            const Event &e = track.events[i];
            if (e.kind == EventKind::Memcpy) {
                copy = true;
                QCOMPARE(trace.strings.view(track.name), std::string_view("Memory copies (pid 100)"));
                QCOMPARE(trace.arg({t, i}, "bytes")->i, std::int64_t(4096));
                QCOMPARE(trace.strings.view(trace.arg({t, i}, "copyKind")->s), std::string_view("Host-to-Device"));
                QCOMPARE(e.start, TimeNs(4000));
                QCOMPARE(e.duration, TimeNs(800));
                QCOMPARE(trace.devices[trace.streams[track.stream].device].id, 0);
            }
            if (e.kind == EventKind::Range || e.kind == EventKind::Instant) {
                QCOMPARE(track.kind, TrackKind::ThreadRanges);
                QCOMPARE(trace.strings.view(track.name), std::string_view("ROCTx"));
                markers[std::string(trace.strings.view(e.name))] = e.kind;
                if (trace.strings.view(e.name) == "inner")
                    QCOMPARE(int(e.depth), 1);
            }
        }
    }
    QVERIFY(copy);
    QCOMPARE(markers, (std::map<std::string, EventKind>{
                          {"forward", EventKind::Range}, {"inner", EventKind::Range}, {"checkpoint", EventKind::Instant}}));

    // Unknown kinds counted by kind; damaged records counted with where they were.
    QCOMPARE(rocprofDiagnosticCount(trace, "rocprof-kind-skipped"), std::uint64_t(3));
    QCOMPARE(rocprofDiagnosticCount(trace, "rocprof-record-incomplete"), std::uint64_t(2));
    QCOMPARE(rocprofDiagnosticCount(trace, "rocprof-kernel-symbol-unknown"), std::uint64_t(1));
    for (const Diagnostic &d : trace.diagnostics.entries())
        if (d.code == "rocprof-record-incomplete")
            QVERIFY(!d.examples.empty() && d.examples[0].find("kernel_dispatch[4]") != std::string::npos);
    bool namedUnknown = false;
    for (const Track &track : trace.tracks)
        for (const Event &e : track.events)
            namedUnknown = namedUnknown || trace.strings.view(e.name) == "kernel 99";
    QVERIFY(namedUnknown);
}

void TestImportRocprof::handmadeProcessesKeepTheirIds()
{
    const ImportResult result = loadTrace(kRocprofHandmade);
    QVERIFY2(result.ok(), result.error.c_str());
    const Trace &trace = *result.trace;
    std::set<std::int64_t> pids;
    for (const Process &p : trace.processes)
        pids.insert(p.pid);
    QCOMPARE(pids, (std::set<std::int64_t>{100, 200}));
    // Process 200 reuses correlation id 1: its call links to its own kernel (at 20000), not pid 100's.
    int linked = 0;
    for (const Flow &flow : trace.flows) {
        const Track &from = trace.tracks[flow.from.track];
        if (trace.processes[from.process].pid != 200)
            continue;
        QCOMPARE(trace.event(flow.to).start, TimeNs(20000));
        ++linked;
    }
    QCOMPARE(linked, 1);
    // Queue 5 of GPU 0 in both processes: two lanes, named apart.
    std::set<std::string> names;
    for (const Track &track : trace.tracks)
        if (track.kind == TrackKind::GpuStream)
            names.insert(std::string(trace.strings.view(track.name)));
    QVERIFY(names.count("Queue 5 (pid 100)") && names.count("Queue 5 (pid 200)") && names.count("Queue 6 (pid 100)"));
    // The demangled kernel name, with the mangled one kept as an argument.
    bool demangled = false;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t)
        for (std::uint32_t i = 0; i < trace.tracks[t].events.size(); ++i)
            if (trace.name({t, i}) == "vecAdd(float*, float*, int)") {
                QCOMPARE(trace.strings.view(trace.arg({t, i}, "mangledName")->s), std::string_view("_Z6vecAddPfS_i"));
                demangled = true;
            }
    QVERIFY(demangled);
}

void TestImportRocprof::badInput()
{
    const std::string text = rocprofGunzip(kRocprofRecorded);
    // Cut in the middle of the kernel records: one message naming the file and a byte.
    const std::string cut = rocprofTemp("cut.json", text.substr(0, text.size() / 2));
    const ImportResult truncated = loadTrace(cut);
    QVERIFY(!truncated.ok());
    QVERIFY2(truncated.error.find(cut) != std::string::npos, truncated.error.c_str());
    QVERIFY2(truncated.error.find("rocprofv3") != std::string::npos, truncated.error.c_str());

    // A gzip stream cut short.
    std::ifstream gz(kRocprofRecorded, std::ios::binary);
    const std::string compressed((std::istreambuf_iterator<char>(gz)), std::istreambuf_iterator<char>());
    const std::string cutGz = rocprofTemp("cut.json.gz", compressed.substr(0, compressed.size() / 2));
    const ImportResult truncatedGz = loadTrace(cutGz);
    QVERIFY(!truncatedGz.ok());
    QVERIFY2(truncatedGz.error.find(cutGz) != std::string::npos, truncatedGz.error.c_str());

    // The cut just after the prefix, and garbage after it.
    for (const std::string &bad : {std::string("{\"rocprofiler-sdk-tool\""), std::string("{\"rocprofiler-sdk-tool\": [{]"),
                                   std::string("{\"rocprofiler-sdk-tool\": 5}"),
                                   std::string("{\"rocprofiler-sdk-tool\": [{\"buffer_records\": []}]}"),
                                   std::string("{\"rocprofiler-sdk-tool\": [{\"buffer_records\": {\"kernel_dispatch\": [1, {\"x\": ")}) {
        const std::string path = rocprofTemp("bad.json", bad);
        const ImportResult result = loadTrace(path);
        QVERIFY2(!result.ok(), bad.c_str());
        QVERIFY2(result.error.find(path) != std::string::npos, result.error.c_str());
    }

    // Wrong types inside records: skipped and counted, the rest loads.
    const std::string wrongTypes = rocprofTemp(
        "types.json",
        R"({"rocprofiler-sdk-tool": [{"metadata": {"pid": "x"}, "agents": 7, "strings": {"buffer_records": 3},
            "kernel_symbols": {}, "buffer_records": {"kernel_dispatch": [
              {"start_timestamp": "1", "end_timestamp": 2, "dispatch_info": {"agent_id": {"handle": 1}, "queue_id": {"handle": 1}, "kernel_id": 1}},
              {"start_timestamp": 1, "end_timestamp": 2, "dispatch_info": {"agent_id": {"handle": 1}, "queue_id": {"handle": 1}, "kernel_id": 1}},
              "not a record"], "hip_api": {"a": 1}, "mystery": [1, 2, 3]}}]})");
    const ImportResult typed = loadTrace(wrongTypes);
    QVERIFY2(typed.ok(), typed.error.c_str());
    QCOMPARE(typed.trace->counts().kernels, std::uint64_t(1));
    QCOMPARE(typed.trace->diagnostics.count("rocprof-record-incomplete"), std::uint64_t(3));
    QCOMPARE(typed.trace->diagnostics.count("rocprof-kind-skipped"), std::uint64_t(3));
    QCOMPARE(typed.trace->diagnostics.count("rocprof-agent-unknown"), std::uint64_t(1));

    // Another schema under the same key: loads empty, with a note.
    const ImportResult other = loadTrace(rocprofTemp("other.json", R"({"rocprofiler-sdk-tool": [{"foo": 1}]})"));
    QVERIFY2(other.ok(), other.error.c_str());
    QVERIFY(other.trace->isEmpty());

    // Empty and whitespace-only files are not claimed at all.
    QVERIFY(!loadTrace(rocprofTemp("empty.json", "")).ok());
    QVERIFY(!loadTrace(rocprofTemp("space.json", "   \n")).ok());

    // Cancelled: no trace, no error to show.
    ImportControl cancelled;
    cancelled.cancel();
    const ImportResult stopped = loadTrace(kRocprofRecorded, cancelled);
    QVERIFY(!stopped.ok());
    QVERIFY(stopped.cancelled);

    // Far ids and operation numbers cost nothing: the tables stay as large as the file.
    std::string far = R"({"rocprofiler-sdk-tool": [{"metadata": {"pid": 1}, "strings": {"buffer_records": []},
        "kernel_symbols": [{"kernel_id": 4000000000, "kernel_name": "far.kd"}], "buffer_records": {"hip_api": [)";
    for (int i = 0; i < 200; ++i)
        far += std::string(i ? "," : "") + "{\"kind\": " + std::to_string(60000 + i) + ", \"operation\": "
               + std::to_string(4000000000ll + i)
               + ", \"thread_id\": 1, \"start_timestamp\": 1, \"end_timestamp\": 2, \"correlation_id\": {\"internal\": 1}}";
    far += R"(], "kernel_dispatch": [{"start_timestamp": 1, "end_timestamp": 2, "correlation_id": {"internal": 1}, "dispatch_info": {"agent_id": {"handle": 9},
        "queue_id": {"handle": 1}, "kernel_id": 4000000000}}]}}]})";
    const ImportResult farIds = loadTrace(rocprofTemp("far.json", far));
    QVERIFY2(farIds.ok(), farIds.error.c_str());
    QCOMPARE(farIds.trace->counts().apiCalls, std::uint64_t(200));
    QCOMPARE(farIds.trace->counts().flows, std::uint64_t(1));
    bool farNamed = false;
    for (const Track &track : farIds.trace->tracks)
        for (const Event &e : track.events)
            farNamed = farNamed || farIds.trace->strings.view(e.name) == "far";
    QVERIFY(farNamed);

    // Deep nesting inside a record: an error or a load, never a crash.
    const std::string deep = "{\"rocprofiler-sdk-tool\": [{\"buffer_records\": {\"kernel_dispatch\": [{\"x\": "
                             + std::string(5000, '[') + std::string(5000, ']') + "}]}}]}";
    (void)loadTrace(rocprofTemp("deep.json", deep));
}

TRACELANE_TEST_GUILESS_MAIN(TestImportRocprof)
#include "tst_import_rocprof.moc"
