// HTA's critical path (htaCriticalPath) against HolisticTraceAnalysis 0.6
// itself: every tests/data/expected/hta/critical_path_*.csv that
// tests/reference/hta_critical_path.py got from HTA's critical_path_analysis
// and summary() — the shared Kineto and HTA traces at several instances, DLRM
// with its data loading annotation, and tests/data/chrome/hta_critical_path_sync.json,
// a hand-written trace with two streams joined by an event, an event, a stream
// and a device synchronisation, a backward thread, calls sharing the runtime
// lock, operators that overlap without nesting, kernel gaps either side of
// HTA's 1500 µs threshold and paths of equal length that only numpy's sort
// order and networkx's ties decide; and the MTIA trace, on which HTA fails. Each bound_by row must have
// HTA's edge count, its duration exactly and its percentage to the last bit;
// where HTA fails, htaCriticalPath must refuse too.
#include "analysis/hta/hta_critical_path.h"
#include "analysis/hta/hta_numpy_sort.h"
#include "cached_import.h"
#include "report_csv.h"
#include "shared_traces.h"

#include "test_registry.h"

#include <QDir>
#include <QRegularExpression>
#include <QtTest>

#include <cstdlib>

using namespace tracelane;
using namespace tracelane::test;

namespace {

QString cpExpectedDir()
{
    return QStringLiteral(TRACELANE_TEST_DATA "/expected/hta/");
}

QString cpTracePath(const QString &relative)
{
    return relative.startsWith(QLatin1String("data/")) ? QStringLiteral(TRACELANE_TEST_DATA "/") + relative.mid(5)
                                                       : sharedTrace(relative);
}

QString cpSyncTrace()
{
    return QStringLiteral(TRACELANE_TEST_DATA "/chrome/hta_critical_path_sync.json");
}

// Python's repr of a float back to the same double (strtod rounds correctly).
double cpNumber(const QString &text)
{
    return std::strtod(text.toLatin1().constData(), nullptr);
}

// One expected file: HTA's arguments and status from the second `#` line, then its rows.
struct CpExpected
{
    QString trace;
    int instance = 0;
    QStringList dataLoad;
    QString annotationRow; // "ProfilerStep#3@0.0" (HTA's µs), "none" when HTA picks none
    QString status;        // "ok", else HTA's error
    QList<QStringList> rows; // bound_by, edges, duration, percent; the last is "total"
};

CpExpected cpReadExpected(const QString &file)
{
    CpExpected e;
    QFile f(cpExpectedDir() + file);
    if (!f.open(QIODevice::ReadOnly))
        return e;
    const QString text = QString::fromUtf8(f.readAll());
    const QStringList lines = text.split(QLatin1Char('\n'));
    static const QRegularExpression args(QStringLiteral(
        R"(^# trace=(\S+) arguments: .*instance_id=(-?\d+), data_load_events=(None|\[.*\]) annotation_row=(\S+) status=(.*)$)"));
    const QRegularExpressionMatch m = args.match(lines.value(1));
    if (!m.hasMatch())
        return e;
    e.trace = m.captured(1);
    e.instance = m.captured(2).toInt();
    static const QRegularExpression quoted(QStringLiteral(R"('([^']*)')"));
    for (auto it = quoted.globalMatch(m.captured(3)); it.hasNext();)
        e.dataLoad << it.next().captured(1);
    e.annotationRow = m.captured(4);
    e.status = m.captured(5);
    const QList<QStringList> csv = parseCsv(lines.mid(2).join(QLatin1Char('\n')));
    for (qsizetype i = 1; i < csv.size(); ++i) // [0] is the column header
        if (csv[i].size() == 4)
            e.rows << csv[i];
    return e;
}

HtaCriticalPathResult cpRun(const Trace &trace, int instance, const QStringList &dataLoad = {})
{
    HtaCriticalPathOptions o;
    o.instanceId = instance;
    for (const QString &pattern : dataLoad)
        o.dataLoadEvents.push_back(pattern.toStdString());
    return htaCriticalPath(trace, o);
}

// The path's edges of one type between two events named so (start or end as given).
int cpEdgesBetween(const Trace &trace, const HtaCriticalPathResult &r, HtaCpEdgeType type, std::string_view from,
                   std::string_view to)
{
    int n = 0;
    for (const HtaCriticalPathEdge &e : r.path)
        n += e.type == type && trace.name(e.from.event) == from && trace.name(e.to.event) == to;
    return n;
}

} // namespace

class TestHtaCriticalPath : public QObject
{
    Q_OBJECT

private slots:
    void matchesHta_data()
    {
        QTest::addColumn<QString>("file");
        const QStringList files =
            QDir(cpExpectedDir()).entryList({QStringLiteral("critical_path_*.csv")}, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 20);
        for (const QString &file : files)
            QTest::newRow(qPrintable(file)) << file;
    }

    // Every row of HTA's summary, from HTA's own run.
    void matchesHta()
    {
        QFETCH(QString, file);
        const CpExpected want = cpReadExpected(file);
        QVERIFY2(!want.trace.isEmpty(), "unreadable expected file");
        const auto trace = cachedTraceOrWarn(cpTracePath(want.trace));
        QVERIFY(trace);
        const HtaCriticalPathResult got = cpRun(*trace, want.instance, want.dataLoad);
        // The instance HTA picked, by name and start (also where HTA then fails).
        if (want.annotationRow != QLatin1String("none")) {
            QVERIFY(got.annotation.isValid());
            const QString picked = QString::fromUtf8(trace->name(got.annotation)) + QLatin1Char('@');
            QVERIFY2(want.annotationRow.startsWith(picked), qPrintable(want.annotationRow));
            QCOMPARE(got.windowStartUs, cpNumber(want.annotationRow.mid(picked.size())));
        }
        if (want.status != QLatin1String("ok")) {
            QVERIFY2(!got.ok, qPrintable(want.status));
            QVERIFY(!got.error.empty());
            return;
        }
        QVERIFY2(got.ok, got.error.c_str());
        QCOMPARE(qsizetype(got.rows.size()) + 1, want.rows.size());
        for (qsizetype i = 0; i + 1 < want.rows.size(); ++i) {
            const QStringList &w = want.rows[i];
            const HtaCriticalPathRow &g = got.rows[std::size_t(i)];
            const QByteArray where = (file + QLatin1Char(' ') + w[0]).toUtf8();
            QVERIFY2(QString::fromStdString(g.boundBy) == w[0], where.constData());
            QVERIFY2(qsizetype(g.edges) == w[1].toLongLong(), where.constData());
            QVERIFY2(g.duration == cpNumber(w[2]), where.constData());
            QVERIFY2(g.percent == cpNumber(w[3]), where.constData());
        }
        const QStringList &total = want.rows.last();
        QCOMPARE(total[0], QStringLiteral("total"));
        QCOMPARE(qsizetype(got.path.size()), total[1].toLongLong());
        QCOMPARE(got.totalDuration, cpNumber(total[2]));
    }

    // The hand-written trace: its synchronisations and ties, on the path where HTA puts them.
    void handWrittenPaths()
    {
        const auto trace = cachedTraceOrWarn(cpSyncTrace());
        QVERIFY(trace);
        const HtaCriticalPathResult step1 = cpRun(*trace, 0);
        QVERIFY2(step1.ok, step1.error.c_str());
        const auto sync = HtaCpEdgeType::SyncDependency;
        // cudaStreamWaitEvent: relu_k2 on stream 20 waits for the memcpy recorded on stream 7.
        QCOMPARE(cpEdgesBetween(*trace, step1, sync, "Memcpy HtoD (Pinned -> Device)", "relu_k2"), 1);
        // cudaEventSynchronize returns when relu_k2, recorded on stream 20, is done.
        QCOMPARE(cpEdgesBetween(*trace, step1, sync, "relu_k2", "cudaEventSynchronize"), 1);
        // cudaStreamSynchronize on stream 7 returns after its last kernel.
        QCOMPARE(cpEdgesBetween(*trace, step1, sync, "gemm_k5", "cudaStreamSynchronize"), 1);
        // The collective's short name (without "void ") makes it communication.
        QCOMPARE(step1.rows[2].boundBy, std::string("gpu_communication_bound"));
        // Dependency and sync edges weigh nothing, the others span their two nodes
        // (an operator edge ending a synchronising call would weigh 0 too: none is on this path).
        for (const HtaCriticalPathEdge &e : step1.path) {
            const bool free = e.type == sync || e.type == HtaCpEdgeType::Dependency;
            QCOMPARE(e.weight, free ? 0.0 : e.to.us - e.from.us);
            if (e.type == HtaCpEdgeType::OperatorKernel)
                QVERIFY(e.attributed.isValid());
        }

        // Step 2: aten::b overlaps aten::a's end; HTA's stack pops aten::b for it and
        // the path runs back from aten::b's end to aten::a's, 15 µs it subtracts.
        const HtaCriticalPathResult step2 = cpRun(*trace, 1);
        QVERIFY2(step2.ok, step2.error.c_str());
        bool negative = false;
        for (const HtaCriticalPathEdge &e : step2.path)
            if (e.weight < 0) {
                negative = true;
                QCOMPARE(e.weight, -15.0);
                QCOMPARE(std::string(trace->name(e.from.event)), std::string("aten::b"));
                QCOMPARE(std::string(trace->name(e.to.event)), std::string("aten::a"));
                QCOMPARE(e.boundBy, std::string("cpu_bound"));
            }
        QVERIFY(negative);

        // Step 4: tie_a (stream 40) and tie_b (stream 41) reach cudaDeviceSynchronize's end
        // equally long; HTA takes the stream it saw first, and numpy's quicksort of the
        // window's 21 GPU rows puts tie_b (later in the file) first.
        const HtaCriticalPathResult step4 = cpRun(*trace, 3);
        QVERIFY2(step4.ok, step4.error.c_str());
        QCOMPARE(cpEdgesBetween(*trace, step4, sync, "tie_b", "cudaDeviceSynchronize"), 1);
        QCOMPARE(cpEdgesBetween(*trace, step4, sync, "tie_a", "cudaDeviceSynchronize"), 0);
        // aten::y starts the microsecond aten::x ends: siblings (ends sort before starts),
        // joined from x's end to y's start by an edge of 0 µs.
        int siblings = 0;
        for (const HtaCriticalPathEdge &e : step4.path)
            if (trace->name(e.from.event) == "aten::x" && trace->name(e.to.event) == "aten::y") {
                QVERIFY(!e.from.start && e.to.start);
                QCOMPARE(e.weight, 0.0);
                ++siblings;
            }
        QCOMPARE(siblings, 1);

        // Step 5: the call launching queue_k2 starts the microsecond queue_k1 starts on the
        // same stream. numpy's sort of the whole trace's queue puts the kernel first, so
        // queue_k1 leaves the queue empty and gets its launch delay edge.
        const HtaCriticalPathResult step5 = cpRun(*trace, 4);
        QVERIFY2(step5.ok, step5.error.c_str());
        QCOMPARE(cpEdgesBetween(*trace, step5, HtaCpEdgeType::KernelLaunchDelay, "cudaLaunchKernel", "queue_k1"), 1);
        QCOMPARE(cpEdgesBetween(*trace, step5, HtaCpEdgeType::KernelKernelDelay, "queue_k1", "queue_k2"), 1);
    }

    // ProfilerStep#N to HTA's instance_id, GPU-side annotations counted.
    void instanceForIteration()
    {
        const auto resnet = cachedTraceOrWarn(resnetTrace());
        QVERIFY(resnet);
        // CPU steps 3..7 first (file order), then the GPU-side ones HTA keeps (#6, #3, #4, #5).
        QCOMPARE(htaInstanceForIteration(*resnet, "ProfilerStep", 3), std::optional<int>(0));
        QCOMPARE(htaInstanceForIteration(*resnet, "ProfilerStep", 5), std::optional<int>(2));
        QCOMPARE(htaInstanceForIteration(*resnet, "ProfilerStep", 7), std::optional<int>(4));
        QCOMPARE(htaInstanceForIteration(*resnet, "ProfilerStep", 8), std::nullopt);
        // Asking for the step by number reads the trace once and gives the same path.
        HtaCriticalPathOptions byStep;
        byStep.iteration = 5;
        const HtaCriticalPathResult step5 = htaCriticalPath(*resnet, byStep), instance2 = cpRun(*resnet, 2);
        QVERIFY(step5.ok && instance2.ok);
        QCOMPARE(step5.annotation, instance2.annotation);
        QCOMPARE(step5.path.size(), instance2.path.size());
        QCOMPARE(step5.totalDuration, instance2.totalDuration);
        byStep.iteration = 8;
        QVERIFY(!htaCriticalPath(*resnet, byStep).ok);
        const HtaCriticalPathResult gpuSide = cpRun(*resnet, 5);
        QVERIFY(gpuSide.ok);
        QCOMPARE(resnet->tracks[gpuSide.annotation.track].kind, TrackKind::GpuRanges);
        QCOMPARE(std::string(resnet->name(gpuSide.annotation)), std::string("ProfilerStep#6"));

        const auto hand = cachedTraceOrWarn(cpSyncTrace());
        QVERIFY(hand);
        QCOMPARE(htaInstanceForIteration(*hand, "ProfilerStep", 1), std::optional<int>(0));
        QCOMPARE(htaInstanceForIteration(*hand, "ProfilerStep", 2), std::optional<int>(1));
        QCOMPARE(htaInstanceForIteration(*hand, "ProfilerStep", 3), std::optional<int>(2));
        QCOMPARE(htaInstanceForIteration(*hand, "ProfilerStep", 4), std::optional<int>(3));
        QCOMPARE(htaInstanceForIteration(*hand, "ProfilerStep", 5), std::optional<int>(4));
        QCOMPARE(htaInstanceForIteration(*hand, "ProfilerStep", 6), std::nullopt); // the last step: dropped

        // Two steps: HTA keeps only the first.
        const auto rank0 = cachedTraceOrWarn(rankTrace(0));
        QVERIFY(rank0);
        QCOMPARE(htaInstanceForIteration(*rank0, "ProfilerStep", 551), std::optional<int>(0));
        QCOMPARE(htaInstanceForIteration(*rank0, "ProfilerStep", 552), std::nullopt);
    }

    // Where HTA fails, the reason comes back instead of a summary.
    void refusals()
    {
        const auto hand = cachedTraceOrWarn(cpSyncTrace());
        QVERIFY(hand);
        HtaCriticalPathOptions o;
        o.annotation = "NoSuchAnnotation";
        const HtaCriticalPathResult missing = htaCriticalPath(*hand, o);
        QVERIFY(!missing.ok);
        QVERIFY2(missing.error.find("NoSuchAnnotation") != std::string::npos, missing.error.c_str());
        for (const int instance : {6, 7, -1}) {
            const HtaCriticalPathResult r = cpRun(*hand, instance);
            QVERIFY(!r.ok);
            QVERIFY(r.rows.empty() && r.path.empty());
        }
        // Negative ids count from the end, as Python's slice does: -2 is the last but one
        // (the last is the GPU-side ProfilerStep#1).
        const HtaCriticalPathResult fromEnd = cpRun(*hand, -2);
        QVERIFY2(fromEnd.ok, fromEnd.error.c_str());
        QCOMPARE(std::string(hand->name(fromEnd.annotation)), std::string("ProfilerStep#5"));
    }

    // numpy 1.24's argsort(kind="quicksort") on ties (numpy's own answer, copied here).
    void numpyOrder()
    {
        const std::vector<double> keys{5, 3, 5, 1, 3, 3, 9, 0, 5, 5, 2, 2, 7, 3, 3, 5, 1, 1, 3, 5, 0, 4, 4, 4, 6, 5, 3, 2};
        const std::vector<std::uint32_t> numpy{20, 7,  3, 17, 16, 27, 11, 10, 18, 14, 26, 13, 5,  4,
                                               1,  21, 22, 23, 8, 15, 2,  19, 25, 9,  0,  24, 12, 6};
        QCOMPARE(numpyQuicksortOrder(keys), numpy);
        QCOMPARE(numpyQuicksortOrder(std::vector<double>{}), std::vector<std::uint32_t>{});
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestHtaCriticalPath)
#include "tst_hta_critical_path.moc"
