// The --hta reports on small hand-written Kineto traces, for what the shared
// traces do not exercise: HTA's last-step drop repeating a GPU row once per CPU
// event sharing its correlation id, a sync event of correlation -1 joined with
// every uncorrelated CPU event, and a join too large to build. Every expected
// figure is worked out by hand beside it, following HTA 0.6's pandas code.
#include "analysis/hta/hta_events.h"
#include "analysis/hta/hta_reports.h"
#include "import/importer.h"

#include "test_registry.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <stdexcept>

using namespace tracelane;

namespace {

std::shared_ptr<const Trace> loadJson(const QTemporaryDir &dir, const std::string &name, const std::string &json)
{
    const std::string path = dir.filePath(QString::fromStdString(name)).toStdString();
    std::ofstream(path) << json;
    ImportResult loaded = loadTrace(path);
    if (!loaded.ok())
        qFatal("%s", loaded.error.c_str());
    return loaded.trace;
}

std::string cell(const Table &table, std::size_t row, std::size_t column)
{
    return table.rows.at(row).at(column).toString();
}

// Two steps (the second is dropped), three uncorrelated CPU ops before it, two
// launch calls sharing correlation 5 and one with 6, a device sync of correlation -1.
const char *kSharedCorrelations = R"({"traceEvents":[
 {"ph":"X","cat":"user_annotation","name":"ProfilerStep#1","pid":1,"tid":1,"ts":0,"dur":100},
 {"ph":"X","cat":"user_annotation","name":"ProfilerStep#2","pid":1,"tid":1,"ts":100,"dur":100},
 {"ph":"X","cat":"cpu_op","name":"aten::mm","pid":1,"tid":1,"ts":1,"dur":50},
 {"ph":"X","cat":"cpu_op","name":"aten::add","pid":1,"tid":1,"ts":60,"dur":10},
 {"ph":"X","cat":"cpu_op","name":"aten::relu","pid":1,"tid":1,"ts":150,"dur":10},
 {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":2,"dur":4,"args":{"correlation":5}},
 {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":7,"dur":2,"args":{"correlation":5}},
 {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":10,"dur":2,"args":{"correlation":6}},
 {"ph":"X","cat":"kernel","name":"k1","pid":0,"tid":7,"ts":20,"dur":10,"args":{"device":0,"stream":7,"correlation":5}},
 {"ph":"X","cat":"kernel","name":"k2","pid":0,"tid":7,"ts":80,"dur":10,"args":{"device":0,"stream":7,"correlation":6}},
 {"ph":"X","cat":"cuda_sync","name":"Event Sync","pid":0,"tid":7,"ts":55,"dur":5,"args":{"device":0,"stream":7,"correlation":-1}}
]})";

} // namespace

class TestHtaEdgeCases : public QObject
{
    Q_OBJECT

private slots:
    void repeatsAreCountedNotCopied()
    {
        QTemporaryDir dir;
        const auto trace = loadJson(dir, "shared.json", kSharedCorrelations);
        const HtaTrace hta = htaTrace(*trace);
        QVERIFY(hta.lastStepDropped);
        // Kept CPU events before ProfilerStep#2 (ts 100): step 1, mm, add (correlation -1)
        // and the three launch calls; relu and step 2 are dropped.
        int k1Copies = 0, k2Copies = 0, syncCopies = 0;
        for (const HtaEvent &e : hta.events) {
            const std::string_view name = trace->name(e.ref);
            if (name == "k1")
                k1Copies += static_cast<int>(e.copies);
            if (name == "k2")
                k2Copies += static_cast<int>(e.copies);
            if (name == "Event Sync")
                syncCopies += static_cast<int>(e.copies);
            QVERIFY(name != "aten::relu");
        }
        QCOMPARE(k1Copies, 2);   // two calls share correlation 5
        QCOMPARE(k2Copies, 1);
        QCOMPARE(syncCopies, 3); // step 1, mm, add: every kept CPU event of correlation -1
    }

    void idleCountsTheRepeatedRows()
    {
        QTemporaryDir dir;
        const auto trace = loadJson(dir, "shared.json", kSharedCorrelations);
        const Table idle = htaIdleTimeBreakdown(htaTrace(*trace));
        // Stream 7's kernels (the sync is not a kernel): k1 [20,30) twice, k2 [80,90).
        // k1's repeat starts 10 µs before the first copy ends: kernel_wait -10 (HTA keeps
        // negative gaps); k2 starts 50 µs after k1 ends, its call (10) before 30: other 50.
        QCOMPARE(idle.rows.size(), std::size_t(2));
        QCOMPARE(cell(idle, 0, 2), std::string("kernel_wait"));
        QCOMPARE(cell(idle, 0, 3), std::string("-10.00"));
        QCOMPARE(cell(idle, 0, 4), std::string("-0.25")); // of -10 + 50
        QCOMPARE(cell(idle, 1, 2), std::string("other"));
        QCOMPARE(cell(idle, 1, 3), std::string("50.00"));
        QCOMPARE(cell(idle, 1, 4), std::string("1.25"));
    }

    void temporalBreakdownMergesTheRepeats()
    {
        QTemporaryDir dir;
        const auto trace = loadJson(dir, "shared.json", kSharedCorrelations);
        const Table t = htaTemporalBreakdown(htaTrace(*trace));
        // GPU rows [20,30) [55,60) [80,90): kernel time 70, busy 25, idle 45, compute
        // k1 + k2 = 20 ("Event Sync" is neither), non-compute 70 - 20 - 45 = 5.
        QCOMPARE(t.rows.size(), std::size_t(1));
        QCOMPARE(cell(t, 0, 1), std::string("45"));
        QCOMPARE(cell(t, 0, 2), std::string("20"));
        QCOMPARE(cell(t, 0, 3), std::string("5"));
        QCOMPARE(cell(t, 0, 4), std::string("70"));
    }

    void launchesJoinEveryCallWithEveryRepeat()
    {
        QTemporaryDir dir;
        const auto trace = loadJson(dir, "shared.json", kSharedCorrelations);
        const Table launches = htaCudaKernelLaunchStats(*trace, htaTrace(*trace));
        // Calls at 2 and 7 (correlation 5) each meet k1's two rows; the call at 10 meets k2.
        QCOMPARE(launches.rows.size(), std::size_t(5));
        QCOMPARE(cell(launches, 0, 0), std::string("5"));
        QCOMPARE(cell(launches, 0, 1), std::string("4"));  // call [2,6)
        QCOMPARE(cell(launches, 0, 3), std::string("14")); // 20 - 6
        QCOMPARE(cell(launches, 2, 1), std::string("2"));  // call [7,9)
        QCOMPARE(cell(launches, 2, 3), std::string("11"));
        QCOMPARE(cell(launches, 4, 0), std::string("6"));
        QCOMPARE(cell(launches, 4, 3), std::string("68")); // 80 - 12
    }

    void aJoinLargerThanTheTraceIsRefused()
    {
        // 40 launch calls share correlation 9 with one kernel: 40 repeats x 40 calls = 1600 rows,
        // more than four per event (about 45 events, + 1024).
        std::string json = R"({"traceEvents":[
 {"ph":"X","cat":"user_annotation","name":"ProfilerStep#1","pid":1,"tid":1,"ts":0,"dur":1000},
 {"ph":"X","cat":"user_annotation","name":"ProfilerStep#2","pid":1,"tid":1,"ts":1000,"dur":10},
 {"ph":"X","cat":"kernel","name":"k","pid":0,"tid":7,"ts":900,"dur":10,"args":{"device":0,"stream":7,"correlation":9}})";
        for (int call = 0; call < 40; ++call)
            json += R"(,{"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":)"
                    + std::to_string(10 * call) + R"(,"dur":5,"args":{"correlation":9}})";
        json += "]}";
        QTemporaryDir dir;
        const auto trace = loadJson(dir, "many.json", json);
        const HtaTrace hta = htaTrace(*trace);
        QCOMPARE(hta.events.size(), std::size_t(42)); // step 1, 40 calls, one kernel row counted 40 times
        QVERIFY_THROWS_EXCEPTION(std::length_error, htaLaunchPairs(*trace, hta));
        // The other reports do not repeat rows: they answer.
        QCOMPARE(htaTemporalBreakdown(hta).rows.size(), std::size_t(1));
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestHtaEdgeCases)
#include "tst_hta_edge_cases.moc"
