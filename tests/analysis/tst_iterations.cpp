// Iteration detection on every shared trace, phases, the nsys projection of
// ":Iteration N", and the iterations command.
#include "hand_built_trace.h"
#include "report_csv.h"

#include "analysis/operators/iteration_table.h"
#include "cached_import.h"

#include "shared_traces.h"
#include "test_registry.h"

#include <QProcess>
#include <QtTest>

#include <map>
#include <regex>

using namespace tracelane;
using tracelane::test::HandBuiltTrace;
using tracelane::test::sharedTraces;

namespace {

QStringList phaseNames(const IterationTable &table)
{
    QStringList names;
    for (const std::string &n : table.phaseNames)
        names << QString::fromStdString(n);
    return names;
}

} // namespace

class TestIterations : public QObject
{
    Q_OBJECT

private slots:
    void detectsOnEverySharedTrace_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("iterations");
        QTest::addColumn<int>("profilerSteps");
        QTest::addColumn<bool>("namedPhases"); // emit_nvtx_mlp's phases are the autograd ops themselves
        QTest::addRow("compiled_mlp") << QStringLiteral("kineto/compiled_mlp_train.json.gz") << 5 << 5 << true;
        QTest::addRow("dlrm") << QStringLiteral("kineto/dlrm_train.json.gz") << 5 << 5 << true;
        QTest::addRow("resnet50") << QStringLiteral("kineto/resnet50_train.json.gz") << 5 << 5 << true;
        QTest::addRow("transformer") << QStringLiteral("kineto/transformer_train_2streams.json.gz") << 4 << 4 << true;
        QTest::addRow("nvtx_cnn sqlite") << QStringLiteral("nsys/nvtx_cnn.sqlite") << 12 << 0 << true;
        QTest::addRow("nvtx_cnn json") << QStringLiteral("nsys/nvtx_cnn_nsys.json") << 12 << 0 << true;
        QTest::addRow("emit_nvtx_mlp sqlite") << QStringLiteral("nsys/emit_nvtx_mlp.sqlite") << 3 << 0 << false;
        QTest::addRow("emit_nvtx_mlp json") << QStringLiteral("nsys/emit_nvtx_mlp_nsys.json") << 3 << 0 << false;
    }
    void detectsOnEverySharedTrace()
    {
        QFETCH(QString, file);
        QFETCH(int, iterations);
        QFETCH(int, profilerSteps);
        QFETCH(bool, namedPhases);
        const auto trace = test::cachedTrace(sharedTraces() + file);
        QVERIFY(trace);
        const IterationTable table = detectIterations(*trace);
        QCOMPARE(table.pattern, defaultIterationPatterns().front()); // "Iteration N" wins when present
        QCOMPARE(static_cast<int>(table.iterations.size()), iterations);
        for (std::size_t i = 0; i < table.iterations.size(); ++i) {
            const Iteration &it = table.iterations[i];
            QCOMPARE(it.name, "Iteration " + std::to_string(it.number));
            if (i > 0) {
                QCOMPARE(it.number, table.iterations[i - 1].number + 1);
                QVERIFY(it.start >= table.iterations[i - 1].end);
            }
            QVERIFY(it.cpuTime() > 0);
            QVERIFY(it.gpu.ops > 0);
            QVERIFY(it.gpu.busyTime > 0);
            QVERIFY(it.gpu.busyTime <= it.gpu.projectedDuration());
            QVERIFY(it.gpu.busyTime <= it.gpu.summedTime);
            QVERIFY(!it.phases.empty());
            for (const IterationPhase &p : it.phases) {
                QVERIFY(p.start >= it.start && p.end <= it.end);
                QVERIFY(p.gpu.ops <= it.gpu.ops);
            }
        }
        const QStringList phases = phaseNames(table);
        for (const char *phase : {"FWD pass", "BWD pass", "Optimizer step"})
            if (namedPhases)
                QVERIFY2(phases.contains(QLatin1String(phase)), qPrintable(phases.join(QLatin1Char('|'))));

        IterationOptions steps;
        steps.pattern = R"(ProfilerStep#(\d+))";
        const IterationTable stepTable = detectIterations(*trace, steps);
        QCOMPARE(static_cast<int>(stepTable.iterations.size()), profilerSteps);
        for (std::size_t i = 0; i < stepTable.iterations.size(); ++i) {
            // Each profiler step encloses the training loop's iteration of the same number.
            const Iteration &step = stepTable.iterations[i];
            const Iteration &it = table.iterations[i];
            QCOMPARE(step.number, it.number);
            QVERIFY(step.start <= it.start && it.end <= step.end);
            QVERIFY(phaseNames(stepTable).contains(QStringLiteral("Iteration %1").arg(it.number)));
        }
    }

    // ":Iteration N" rows of nvtx_gpu_proj_trace: with the nsys (same-thread) rule
    // the projection is identical; with the whole process, autograd's backward
    // kernels join in.
    void matchesNsysProjection_data()
    {
        QTest::addColumn<QString>("recording");
        QTest::addColumn<QString>("file");
        for (const char *recording : {"nvtx_cnn", "emit_nvtx_mlp"})
            for (const char *suffix : {".sqlite", "_nsys.json"})
                QTest::addRow("%s%s", recording, suffix)
                    << QString::fromLatin1(recording) << QLatin1String(recording) + QLatin1String(suffix);
    }
    void matchesNsysProjection()
    {
        QFETCH(QString, recording);
        QFETCH(QString, file);
        const auto trace = test::cachedTrace(sharedTraces() + QStringLiteral("nsys/") + file);
        QVERIFY(trace);
        IterationOptions nsys;
        nsys.scope = LaunchScope::Thread;
        const IterationTable table = detectIterations(*trace, nsys);
        const auto expected = test::readExpectedCsv(sharedTraces() + QStringLiteral("nsys/expected/") + recording
                                                    + QStringLiteral("_nvtx_gpu_proj_trace.csv"));
        int compared = 0;
        for (const test::CsvRow &row : expected) {
            const QString name = row[QStringLiteral("Name")];
            if (!name.startsWith(QLatin1String(":Iteration ")))
                continue;
            const std::int64_t number = name.mid(11).toLongLong();
            const auto it = std::find_if(table.iterations.begin(), table.iterations.end(),
                                         [&](const Iteration &i) { return i.number == number; });
            QVERIFY(it != table.iterations.end());
            QCOMPARE(it->start, row[QStringLiteral("Orig Start (ns)")].toLongLong());
            QCOMPARE(it->cpuTime(), row[QStringLiteral("Orig Duration (ns)")].toLongLong());
            QCOMPARE(it->gpu.projectedStart, row[QStringLiteral("Projected Start (ns)")].toLongLong());
            QCOMPARE(it->gpu.projectedDuration(), row[QStringLiteral("Projected Duration (ns)")].toLongLong());
            QCOMPARE(it->gpu.launchingCalls, row[QStringLiteral("NumGPUOps")].toLongLong());
            ++compared;
        }
        QCOMPARE(compared, static_cast<int>(table.iterations.size()));

        const IterationTable process = detectIterations(*trace); // LaunchScope::Process
        QCOMPARE(process.iterations.size(), table.iterations.size());
        TimeNs nsysBwd = 0, processBwd = 0;
        for (std::size_t i = 0; i < table.iterations.size(); ++i) {
            QVERIFY(process.iterations[i].gpu.ops >= table.iterations[i].gpu.ops);
            QVERIFY(process.iterations[i].gpu.busyTime >= table.iterations[i].gpu.busyTime);
            for (const IterationPhase &p : table.iterations[i].phases)
                if (table.phaseNames[p.phase] == "BWD pass")
                    nsysBwd += p.gpu.busyTime;
            for (const IterationPhase &p : process.iterations[i].phases)
                if (process.phaseNames[p.phase] == "BWD pass")
                    processBwd += p.gpu.busyTime;
        }
        if (recording == QLatin1String("nvtx_cnn")) // backward runs on autograd's thread there
            QVERIFY2(processBwd > 100 * nsysBwd, qPrintable(QStringLiteral("%1 vs %2").arg(processBwd).arg(nsysBwd)));
    }

    void userPatternAndErrors()
    {
        HandBuiltTrace b;
        b.range(1, 0, 100, "epoch 0 / step 7");
        b.range(1, 10, 40, "forward");
        b.range(1, 40, 90, "backward");
        b.range(1, 100, 200, "epoch 0 / step 8");
        b.range(1, 150, 160, "forward");
        b.range(1, 300, 400, "Iteration 1"); // ignored: the user's pattern decides
        b.launch(1, 20, 25, "k1", 50, 30);
        b.launch(1, 60, 70, "k2", 70, 40); // overlaps k1 on the GPU: busy counts 50..110 once
        const auto trace = b.finish();
        IterationOptions options;
        options.pattern = R"(epoch \d+ / step (\d+))";
        const IterationTable table = detectIterations(*trace, options);
        QCOMPARE(table.iterations.size(), std::size_t(2));
        QCOMPARE(table.iterations[0].number, 7);
        QCOMPARE(table.iterations[1].number, 8);
        QCOMPARE(phaseNames(table), (QStringList{QStringLiteral("forward"), QStringLiteral("backward")}));
        const Iteration &first = table.iterations[0];
        QCOMPARE(first.gpu.busyTime, TimeNs(60));
        QCOMPARE(first.gpu.summedTime, TimeNs(70));
        QCOMPARE(first.phases.size(), std::size_t(2));
        QCOMPARE(first.phases[0].gpu.busyTime, TimeNs(30));
        QCOMPARE(first.phases[1].cpuTime(), TimeNs(50));
        QCOMPARE(table.iterations[1].gpu.ops, 0);

        const Table rows = asTable(table);
        QCOMPARE(rows.columns.size(), std::size_t(7 + 2 * 2));
        QCOMPARE(rows.rows[1][9].type, Cell::Type::Empty); // no "backward" in step 8

        options.pattern = "step (\\d+) (\\d+)";
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, detectIterations(*trace, options));
        options.pattern = "step (";
        QVERIFY_THROWS_EXCEPTION(std::regex_error, detectIterations(*trace, options));
        options.pattern.clear();
        QCOMPARE(detectIterations(*trace, options).iterations.size(), std::size_t(1)); // "Iteration 1"
    }

    void cliCsv()
    {
        QProcess cli;
        cli.start(QStringLiteral(TRACELANE_CLI),
                  {QStringLiteral("iterations"), sharedTraces() + QStringLiteral("kineto/dlrm_train.json.gz"),
                   QStringLiteral("--format"), QStringLiteral("csv")});
        QVERIFY(cli.waitForFinished(60000));
        QCOMPARE(cli.exitCode(), 0);
        const QStringList lines = QString::fromUtf8(cli.readAllStandardOutput()).trimmed().split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), 6);
        QVERIFY(lines[0].startsWith(QLatin1String("Iteration,Name,Start (ns),CPU Time (ns),GPU Projected Time (ns),"
                                                  "GPU Busy Time (ns),GPU Ops")));
        QVERIFY(lines[0].contains(QLatin1String("FWD pass CPU Time (ns)")));
        QVERIFY(lines[1].startsWith(QLatin1String("3,Iteration 3,")));

        QProcess bad;
        bad.start(QStringLiteral(TRACELANE_CLI),
                  {QStringLiteral("iterations"), sharedTraces() + QStringLiteral("kineto/dlrm_train.json.gz"),
                   QStringLiteral("--pattern"), QStringLiteral("no group")});
        QVERIFY(bad.waitForFinished(60000));
        QCOMPARE(bad.exitCode(), 2);
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestIterations)
#include "tst_iterations.moc"
