// Tiny files that used to cost a lot: JSON nested 100 000 levels deep inside an
// event's argument (kept as text, then serialised or parsed recursively: a
// stack overflow), a JSON line of millions of nested arrays parsed into a DOM,
// and string ids in the millions that sized a table to match. Each must load
// (or be refused with a clear message) in memory proportional to the file.
#include "direct_sql.h"

#include "import/importer.h"

#include "test_files.h"
#include "test_registry.h"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <string>

using namespace tracelane;
using tracelane::test::writeFile;

namespace {

std::string nestedArrays(std::size_t depth)
{
    return std::string(depth, '[') + std::string(depth, ']');
}

// Peak resident memory of this process since the last reset, in MiB. Writing
// "5" to clear_refs resets the peak (Linux 4.0+), so each check sees only its own load.
double peakMiBSinceReset()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmHWM:", 0) == 0)
            return std::stod(line.substr(6)) / 1024.0;
    return 0.0;
}
double residentMiB()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmRSS:", 0) == 0)
            return std::stod(line.substr(6)) / 1024.0;
    return 0.0;
}
void resetPeak()
{
    std::ofstream("/proc/self/clear_refs") << "5";
}

// Loads `path` and returns how far the peak resident size rose above what was resident before.
double peakGrowthMiB(const std::string &path, ImportResult &result)
{
    resetPeak();
    const double before = residentMiB();
    result = loadTrace(path);
    return peakMiBSinceReset() - before;
}

constexpr std::size_t kDeep = 100'000;

} // namespace

class TestSmallFileBigCost : public QObject
{
    Q_OBJECT

private slots:
    // 100 000 nested arrays (and objects) in one argument of a Chrome event: the
    // event loads, the argument keeps 64 levels and "..." for the rest, and the
    // cut is counted. Nesting elsewhere in the event is skipped without a limit.
    void chromeDeepArgument()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("deep_arg.json")).toStdString();
        std::string deepObject;
        for (std::size_t i = 0; i < kDeep; ++i)
            deepObject += "{\"a\":";
        deepObject += "1" + std::string(kDeep, '}');
        writeFile(path,
                  "{\"traceEvents\":[{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"deep\",\"pid\":1,\"tid\":1,"
                  "\"ts\":1,\"dur\":2,\"ignored\":"
                      + nestedArrays(kDeep) + ",\"args\":{\"nested\":" + nestedArrays(kDeep)
                      + ",\"object\":" + deepObject
                      + ",\"after\":7}},"
                        "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"next\",\"pid\":1,\"tid\":1,\"ts\":5,\"dur\":1}]}");
        const ImportResult loaded = loadTrace(path);
        QVERIFY2(loaded.ok(), loaded.error.c_str());
        const Trace &trace = *loaded.trace;
        QCOMPARE(trace.eventCount(), std::uint64_t(2));
        QCOMPARE(trace.diagnostics.count("arg-too-deep"), std::uint64_t(2));
        EventRef ref;
        for (std::uint32_t t = 0; t < trace.tracks.size(); ++t)
            for (std::uint32_t i = 0; i < trace.tracks[t].events.size(); ++i)
                if (trace.name({t, i}) == "deep")
                    ref = {t, i};
        QVERIFY(ref.isValid());
        const auto nested = trace.arg(ref, "nested");
        QVERIFY(nested && nested->type == ArgType::Json);
        const std::string text = nested->toText(trace.strings);
        QCOMPARE(text, std::string(64, '[') + "\"...\"" + std::string(64, ']'));
        const auto object = trace.arg(ref, "object");
        QVERIFY(object && object->type == ArgType::Json);
        std::string expected;
        for (int i = 0; i < 64; ++i)
            expected += "{\"a\":";
        expected += "\"...\"" + std::string(64, '}');
        QCOMPARE(object->toText(trace.strings), expected);
        QCOMPARE(trace.arg(ref, "after")->asInt().value_or(0), std::int64_t(7));
    }

    // A DOM importer refuses deep JSON before it builds the DOM.
    void openclDeepJson()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("deep_dvdt.json")).toStdString();
        const std::string head = R"([{"call":"clSetKernelArg","timestamp":{"start":"2018-01-01T00:00:00","end":)"
                                 R"("2018-01-01T00:00:01"},"arg_value":)";
        writeFile(path, head + nestedArrays(kDeep) + "}]");
        ImportResult loaded;
        const double growth = peakGrowthMiB(path, loaded);
        QVERIFY(!loaded.ok());
        // The 65th level: 2 brackets of the record, 62 of the value, then this one.
        const std::string where = "deeper than 64 levels at byte " + std::to_string(head.size() + 62);
        QVERIFY2(loaded.error.find(where) != std::string::npos, loaded.error.c_str());
        QVERIFY2(loaded.error.find(path) != std::string::npos, loaded.error.c_str());
        QVERIFY2(growth < 32, qPrintable(QString::number(growth)));
    }

    // One line of two million nested arrays in an nsys JSON export (4 MB):
    // skipped, counted, no DOM built (it took ~300 MB); the rest of the file loads.
    void nsysJsonDeepLine()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("deep_nsys.json")).toStdString();
        writeFile(path,
                  R"({"data":["cudaLaunchKernel","gemm"]})"
                  "\n"
                  R"({"Type":79,"CudaEvent":{"startNs":"3000","endNs":"4000","correlationId":7,"deviceId":0,)"
                  R"("streamId":"7","kernel":{"demangledName":"1","shortName":"1"}}})"
                  "\n"
                  "{\"Type\":1,\"Deep\":"
                      + nestedArrays(2'000'000) + "}\n");
        ImportResult loaded;
        const double growth = peakGrowthMiB(path, loaded);
        QVERIFY2(loaded.ok(), loaded.error.c_str());
        QCOMPARE(loaded.trace->counts().kernels, std::uint64_t(1));
        QCOMPARE(loaded.trace->diagnostics.count("nsys-json-too-deep"), std::uint64_t(1));
        QVERIFY2(growth < 64, qPrintable(QString::number(growth)));
    }

    // A 100-byte string record with id 60 000 000 made the importer allocate
    // tables of 60 M entries (~2 GB). The name still resolves.
    void nsysJsonHugeStringId()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("huge_id_nsys.json")).toStdString();
        writeFile(path,
                  R"({"type":"String","id":60000000,"value":"gemm"})"
                  "\n"
                  R"({"type":"String","id":5,"value":"cudaLaunchKernel"})"
                  "\n"
                  R"({"Type":48,"TraceProcessEvent":{"startNs":"1000","endNs":"2000","correlationId":7,)"
                  R"("eventClass":0,"name":"5","globalTid":"281492945110063"}})"
                  "\n"
                  R"({"Type":79,"CudaEvent":{"startNs":"3000","endNs":"4000","correlationId":7,"deviceId":0,)"
                  R"("streamId":"7","kernel":{"demangledName":"60000000","shortName":"60000000"}}})"
                  "\n");
        ImportResult loaded;
        const double growth = peakGrowthMiB(path, loaded);
        QVERIFY2(loaded.ok(), loaded.error.c_str());
        QVERIFY2(growth < 32, qPrintable(QString::number(growth)));
        const Trace &trace = *loaded.trace;
        QCOMPARE(trace.flows.size(), std::size_t(1));
        QCOMPARE(trace.name(trace.flows[0].to), std::string_view("gemm"));
        QCOMPARE(trace.name(trace.flows[0].from), std::string_view("cudaLaunchKernel"));
    }

    // The same in an nsys SQLite export, with ids set out of order around the huge one.
    void nsysSqliteHugeStringIds()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("huge_id.sqlite")).toStdString();
        QCOMPARE(
            test::execSql(path,
                          "CREATE TABLE StringIds(id INTEGER PRIMARY KEY, value TEXT);"
                          "INSERT INTO StringIds VALUES (3, 'early'), (9000000000, 'gemm'), (70000000, 'far'),"
                          "  (2, 'cudaLaunchKernel');"
                          "CREATE TABLE CUPTI_ACTIVITY_KIND_KERNEL(start INTEGER, end INTEGER, deviceId INTEGER,"
                          "  streamId INTEGER, correlationId INTEGER, demangledName INTEGER, shortName INTEGER);"
                          "INSERT INTO CUPTI_ACTIVITY_KIND_KERNEL VALUES (100, 150, 0, 7, 5, 9000000000, 70000000);"
                          "CREATE TABLE CUPTI_ACTIVITY_KIND_RUNTIME(start INTEGER, end INTEGER, globalTid INTEGER,"
                          "  correlationId INTEGER, nameId INTEGER);"
                          "INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME VALUES (90, 99, 281492945110063, 5, 2);"),
            std::string());
        ImportResult loaded;
        const double growth = peakGrowthMiB(path, loaded);
        QVERIFY2(loaded.ok(), loaded.error.c_str());
        QVERIFY2(growth < 32, qPrintable(QString::number(growth)));
        const Trace &trace = *loaded.trace;
        QCOMPARE(trace.flows.size(), std::size_t(1));
        QCOMPARE(trace.name(trace.flows[0].to), std::string_view("gemm"));
        const auto shortName = trace.arg(trace.flows[0].to, "shortName");
        QVERIFY(shortName);
        QCOMPARE(trace.strings.view(shortName->s), std::string_view("far"));
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestSmallFileBigCost)
#include "tst_small_file_big_cost.moc"
