// dv/dt prof OpenCL importer against the trace parsed separately here with
// nlohmann's DOM (the independent path), hand-written traces for GEMM sizes and
// clock alignment, and bad input.
#include "analysis/summaries/kernel_summary.h"
#include "import/importer.h"
#include "import/opencl/iso_time.h"
#include "import/opencl/kernel_args.h"
#include "model/trace.h"

#include "test_registry.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>

using namespace tracelane;

namespace {

const std::string kOpenclTrace = TRACELANE_SHARED_TRACES "/opencl/dvdt_prof_armcl.json";

std::string writeTemp(const char *name, const std::string &content)
{
    const std::string path = QDir::tempPath().toStdString() + "/tracelane_" + name;
    std::ofstream(path, std::ios::binary) << content;
    return path;
}

struct Stats
{
    qint64 count = 0, total = 0, min = 0, max = 0;
    double mean = 0, stddev = 0;
};

} // namespace

class TestImportOpencl : public QObject
{
    Q_OBJECT

private slots:
    void isoTimes();
    void kernelArguments();
    void realTraceCounts();
    void realTracePerKernelStats();
    void realTraceAlignmentAndArgs();
    void gemmSizes();
    void badInput();
};

void TestImportOpencl::isoTimes()
{
    QCOMPARE(opencl::parseIsoTime("1970-01-01T00:00:01.000001"), std::optional<TimeNs>(1'000'001'000));
    QCOMPARE(opencl::parseIsoTime("2018-02-09T10:36:48.553314"), std::optional<TimeNs>(1518172608553314000));
    QCOMPARE(opencl::parseIsoTime("2018-02-09T10:36:48Z"), std::optional<TimeNs>(1518172608000000000));
    QVERIFY(!opencl::parseIsoTime("2018-02-09 10:36"));
    QVERIFY(!opencl::parseIsoTime("2018-13-09T10:36:48.1"));
    QVERIFY(!opencl::parseIsoTime("2018-02-09T10:36:48.1234567890"));
    // The ends of what int64 nanoseconds hold; beyond them, no time (found by fuzzing).
    QCOMPARE(opencl::parseIsoTime("2262-04-11T23:47:15"), std::optional<TimeNs>(9223372035000000000));
    QCOMPARE(opencl::parseIsoTime("1677-09-21T00:12:45"), std::optional<TimeNs>(-9223372035000000000));
    QVERIFY(!opencl::parseIsoTime("2262-04-11T23:47:17"));
    QVERIFY(!opencl::parseIsoTime("9935-02-09T10:36:49.71"));
    QVERIFY(!opencl::parseIsoTime("0000-01-01T00:00:00"));
}

void TestImportOpencl::kernelArguments()
{
    QCOMPARE(opencl::littleEndianInt("e0000000"), std::optional<std::int64_t>(224));
    QCOMPARE(opencl::littleEndianInt("ffffffff"), std::optional<std::int64_t>(-1));
    QCOMPARE(opencl::littleEndianInt("0001000000000000"), std::optional<std::int64_t>(256));
    QVERIFY(!opencl::littleEndianInt("abc"));
    QVERIFY(!opencl::littleEndianInt("zz000000"));
}

void TestImportOpencl::realTraceCounts()
{
    std::ifstream in(kOpenclTrace);
    const nlohmann::json records = nlohmann::json::parse(in);
    qint64 enqueues = 0;
    std::map<std::string, qint64> perCall;
    for (const auto &r : records) {
        ++perCall[r["call"].get<std::string>()];
        enqueues += r["call"] == "clEnqueueNDRangeKernel";
    }
    const ImportResult result = loadTrace(kOpenclTrace);
    QVERIFY2(result.ok(), result.error.c_str());
    const Trace &trace = *result.trace;
    QCOMPARE(trace.source.format, std::string("dvdt-opencl"));
    const EventCounts counts = trace.counts();
    QCOMPARE(qint64(counts.apiCalls), qint64(records.size()));
    QCOMPARE(qint64(counts.apiCalls), qint64(2736));
    QCOMPARE(qint64(counts.kernels), enqueues);
    QCOMPARE(qint64(counts.kernels), qint64(100));
    QCOMPARE(perCall["clSetKernelArg"], qint64(2273));
    QCOMPARE(counts.streams, std::uint64_t(1)); // one queue
    // Each kernel is linked to its enqueue call.
    qint64 launches = 0;
    for (const Flow &flow : trace.flows)
        if (flow.kind == FlowKind::Launch) {
            QCOMPARE(trace.name(flow.from), std::string_view("clEnqueueNDRangeKernel"));
            QCOMPARE(trace.event(flow.to).kind, EventKind::Kernel);
            ++launches;
        }
    QCOMPARE(launches, enqueues);
    QVERIFY(trace.diagnostics.empty());
}

void TestImportOpencl::realTracePerKernelStats()
{
    std::ifstream in(kOpenclTrace);
    const nlohmann::json records = nlohmann::json::parse(in);
    std::map<std::string, std::vector<qint64>> durations;
    for (const auto &r : records)
        if (r["call"] == "clEnqueueNDRangeKernel")
            durations[r["name"].get<std::string>()].push_back(r["profiling"]["end"].get<qint64>()
                                                              - r["profiling"]["start"].get<qint64>());
    QCOMPARE(durations.size(), std::size_t(12));
    std::map<std::string, Stats> expected;
    for (const auto &[name, list] : durations) {
        Stats s;
        s.count = qint64(list.size());
        s.min = *std::min_element(list.begin(), list.end());
        s.max = *std::max_element(list.begin(), list.end());
        for (const qint64 d : list)
            s.total += d;
        s.mean = double(s.total) / double(s.count);
        double squares = 0;
        for (const qint64 d : list)
            squares += (double(d) - s.mean) * (double(d) - s.mean);
        s.stddev = s.count > 1 ? std::sqrt(squares / double(s.count - 1)) : 0.0;
        expected[name] = s;
    }
    const ImportResult result = loadTrace(kOpenclTrace);
    QVERIFY(result.ok());
    const NameSummary summary = kernelSummary(*result.trace);
    QCOMPARE(summary.rows.size(), expected.size());
    for (const NameSummaryRow &row : summary.rows) {
        QVERIFY2(expected.count(row.name), row.name.c_str());
        const Stats &s = expected[row.name];
        QCOMPARE(row.stats.count, s.count);
        QCOMPARE(row.stats.total, s.total);
        QCOMPARE(row.stats.min, s.min);
        QCOMPARE(row.stats.max, s.max);
        QVERIFY(std::abs(row.stats.average - s.mean) < 1e-6);
        QVERIFY(std::abs(row.stats.stddev - s.stddev) < 1e-3);
    }
    QCOMPARE(expected["batchnormalization_layer"].count, qint64(27));
}

void TestImportOpencl::realTraceAlignmentAndArgs()
{
    std::ifstream in(kOpenclTrace);
    const nlohmann::json records = nlohmann::json::parse(in);
    const nlohmann::json *first = nullptr;
    for (const auto &r : records)
        if (r["call"] == "clEnqueueNDRangeKernel") {
            first = &r;
            break;
        }
    QVERIFY(first);
    const TimeNs hostStart = *opencl::parseIsoTime((*first)["timestamp"]["start"].get<std::string>());
    const TimeNs offset = hostStart - (*first)["profiling"]["submit"].get<TimeNs>();

    const ImportResult result = loadTrace(kOpenclTrace);
    QVERIFY(result.ok());
    const Trace &trace = *result.trace;
    bool recorded = false;
    for (const auto &[key, value] : trace.source.metadata)
        if (key == "device clock offset (ns)") {
            QCOMPARE(value, std::to_string(offset));
            recorded = true;
        }
    QVERIFY(recorded);
    // The first kernel starts at its device start moved by the offset, and keeps its queueing times.
    const Flow &flow = trace.flows.front();
    const EventRef kernel = flow.to;
    QCOMPARE(trace.event(kernel).start, (*first)["profiling"]["start"].get<TimeNs>() + offset);
    QCOMPARE(trace.arg(kernel, "submit")->i, hostStart);
    QCOMPARE(trace.arg(kernel, "queueDelay")->i,
             (*first)["profiling"]["start"].get<TimeNs>() - (*first)["profiling"]["queued"].get<TimeNs>());
    QCOMPARE(trace.strings.view(trace.arg(kernel, "grid")->s), std::string_view("[449,1,3]"));
    // Arguments set for the kernel object before its enqueue, decoded.
    const nlohmann::json args = nlohmann::json::parse(trace.strings.view(trace.arg(kernel, "arguments")->s));
    QVERIFY(args.is_array() && !args.empty());
    std::map<qint64, std::string> expectedArgs;
    for (const auto &r : records) {
        if (&r == first)
            break;
        if (r["call"] == "clSetKernelArg" && r["kernel"] == (*first)["kernel"])
            expectedArgs[r["arg_index"].get<qint64>()] = r["arg_value"].get<std::string>();
    }
    QCOMPARE(qint64(args.size()), qint64(expectedArgs.size()));
    for (const auto &a : args)
        QCOMPARE(a["value"].get<std::string>(), expectedArgs[a["index"].get<qint64>()]);
}

void TestImportOpencl::gemmSizes()
{
    // Hand-written: a CLBlast Xgemm enqueue with M=1024, N=256, K=64 as arguments 0-2.
    const std::string path = writeTemp("gemm.json", R"([
 {"call": "clCreateCommandQueue", "queue": "0x10", "device": "0x20", "errcode": 0,
  "timestamp": {"start": "2020-01-01T00:00:00.000000", "end": "2020-01-01T00:00:00.000010"}},
 {"call": "clSetKernelArg", "kernel": "0x30", "arg_index": 0, "arg_size": 4, "arg_value": "00040000",
  "timestamp": {"start": "2020-01-01T00:00:00.000020", "end": "2020-01-01T00:00:00.000021"}},
 {"call": "clSetKernelArg", "kernel": "0x30", "arg_index": 1, "arg_size": 4, "arg_value": "00010000",
  "timestamp": {"start": "2020-01-01T00:00:00.000022", "end": "2020-01-01T00:00:00.000023"}},
 {"call": "clSetKernelArg", "kernel": "0x30", "arg_index": 2, "arg_size": 4, "arg_value": "40000000",
  "timestamp": {"start": "2020-01-01T00:00:00.000024", "end": "2020-01-01T00:00:00.000025"}},
 {"call": "clEnqueueNDRangeKernel", "kernel": "0x30", "name": "Xgemm", "queue": "0x10",
  "gws": [256, 64, 1], "lws": [16, 16, 1], "gwo": [0, 0, 0], "errcode": 0,
  "profiling": {"queued": 5000, "submit": 6000, "start": 9000, "end": 19000},
  "timestamp": {"start": "2020-01-01T00:00:00.000100", "end": "2020-01-01T00:00:00.000200"}}
])");
    const ImportResult result = loadTrace(path);
    QVERIFY2(result.ok(), result.error.c_str());
    const Trace &trace = *result.trace;
    QCOMPARE(trace.flows.size(), std::size_t(1));
    const EventRef kernel = trace.flows[0].to;
    QCOMPARE(trace.name(kernel), std::string_view("Xgemm"));
    QCOMPARE(trace.arg(kernel, "M")->i, std::int64_t(1024));
    QCOMPARE(trace.arg(kernel, "N")->i, std::int64_t(256));
    QCOMPARE(trace.arg(kernel, "K")->i, std::int64_t(64));
    QCOMPARE(trace.strings.view(trace.arg(kernel, "block")->s), std::string_view("[16,16,1]"));
    // Submit (6000) aligned with the host call start; the kernel starts 3000 ns later.
    const TimeNs hostStart = *opencl::parseIsoTime("2020-01-01T00:00:00.000100");
    QCOMPARE(trace.event(kernel).start, hostStart + 3000);
    QCOMPARE(trace.event(kernel).duration, TimeNs(10000));
    QCOMPARE(trace.arg(kernel, "queuedToSubmit")->i, std::int64_t(1000));
    QCOMPARE(trace.arg(kernel, "queued")->i, hostStart - 1000);
    std::remove(path.c_str());
}

void TestImportOpencl::badInput()
{
    // Missing fields: counted, the rest loads.
    const std::string partial = writeTemp("partial.json", R"([
 {"call": "clFinish", "timestamp": {"start": "2020-01-01T00:00:00.000000", "end": "2020-01-01T00:00:00.000010"}},
 {"call": "clFlush"},
 42,
 {"call": "clEnqueueNDRangeKernel", "name": "k", "queue": "0x1", "kernel": "0x2",
  "timestamp": {"start": "2020-01-01T00:00:01.000000", "end": "2020-01-01T00:00:01.000010"}},
 {"call": "clEnqueueNDRangeKernel", "name": "k", "queue": "0x1", "kernel": "0x2",
  "profiling": {"queued": 10, "submit": 5, "start": 20, "end": 30},
  "timestamp": {"start": "2020-01-01T00:00:02.000000", "end": "2020-01-01T00:00:02.000010"}}
])");
    const ImportResult loaded = loadTrace(partial);
    QVERIFY2(loaded.ok(), loaded.error.c_str());
    const Diagnostics &d = loaded.trace->diagnostics;
    QCOMPARE(d.count("dvdt-timestamp-invalid"), std::uint64_t(1));
    QCOMPARE(d.count("dvdt-record-invalid"), std::uint64_t(1));
    QCOMPARE(d.count("dvdt-enqueue-without-profiling"), std::uint64_t(1));
    QCOMPARE(d.count("dvdt-profiling-invalid"), std::uint64_t(1));
    QCOMPARE(loaded.trace->counts().apiCalls, std::uint64_t(3));
    QCOMPARE(loaded.trace->counts().kernels, std::uint64_t(0));

    // Cut short: a clear error naming the file and the byte.
    std::ifstream in(kOpenclTrace);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string cut = writeTemp("cut.json", text.substr(0, 100000));
    const ImportResult truncated = loadTrace(cut);
    QVERIFY(!truncated.ok());
    QVERIFY2(truncated.error.find(cut) != std::string::npos && truncated.error.find("byte") != std::string::npos,
             truncated.error.c_str());

    // JSON of another shape is not taken for a dv/dt trace.
    const std::string other = writeTemp("other.json", R"([{"call": "clFinish", "timestamp": 5}])");
    const ImportResult shape = loadTrace(other);
    QVERIFY(shape.ok());
    QCOMPARE(shape.trace->diagnostics.count("dvdt-timestamp-invalid"), std::uint64_t(1));
    const std::string object = writeTemp("object.json", R"({"call": "clFinish", "timestamp": {}})");
    QVERIFY(!loadTrace(object).ok());
    std::remove(partial.c_str());
    std::remove(cut.c_str());
    std::remove(other.c_str());
    std::remove(object.c_str());
}

TRACELANE_TEST_GUILESS_MAIN(TestImportOpencl)
#include "tst_import_opencl.moc"
