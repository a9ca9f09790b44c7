// The trace diff (`tracelane-cli diff`) on shared traces, against totals made
// here by a plain loop over every track's events: CPU ops are CpuOp events and
// slices on CPU threads, GPU work is kernels, memcpys and memsets on GPU
// streams, grouped by name. Pairs: two ranks of one run (HTA's sampled ranks)
// and two different models (ResNet-50 and DLRM). Also: a trace against itself,
// one iteration (ProfilerStep#N, GPU work by its launching call, found with
// Trace::flowsTo here), the CLI's output, and its errors. Edge cases on small
// hand-written traces: iteration boundaries, repeated step numbers, no iterations.
#include "analysis/compare/trace_diff.h"
#include "cached_import.h"
#include "cli_run.h"
#include "hand_built_trace.h"

#include "export/table.h"

#include "shared_traces.h"
#include "test_registry.h"

#include <QtTest>

#include <cmath>
#include <map>
#include <optional>
#include <sstream>

using namespace tracelane;
using namespace tracelane::test;

namespace {

struct Totals
{
    long long count = 0, time = 0;
};
using ByName = std::map<std::string, Totals>;

struct Span
{
    TimeNs start = 0, end = 0;
};

// `step`: only events of that ProfilerStep (CPU ops by start, GPU work by the
// start of the call whose launch flow reaches it).
ByName byHand(const Trace &trace, DiffDevice device, std::optional<Span> step = std::nullopt)
{
    ByName out;
    auto inStep = [&](TimeNs t) { return !step || (t >= step->start && t < step->end); };
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &track = trace.tracks[t];
        for (std::uint32_t i = 0; i < track.events.size(); ++i) {
            const Event &e = track.events[i];
            const bool cpu = track.kind == TrackKind::CpuThread
                && (e.kind == EventKind::CpuOp || e.kind == EventKind::Slice);
            const bool gpu = track.kind == TrackKind::GpuStream
                && (e.kind == EventKind::Kernel || e.kind == EventKind::Memcpy || e.kind == EventKind::Memset);
            if ((cpu && device == DiffDevice::Gpu) || (gpu && device == DiffDevice::Cpu) || (!cpu && !gpu))
                continue;
            if (cpu && !inStep(e.start))
                continue;
            if (gpu && step) {
                std::optional<TimeNs> call;
                for (const Flow *f : trace.flowsTo({t, i}))
                    if (f->kind == FlowKind::Launch && !call)
                        call = trace.event(f->from).start;
                if (!call || !inStep(*call))
                    continue;
            }
            Totals &x = out[std::string(trace.strings.view(e.name))];
            ++x.count;
            x.time += e.duration;
        }
    }
    return out;
}

Span stepByHand(const Trace &trace, const std::string &name)
{
    for (const Track &track : trace.tracks)
        for (const Event &e : track.events)
            if (trace.strings.view(e.name) == name)
                return {e.start, e.end()};
    return {};
}

std::shared_ptr<const Trace> mustLoadShared(const QString &file)
{
    auto trace = cachedTrace(sharedTraces() + file);
    if (!trace)
        qFatal("cannot load %s: %s", qPrintable(file), cachedImport(sharedTraces() + file).error.c_str());
    return trace;
}

std::shared_ptr<const Trace> mustLoadShared(const char *file)
{
    return mustLoadShared(QString::fromUtf8(file));
}

std::string changeByHand(long long c, long long t)
{
    return c == 0 ? "added" : t == 0 ? "deleted" : t > c ? "increased" : t < c ? "decreased" : "unchanged";
}

// Every row against the hand totals (divided by the divisors), every name present, order and change class.
void checkRows(const TraceDiff &diff, const ByName &control, const ByName &test)
{
    std::map<std::string, std::pair<Totals, Totals>> expected;
    for (const auto &[name, x] : control)
        expected[name].first = x;
    for (const auto &[name, x] : test)
        expected[name].second = x;
    QCOMPARE(diff.rows.size(), expected.size());
    double previous = INFINITY;
    std::string previousName;
    for (const TraceDiffRow &row : diff.rows) {
        const auto it = expected.find(row.name);
        QVERIFY2(it != expected.end(), row.name.c_str());
        const auto &[c, t] = it->second;
        QCOMPARE(row.control.count, c.count);
        QCOMPARE(row.control.time, c.time);
        QCOMPARE(row.test.count, t.count);
        QCOMPARE(row.test.time, t.time);
        // Counts compared after dividing by each trace's iterations, exactly.
        const long long cc = c.count * diff.testDivisor, tc = t.count * diff.controlDivisor;
        QVERIFY2(std::string(diffChangeName(row.change)) == changeByHand(cc, tc), row.name.c_str());
        const double gap = std::fabs(double(t.time) / double(diff.testDivisor)
                                     - double(c.time) / double(diff.controlDivisor));
        QVERIFY(gap < previous || (gap == previous && row.name > previousName));
        previous = gap;
        previousName = row.name;
    }
}

std::string csvOf(const TraceDiff &diff)
{
    std::ostringstream out;
    writeCsv(out, asTable(diff));
    return out.str();
}

} // namespace

class TestTraceDiff : public QObject
{
    Q_OBJECT

private slots:
    void wholeTraces_data()
    {
        QTest::addColumn<QString>("control");
        QTest::addColumn<QString>("test");
        QTest::addColumn<int>("device");
        for (int d : {int(DiffDevice::All), int(DiffDevice::Cpu), int(DiffDevice::Gpu)}) {
            const QByteArray suffix = d == int(DiffDevice::All) ? " all" : d == int(DiffDevice::Cpu) ? " cpu" : " gpu";
            QTest::newRow(QByteArray("two ranks" + suffix).constData())
                << QStringLiteral("hta/sampled_rank-0.json.gz") << QStringLiteral("hta/sampled_rank-1.json.gz") << d;
            QTest::newRow(QByteArray("two models" + suffix).constData())
                << QStringLiteral("kineto/resnet50_train.json.gz") << QStringLiteral("kineto/dlrm_train.json.gz") << d;
        }
    }
    // --all-iterations: the plain totals; default: the same totals over each trace's iterations.
    void wholeTraces()
    {
        QFETCH(QString, control);
        QFETCH(QString, test);
        QFETCH(int, device);
        const auto a = mustLoadShared(control), b = mustLoadShared(test);
        const ByName ca = byHand(*a, DiffDevice(device)), tb = byHand(*b, DiffDevice(device));
        QVERIFY(!ca.empty() && !tb.empty());

        TraceDiffOptions options;
        options.device = DiffDevice(device);
        options.scope = DiffScope::Whole;
        const TraceDiff whole = diffTraces(*a, *b, options);
        QCOMPARE(whole.controlDivisor, 1);
        QCOMPARE(whole.testDivisor, 1);
        checkRows(whole, ca, tb);

        options.scope = DiffScope::PerIteration;
        const TraceDiff perIteration = diffTraces(*a, *b, options);
        // ProfilerStep#N names counted here: sampled ranks have 2, the Kineto models 5.
        QCOMPARE(perIteration.controlDivisor, control.startsWith(QLatin1String("hta")) ? 2 : 5);
        QCOMPARE(perIteration.testDivisor, test.startsWith(QLatin1String("hta")) ? 2 : 5);
        checkRows(perIteration, ca, tb);
    }

    void sameTraceIsUnchanged()
    {
        const auto a = mustLoadShared("kineto/resnet50_train.json.gz");
        const TraceDiff diff = diffTraces(*a, *a);
        QVERIFY(!diff.rows.empty());
        for (const TraceDiffRow &row : diff.rows) {
            QCOMPARE(row.change, DiffChange::Unchanged);
            QCOMPARE(row.control.count, row.test.count);
            QCOMPARE(row.control.time, row.test.time);
        }
        for (const auto &cells : asTable(diff).rows) {
            QCOMPARE(cells[3].toString(), std::string("0.00"));
            QCOMPARE(cells[6].toString(), std::string("0.0"));
        }
    }

    // One step of two ranks: ProfilerStep#551, as HTA compares them.
    void oneIteration()
    {
        const auto a = mustLoadShared("hta/sampled_rank-0.json.gz"), b = mustLoadShared("hta/sampled_rank-1.json.gz");
        TraceDiffOptions options;
        options.scope = DiffScope::Iteration;
        options.iteration = 551;
        const TraceDiff diff = diffTraces(*a, *b, options);
        const ByName ca = byHand(*a, DiffDevice::All, stepByHand(*a, "ProfilerStep#551"));
        const ByName tb = byHand(*b, DiffDevice::All, stepByHand(*b, "ProfilerStep#551"));
        checkRows(diff, ca, tb);
        // The step holds GPU work launched within it, and less than the whole trace.
        const ByName gpu = byHand(*a, DiffDevice::Gpu, stepByHand(*a, "ProfilerStep#551"));
        QVERIFY(!gpu.empty());
        long long inStep = 0, all = 0;
        for (const auto &[name, x] : ca)
            inStep += x.count;
        for (const auto &[name, x] : byHand(*a, DiffDevice::All))
            all += x.count;
        QVERIFY(inStep > 0 && inStep < all);

        options.iteration = 4;
        const auto r = mustLoadShared("kineto/resnet50_train.json.gz"), d = mustLoadShared("kineto/dlrm_train.json.gz");
        checkRows(diffTraces(*r, *d, options), byHand(*r, DiffDevice::All, stepByHand(*r, "ProfilerStep#4")),
                  byHand(*d, DiffDevice::All, stepByHand(*d, "ProfilerStep#4")));

        options.iteration = 9999;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, diffTraces(*a, *b, options));
    }

    void shortNamesGroupKernels()
    {
        const auto r = mustLoadShared("kineto/resnet50_train.json.gz"), d = mustLoadShared("kineto/dlrm_train.json.gz");
        TraceDiffOptions options;
        options.scope = DiffScope::Whole;
        options.device = DiffDevice::Gpu;
        const TraceDiff full = diffTraces(*r, *d, options);
        options.shortNames = true;
        const TraceDiff shortened = diffTraces(*r, *d, options);
        QVERIFY(shortened.rows.size() < full.rows.size());
        long long countFull = 0, countShort = 0, timeFull = 0, timeShort = 0;
        for (const auto &row : full.rows)
            countFull += row.control.count + row.test.count, timeFull += row.control.time + row.test.time;
        for (const auto &row : shortened.rows)
            countShort += row.control.count + row.test.count, timeShort += row.control.time + row.test.time;
        QCOMPARE(countShort, countFull);
        QCOMPARE(timeShort, timeFull);
    }

    // Hand-written: what belongs to a step at its edges, and how iterations are counted.
    void handBuiltEdges()
    {
        HandBuiltTrace c;
        // ProfilerStep#1 twice on one thread (a recording that repeats its numbers),
        // "Iteration N" too (ignored: steps come first).
        c.range(1, 0, 100, "ProfilerStep#1");
        c.range(1, 200, 300, "ProfilerStep#1");
        c.range(1, 0, 50, "Iteration 1");
        c.range(1, 50, 100, "Iteration 2");
        c.range(1, 200, 250, "Iteration 3");
        c.cpuOp(1, 10, 20, "aten::mm");
        c.cpuOp(1, 99, 150, "aten::add");  // starts inside, ends outside: in the step
        c.cpuOp(1, 100, 110, "aten::add"); // starts at the step's end: outside
        c.cpuOp(1, 210, 220, "aten::mm");
        c.launch(1, 90, 95, "gemm", 150, 30); // launched in the step, runs after it
        c.gpuOp(20, 5, "orphan");             // no launching call: in no step
        const auto control = c.finish();

        HandBuiltTrace t; // no iterations: counts as one
        t.cpuOp(1, 0, 10, "aten::mm");
        t.cpuOp(1, 20, 30, "aten::mm");
        t.launch(1, 0, 5, "gemm", 10, 40);
        const auto test = t.finish();

        const TraceDiff whole = diffTraces(*control, *test);
        QCOMPARE(whole.controlDivisor, 2);
        QCOMPARE(whole.testDivisor, 1);
        std::map<std::string, TraceDiffRow> rows;
        for (const auto &row : whole.rows)
            rows[row.name] = row;
        QCOMPARE(rows.size(), std::size_t(4));
        QCOMPARE(rows["aten::mm"].change, DiffChange::Increased); // 1 per step against 2
        QCOMPARE(rows["aten::add"].change, DiffChange::Deleted);
        QCOMPARE(rows["gemm"].change, DiffChange::Increased); // 0.5 per step against 1
        QCOMPARE(rows["orphan"].change, DiffChange::Deleted);
        QCOMPARE(whole.rows.front().name, std::string("aten::add")); // 61 / 2 ns against 0: the largest gap
        QCOMPARE(whole.controlTime(rows["gemm"]), 15.0);

        TraceDiffOptions options;
        options.scope = DiffScope::Iteration;
        options.iteration = 1;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, diffTraces(*control, *test, options));
        const TraceDiff step = diffTraces(*control, *control, options);
        rows.clear();
        for (const auto &row : step.rows)
            rows[row.name] = row;
        QCOMPARE(rows.size(), std::size_t(3));        // no orphan
        QCOMPARE(rows["aten::mm"].control.count, 2);  // both steps numbered 1
        QCOMPARE(rows["aten::add"].control.count, 1); // not the one at 100
        QCOMPARE(rows["aten::add"].control.time, 51);
        QCOMPARE(rows["gemm"].control.count, 1);

        // An empty trace: everything deleted, nothing breaks.
        const auto empty = HandBuiltTrace().finish();
        const TraceDiff gone = diffTraces(*test, *empty);
        QCOMPARE(gone.rows.size(), std::size_t(2));
        for (const auto &row : gone.rows)
            QCOMPARE(row.change, DiffChange::Deleted);
    }

    void cliMatchesCore_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<int>("scope");
        QTest::newRow("per iteration") << QStringList{} << int(DiffScope::PerIteration);
        QTest::newRow("all iterations") << QStringList{QStringLiteral("--all-iterations")} << int(DiffScope::Whole);
        QTest::newRow("iteration 5") << QStringList{QStringLiteral("--iteration"), QStringLiteral("5")}
                                     << int(DiffScope::Iteration);
    }
    void cliMatchesCore()
    {
        QFETCH(QStringList, options);
        QFETCH(int, scope);
        const QString control = sharedTraces() + QStringLiteral("kineto/resnet50_train.json.gz");
        const QString test = sharedTraces() + QStringLiteral("kineto/dlrm_train.json.gz");
        const CliRun run = runCli(
            QStringList{QStringLiteral("diff"), control, test, QStringLiteral("--format"), QStringLiteral("csv")}
            + options);
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.startsWith(QStringLiteral("Name,Control Count,Test Count,Count Diff,Control Time (ns),"
                                                  "Test Time (ns),Time Diff (ns),Change\n")));
        TraceDiffOptions o;
        o.scope = DiffScope(scope);
        o.iteration = 5;
        QCOMPARE(run.out,
                 QString::fromStdString(csvOf(diffTraces(*mustLoadShared("kineto/resnet50_train.json.gz"),
                                                         *mustLoadShared("kineto/dlrm_train.json.gz"), o))));
    }

    void cliErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        const QString a = sharedTraces() + QStringLiteral("hta/sampled_rank-0.json.gz");
        const QString b = sharedTraces() + QStringLiteral("hta/sampled_rank-1.json.gz");
        QTest::newRow("missing file") << QStringList{QStringLiteral("diff"), a,
                                                     QStringLiteral("/nonexistent/trace.json")}
                                      << 3 << QStringLiteral("/nonexistent/trace.json");
        QTest::newRow("one trace") << QStringList{QStringLiteral("diff"), a} << 2
                                   << QStringLiteral("expected two traces");
        QTest::newRow("no such iteration")
            << QStringList{QStringLiteral("diff"), a, b, QStringLiteral("--iteration"), QStringLiteral("3")} << 2
            << QStringLiteral("the control trace has no iteration 3");
        QTest::newRow("no such iteration in the test")
            << QStringList{QStringLiteral("diff"), sharedTraces() + QStringLiteral("kineto/resnet50_train.json.gz"),
                           sharedTraces() + QStringLiteral("kineto/compiled_mlp_train.json.gz"),
                           QStringLiteral("--iteration"), QStringLiteral("3")}
            << 2 << QStringLiteral("the test trace has no iteration 3 (it has 5 to 9)");
        QTest::newRow("both scopes") << QStringList{QStringLiteral("diff"),
                                                    a,
                                                    b,
                                                    QStringLiteral("--iteration"),
                                                    QStringLiteral("551"),
                                                    QStringLiteral("--all-iterations")}
                                     << 2 << QStringLiteral("exclude each other");
        QTest::newRow("bad device") << QStringList{QStringLiteral("diff"), a, b, QStringLiteral("--device"),
                                                   QStringLiteral("tpu")}
                                    << 2 << QStringLiteral("unknown device 'tpu'");
        QTest::newRow("bad iteration") << QStringList{QStringLiteral("diff"), a, b, QStringLiteral("--iteration"),
                                                      QStringLiteral("x")}
                                       << 2 << QStringLiteral("iteration number");
    }
    void cliErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        const CliRun run = runCli(args);
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, exitCode);
        QVERIFY2(run.err.contains(message), qPrintable(run.err));
        QVERIFY(run.out.isEmpty());
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestTraceDiff)
#include "tst_trace_diff.moc"
