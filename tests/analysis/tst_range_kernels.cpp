// Range -> kernels: hand-built edge cases, and every projected range of both
// Nsight recordings against nsys nvtx_gpu_proj_trace and nvtx_kern_sum.
#include "hand_built_trace.h"
#include "report_csv.h"

#include "analysis/operators/iteration_table.h"
#include "analysis/ranges/range_kernels.h"
#include "analysis/ranges/range_kernels_table.h"
#include "cached_import.h"
#include "launch_count.h"

#include "test_registry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

#include <map>

using namespace tracelane;
using tracelane::test::HandBuiltTrace;

namespace {

const QString kNsysDir = QStringLiteral(TRACELANE_SHARED_TRACES "/nsys/");

} // namespace

class TestRangeKernels : public QObject
{
    Q_OBJECT

private slots:
    void launchedAndOverlapping()
    {
        HandBuiltTrace b;
        b.range(1, 100, 200, "step");
        b.launch(1, 110, 120, "k_inside", 300, 50);                          // launched inside
        b.launch(1, 190, 210, "k_call_crosses_end", 400, 10);                // call ends after the range
        b.launch(1, 90, 105, "k_call_starts_before", 150, 20);               // overlaps in time only
        b.launch(2, 150, 160, "k_other_thread", 360, 30, EventKind::Memcpy); // same process, other thread
        b.launch(1, 200, 200, "k_at_end", 500, 5, EventKind::Memset);        // call [200,200]: inside
        const auto trace = b.finish();
        const RangeKernelLookup lookup(*trace);
        const auto step = findRangesNamed(*trace, "step");
        QCOMPARE(step.size(), std::size_t(1));
        QCOMPARE(findRangesNamed(*trace, ":step"), step); // the nsys "domain:text" form

        const RangeKernels k = lookup.find(step[0]);
        QStringList names;
        for (const LaunchedGpuOp &op : k.launched)
            names << QString::fromStdString(std::string(trace->name(op.op)));
        QCOMPARE(names, (QStringList{QStringLiteral("k_inside"), QStringLiteral("k_at_end")}));
        QCOMPARE(k.cpuDuration(), TimeNs(100));
        QCOMPARE(k.totals.ops, 2);
        QCOMPARE(k.totals.launchingCalls, 2);
        QCOMPARE(k.totals.projectedStart, TimeNs(300));
        QCOMPARE(k.totals.projectedDuration(), TimeNs(205));
        QCOMPARE(k.totals.summedTime, TimeNs(55));
        QCOMPARE(k.totals.busyTime, TimeNs(55));
        // Overlapping [100, 200): only the operation running at 150..170.
        QCOMPARE(k.overlapping.size(), std::size_t(1));
        QCOMPARE(trace->name(k.overlapping[0]), std::string_view("k_call_starts_before"));

        const RangeKernels process = lookup.find(step[0], LaunchScope::Process);
        QCOMPARE(process.totals.ops, 3);
        QCOMPARE(process.totals.busyTime, TimeNs(85));
        QCOMPARE(process.totals.projectedStart, TimeNs(300));
    }

    // A step or phase holds the work its process launched during it, whichever
    // thread launched it (the autograd thread launches the backward kernels):
    // checked against a count over every launch flow of the trace.
    void processScopeCountsEveryThreadsLaunches_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("range");
        QTest::addColumn<qint64>("processOps");
        QTest::addColumn<qint64>("threadOps");
        QTest::newRow("resnet50 step 5") << QStringLiteral("kineto/resnet50_train.json.gz")
                                         << QStringLiteral("ProfilerStep#5") << qint64(744) << qint64(312);
        QTest::newRow("nvtx_cnn backward")
            << QStringLiteral("nsys/nvtx_cnn.sqlite") << QStringLiteral("BWD pass") << qint64(-1) << qint64(1);
    }

    void processScopeCountsEveryThreadsLaunches()
    {
        QFETCH(QString, file);
        QFETCH(QString, range);
        QFETCH(qint64, processOps);
        QFETCH(qint64, threadOps);
        const auto trace = test::cachedTrace(QStringLiteral(TRACELANE_SHARED_TRACES "/") + file);
        QVERIFY(trace);
        const auto instances = findRangesNamed(*trace, range.toStdString());
        QVERIFY(!instances.empty());
        const EventRef step = instances.front();
        const test::LaunchCount count = test::launchesInside(*trace, step);
        const auto byProcess = qint64(count.byProcess), byThread = qint64(count.byThread);
        const RangeKernelLookup lookup(*trace);
        QCOMPARE(qint64(lookup.find(step, LaunchScope::Process).launched.size()), byProcess);
        QCOMPARE(qint64(lookup.find(step, LaunchScope::Thread).launched.size()), byThread);
        QCOMPARE(byThread, threadOps);
        if (processOps >= 0)
            QCOMPARE(byProcess, processOps);
        QVERIFY2(byProcess > byThread * 2, qPrintable(QStringLiteral("%1 vs %2").arg(byProcess).arg(byThread)));
    }

    // The Iterations panel and the range panel agree under one choice: every
    // phase of every nvtx_cnn iteration, with the process's threads and with the
    // range's own thread.
    void phasesAgreeWithTheRangePanel()
    {
        const auto trace = test::cachedTrace(QStringLiteral(TRACELANE_SHARED_TRACES "/nsys/nvtx_cnn.sqlite"));
        QVERIFY(trace);
        const RangeKernelLookup lookup(*trace);
        for (const LaunchScope scope : {LaunchScope::Process, LaunchScope::Thread}) {
            IterationOptions options;
            options.scope = scope;
            const IterationTable table = detectIterations(*trace, options);
            QCOMPARE(table.iterations.size(), std::size_t(12));
            std::size_t phases = 0;
            for (const Iteration &it : table.iterations) {
                for (const IterationPhase &phase : it.phases) {
                    const RangeKernels panel = lookup.find(phase.ref, scope);
                    QCOMPARE(panel.totals.ops, phase.gpu.ops);
                    QCOMPARE(panel.totals.busyTime, phase.gpu.busyTime);
                    QCOMPARE(panel.totals.summedTime, phase.gpu.summedTime);
                    ++phases;
                }
            }
            QCOMPARE(phases, std::size_t(48));
        }
    }

    void busyTimeCountsOverlapOnce()
    {
        HandBuiltTrace b;
        b.range(1, 0, 1000, "r");
        b.launch(1, 10, 20, "a", 100, 100);
        b.launch(1, 30, 40, "b", 150, 100); // overlaps a by 50 (impossible on one stream, fine for the union)
        b.launch(1, 50, 60, "c", 400, 10);
        const auto trace = b.finish();
        const RangeKernels k = RangeKernelLookup(*trace).find(findRangesNamed(*trace, "r")[0]);
        QCOMPARE(k.totals.summedTime, TimeNs(210));
        QCOMPARE(k.totals.busyTime, TimeNs(160));
        QCOMPARE(k.totals.projectedDuration(), TimeNs(310));
    }

    void emptyRange()
    {
        HandBuiltTrace b;
        b.range(1, 0, 10, "idle");
        b.launch(1, 20, 30, "later", 40, 10);
        const auto trace = b.finish();
        const RangeKernels k = RangeKernelLookup(*trace).find(findRangesNamed(*trace, "idle")[0]);
        QVERIFY(k.launched.empty());
        QCOMPARE(k.totals.ops, 0);
        QCOMPARE(k.totals.busyTime, TimeNs(0));
        QVERIFY(findRangesNamed(*trace, "missing").empty());
    }

    // Every row of nvtx_gpu_proj_trace: the range with that name and original
    // start projects to the same start, duration and number of launching calls.
    void matchesNsysProjection_data()
    {
        QTest::addColumn<QString>("recording");
        QTest::addColumn<QString>("suffix");
        for (const char *recording : {"nvtx_cnn", "emit_nvtx_mlp"})
            for (const char *suffix : {".sqlite", "_nsys.json"})
                QTest::addRow("%s%s", recording, suffix)
                    << QString::fromLatin1(recording) << QString::fromLatin1(suffix);
    }
    void matchesNsysProjection()
    {
        QFETCH(QString, recording);
        QFETCH(QString, suffix);
        const auto trace = test::cachedTrace(kNsysDir + recording + suffix);
        QVERIFY(trace);
        const auto expected = test::readExpectedCsv(kNsysDir + QStringLiteral("expected/") + recording
                                                    + QStringLiteral("_nvtx_gpu_proj_trace.csv"));
        QVERIFY(expected.size() > 10);
        const RangeKernelLookup lookup(*trace);
        for (const test::CsvRow &row : expected) {
            const std::string name = row[QStringLiteral("Name")].toStdString();
            const TimeNs origStart = row[QStringLiteral("Orig Start (ns)")].toLongLong();
            const auto candidates = findRangesNamed(*trace, name);
            const auto it = std::find_if(candidates.begin(), candidates.end(), [&](EventRef r) {
                return trace->event(r).start == origStart
                    && trace->threads[trace->tracks[r.track].thread].tid == row[QStringLiteral("TID")].toLongLong();
            });
            QVERIFY2(it != candidates.end(), name.c_str());
            const RangeKernels k = lookup.find(*it);
            const QString where = QString::fromStdString(name) + QStringLiteral(" at ") + QString::number(origStart);
            QVERIFY2(k.totals.projectedStart == row[QStringLiteral("Projected Start (ns)")].toLongLong(),
                     qPrintable(where));
            QVERIFY2(k.totals.projectedDuration() == row[QStringLiteral("Projected Duration (ns)")].toLongLong(),
                     qPrintable(where));
            QVERIFY2(k.totals.launchingCalls == row[QStringLiteral("NumGPUOps")].toLongLong(), qPrintable(where));
            QVERIFY2(k.cpuDuration() == row[QStringLiteral("Orig Duration (ns)")].toLongLong(), qPrintable(where));
        }
    }

    // nvtx_kern_sum per (range name, thread, kernel): summed over the range's
    // instances, the kernels each instance launched give nsys's totals.
    void matchesNsysKernelSum()
    {
        for (const char *recording : {"nvtx_cnn", "emit_nvtx_mlp"}) {
            const auto trace = test::cachedTrace(kNsysDir + QLatin1String(recording) + QStringLiteral(".sqlite"));
            QVERIFY(trace);
            const RangeKernelLookup lookup(*trace);
            const auto expected = test::readExpectedCsv(kNsysDir + QStringLiteral("expected/")
                                                        + QLatin1String(recording)
                                                        + QStringLiteral("_nvtx_kern_sum.csv"));
            int checked = 0;
            for (const test::CsvRow &row : expected) {
                const QString range = row[QStringLiteral("NVTX Range")];
                if (range.isEmpty())
                    continue; // kernels outside any range
                const std::string kernel = row[QStringLiteral("Kernel Name")].toStdString();
                TimeNs total = 0, minimum = -1, maximum = 0;
                std::int64_t instances = 0, rangesWithIt = 0;
                for (const EventRef r : findRangesNamed(*trace, range.toStdString())) {
                    if (trace->threads[trace->tracks[r.track].thread].tid != row[QStringLiteral("TID")].toLongLong())
                        continue;
                    bool any = false;
                    for (const LaunchedGpuOp &op : lookup.find(r).launched) {
                        const Event &e = trace->event(op.op);
                        if (e.kind != EventKind::Kernel || trace->name(op.op) != kernel)
                            continue;
                        total += e.duration;
                        minimum = minimum < 0 ? e.duration : std::min(minimum, e.duration);
                        maximum = std::max(maximum, e.duration);
                        ++instances;
                        any = true;
                    }
                    rangesWithIt += any;
                }
                const QString where = range + QStringLiteral(" / ") + QString::fromStdString(kernel).left(60);
                QVERIFY2(total == row[QStringLiteral("Total Time (ns)")].toLongLong(), qPrintable(where));
                QVERIFY2(instances == row[QStringLiteral("Kern Inst")].toLongLong(), qPrintable(where));
                QVERIFY2(rangesWithIt == row[QStringLiteral("NVTX Inst")].toLongLong(), qPrintable(where));
                QVERIFY2(minimum == row[QStringLiteral("Min (ns)")].toLongLong(), qPrintable(where));
                QVERIFY2(maximum == row[QStringLiteral("Max (ns)")].toLongLong(), qPrintable(where));
                ++checked;
            }
            QVERIFY(checked > 20);
        }
    }

    void cliPrintsOpsAndTotals()
    {
        const QString trace = kNsysDir + QStringLiteral("nvtx_cnn.sqlite");
        QProcess csv;
        csv.start(QStringLiteral(TRACELANE_CLI),
                  {QStringLiteral("range"), trace, QStringLiteral("--name"), QStringLiteral(":Iteration 2"),
                   QStringLiteral("--format"), QStringLiteral("csv")});
        QVERIFY(csv.waitForFinished(60000));
        QCOMPARE(csv.exitCode(), 0);
        const QStringList lines = QString::fromUtf8(csv.readAllStandardOutput()).trimmed().split(QLatin1Char('\n'));
        QVERIFY(lines.first().startsWith(QLatin1String("Name,Kind,Stream,Device,Start (ns),Duration (ns),Grid,Block")));
        QCOMPARE(lines.size() - 1, 24); // nsys: 24 launching calls, one operation each

        QProcess json;
        json.start(QStringLiteral(TRACELANE_CLI),
                   {QStringLiteral("range"), trace, QStringLiteral("--name"), QStringLiteral("FWD pass"),
                    QStringLiteral("--instance"), QStringLiteral("2"), QStringLiteral("--format"),
                    QStringLiteral("json")});
        QVERIFY(json.waitForFinished(60000));
        QCOMPARE(json.exitCode(), 0);
        const QJsonObject o = QJsonDocument::fromJson(json.readAllStandardOutput()).object();
        // nvtx_gpu_proj_trace row of the second "FWD pass" (RangeId 12).
        QCOMPARE(o[QStringLiteral("gpu_projected_start_ns")].toInteger(), 9525573862LL);
        QCOMPARE(o[QStringLiteral("gpu_projected_duration_ns")].toInteger(), 1132518LL);
        QCOMPARE(o[QStringLiteral("launching_calls")].toInteger(), 20LL);
        QCOMPARE(o[QStringLiteral("cpu_duration_ns")].toInteger(), 1376786LL);
        QCOMPARE(o[QStringLiteral("ops")].toArray().size(), o[QStringLiteral("gpu_ops")].toInteger());

        QProcess missing;
        missing.start(QStringLiteral(TRACELANE_CLI),
                      {QStringLiteral("range"), trace, QStringLiteral("--name"), QStringLiteral("FWD pass"),
                       QStringLiteral("--instance"), QStringLiteral("99")});
        QVERIFY(missing.waitForFinished(60000));
        QCOMPARE(missing.exitCode(), 2);
        QVERIFY(QString::fromUtf8(missing.readAllStandardError()).contains(QLatin1String("occurs 12 times")));
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestRangeKernels)
#include "tst_range_kernels.moc"
