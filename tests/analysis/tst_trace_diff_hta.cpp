// `tracelane-cli diff --hta` against HolisticTraceAnalysis 0.6 itself: the
// tables tests/reference/hta_trace_diff.py got from HTA's
// TraceDiff.compare_traces, committed in tests/data/expected/hta. Pairs: two
// ranks of one run (HTA's sampled ranks), two models (ResNet-50 and DLRM, also
// every iteration and the GPU side alone), and
// two hand-written traces (tests/data/chrome/hta_diff_*.json) with fractional
// timestamps, a sub-microsecond op, a kernel that runs after its launching
// step ended, a GPU-side step annotation overlapping the next CPU step, a
// stream-0 operator, an uncorrelated kernel and events HTA drops. Every row,
// from the core function and from the CLI, must carry HTA's name, counts and
// times exactly (microseconds times 1000) and the change class of its sign.
#include "analysis/compare/trace_diff_hta.h"
#include "cached_import.h"
#include "cli_run.h"
#include "hand_built_trace.h"
#include "report_csv.h"

#include "shared_traces.h"
#include "test_registry.h"

#include <QtTest>

#include <cmath>
#include <map>
#include <stdexcept>

using namespace tracelane;
using namespace tracelane::test;

namespace {

const QString kTestData = QStringLiteral(TRACELANE_TEST_DATA "/");

QString diffTrace(const QString &relative)
{
    return (relative.startsWith(QLatin1String("data/")) ? kTestData + relative.mid(5) : sharedTraces() + relative);
}

// HTA's row: counts and microseconds as it wrote them.
struct HtaRow
{
    double controlCount = 0, testCount = 0, controlUs = 0, testUs = 0, countDiff = 0, timeDiffUs = 0;
    QString sign;
};

// The expected file: two `#` lines (names may start with '#' too), then HTA's CSV.
std::map<QString, HtaRow> diffExpectedRows(const QString &stem)
{
    QFile file(kTestData + QStringLiteral("expected/hta/trace_diff_") + stem + QStringLiteral(".csv"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QList<QStringList> lines = parseCsv(QString::fromUtf8(file.readAll()));
    std::map<QString, HtaRow> rows;
    for (qsizetype i = 3; i < lines.size(); ++i) {
        const QStringList &f = lines[i];
        if (f.size() != 8)
            continue;
        rows[f[0]] = {
            f[1].toDouble(), f[3].toDouble(), f[2].toDouble(), f[4].toDouble(), f[5].toDouble(), f[6].toDouble(), f[7]};
    }
    return rows;
}

// HTA's microseconds as Tracelane's nanoseconds; fails the test unless exact.
qint64 nanoseconds(double us)
{
    const double ns = us * 1000.0;
    if (std::nearbyint(ns) != ns)
        return std::numeric_limits<qint64>::min();
    return static_cast<qint64>(ns);
}

qint64 whole(double count)
{
    return std::nearbyint(count) == count ? static_cast<qint64>(count) : -1;
}

QString signOf(const QString &change)
{
    if (change == QLatin1String("added") || change == QLatin1String("increased"))
        return QStringLiteral("+");
    if (change == QLatin1String("deleted") || change == QLatin1String("decreased"))
        return QStringLiteral("-");
    return change == QLatin1String("unchanged") ? QStringLiteral("=") : QStringLiteral("?");
}

struct GotRow
{
    qint64 controlCount = 0, testCount = 0, countDiff = 0, controlNs = 0, testNs = 0, timeDiffNs = 0;
    QString change;
};

void compareRows(const std::map<QString, GotRow> &got, const std::map<QString, HtaRow> &want)
{
    QVERIFY(!want.empty());
    QCOMPARE(got.size(), want.size());
    for (const auto &[name, w] : want) {
        const auto it = got.find(name);
        QVERIFY2(it != got.end(), qPrintable(QStringLiteral("missing row: ") + name));
        const GotRow &g = it->second;
        const QByteArray where = name.toUtf8();
        QVERIFY2(g.controlCount == whole(w.controlCount), where.constData());
        QVERIFY2(g.testCount == whole(w.testCount), where.constData());
        QVERIFY2(g.countDiff == whole(w.countDiff), where.constData());
        QVERIFY2(g.controlNs == nanoseconds(w.controlUs), where.constData());
        QVERIFY2(g.testNs == nanoseconds(w.testUs), where.constData());
        QVERIFY2(g.timeDiffNs == nanoseconds(w.timeDiffUs), where.constData());
        QVERIFY2(signOf(g.change) == w.sign, where.constData());
        QVERIFY2((g.change == QLatin1String("added")) == (g.controlCount == 0), where.constData());
        QVERIFY2((g.change == QLatin1String("deleted")) == (g.testCount == 0), where.constData());
    }
}

} // namespace

class TestTraceDiffHta : public QObject
{
    Q_OBJECT

private slots:
    void matchesHta_data()
    {
        QTest::addColumn<QString>("stem");
        QTest::addColumn<QString>("control");
        QTest::addColumn<QString>("test");
        QTest::addColumn<QStringList>("options");
        const QString rank0 = QStringLiteral("hta/sampled_rank-0.json.gz");
        const QString rank1 = QStringLiteral("hta/sampled_rank-1.json.gz");
        const QString resnet = QStringLiteral("kineto/resnet50_train.json.gz");
        const QString dlrm = QStringLiteral("kineto/dlrm_train.json.gz");
        const QString handControl = QStringLiteral("data/chrome/hta_diff_control.json");
        const QString handTest = QStringLiteral("data/chrome/hta_diff_test.json");
        const QStringList shortNames{QStringLiteral("--short-names")};
        const auto iteration = [](int n) { return QStringList{QStringLiteral("--iteration"), QString::number(n)}; };
        QTest::newRow("sampled ranks") << QStringLiteral("sampled_ranks_first") << rank0 << rank1 << QStringList{};
        QTest::newRow("sampled ranks, 552")
            << QStringLiteral("sampled_ranks_iteration552") << rank0 << rank1 << iteration(552);
        QTest::newRow("sampled ranks, short")
            << QStringLiteral("sampled_ranks_first_short") << rank0 << rank1 << shortNames;
        QTest::newRow("resnet50 dlrm") << QStringLiteral("resnet50_dlrm_first") << resnet << dlrm << QStringList{};
        QTest::newRow("resnet50 dlrm, 5")
            << QStringLiteral("resnet50_dlrm_iteration5") << resnet << dlrm << iteration(5);
        QTest::newRow("resnet50 dlrm, short")
            << QStringLiteral("resnet50_dlrm_first_short") << resnet << dlrm << shortNames;
        QTest::newRow("resnet50 dlrm, all")
            << QStringLiteral("resnet50_dlrm_all") << resnet << dlrm << QStringList{QStringLiteral("--all-iterations")};
        QTest::newRow("resnet50 dlrm, gpu") << QStringLiteral("resnet50_dlrm_first_gpu") << resnet << dlrm
                                            << QStringList{QStringLiteral("--device"), QStringLiteral("gpu")};
        QTest::newRow("hand-written") << QStringLiteral("hand_written_first") << handControl << handTest
                                      << QStringList{};
        QTest::newRow("hand-written, 2") << QStringLiteral("hand_written_iteration2") << handControl << handTest
                                         << iteration(2);
        QTest::newRow("hand-written, short")
            << QStringLiteral("hand_written_first_short") << handControl << handTest << shortNames;
    }

    // The core function, row by row.
    void matchesHta()
    {
        QFETCH(QString, stem);
        QFETCH(QString, control);
        QFETCH(QString, test);
        QFETCH(QStringList, options);
        const auto c = cachedTrace(diffTrace(control));
        const auto t = cachedTrace(diffTrace(test));
        QVERIFY(c && t);
        TraceDiffOptions o;
        o.shortNames = options.contains(QStringLiteral("--short-names"));
        if (options.contains(QStringLiteral("--all-iterations")))
            o.scope = DiffScope::Whole;
        if (options.contains(QStringLiteral("gpu")))
            o.device = DiffDevice::Gpu;
        if (const qsizetype i = options.indexOf(QStringLiteral("--iteration")); i >= 0) {
            o.scope = DiffScope::Iteration;
            o.iteration = options[i + 1].toLongLong();
        }
        const TraceDiff diff = diffTracesHta(*c, *t, o);
        QVERIFY(!diff.normalised());
        std::map<QString, GotRow> got;
        for (const TraceDiffRow &r : diff.rows)
            got[QString::fromStdString(r.name)] = {r.control.count,
                                                   r.test.count,
                                                   r.test.count - r.control.count,
                                                   r.control.time,
                                                   r.test.time,
                                                   r.test.time - r.control.time,
                                                   QString::fromLatin1(diffChangeName(r.change))};
        compareRows(got, diffExpectedRows(stem));
    }

    // The CLI's CSV, row by row, in the plain diff's columns.
    void cliMatchesHta_data() { matchesHta_data(); }
    void cliMatchesHta()
    {
        QFETCH(QString, stem);
        QFETCH(QString, control);
        QFETCH(QString, test);
        QFETCH(QStringList, options);
        const CliRun run = runCli(QStringList{QStringLiteral("diff"), diffTrace(control), diffTrace(test),
                                              QStringLiteral("--hta"), QStringLiteral("--format"),
                                              QStringLiteral("csv")}
                                  + options);
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, 0);
        const QList<QStringList> lines = parseCsv(run.out);
        QVERIFY(!lines.isEmpty());
        QCOMPARE(lines[0].join(QLatin1Char(',')),
                 QStringLiteral("Name,Control Count,Test Count,Count Diff,Control Time (ns),Test Time (ns),"
                                "Time Diff (ns),Change"));
        std::map<QString, GotRow> got;
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QStringList &f = lines[i];
            QCOMPARE(f.size(), 8);
            QVERIFY2(!got.count(f[0]), qPrintable(QStringLiteral("row twice: ") + f[0]));
            got[f[0]] = {f[1].toLongLong(),
                         f[2].toLongLong(),
                         f[3].toLongLong(),
                         f[4].toLongLong(),
                         f[5].toLongLong(),
                         f[6].toLongLong(),
                         f[7]};
        }
        compareRows(got, diffExpectedRows(stem));
    }

    // HTA's shorten_name gives the same (checked with HTA 0.6 itself).
    void shortNames()
    {
        QCOMPARE(htaShortName("aten::mm"), std::string("aten::mm"));
        QCOMPARE(htaShortName("Memcpy HtoD (Pageable -> Device)"), std::string("Memcpy HtoD (Pageable -> Device)"));
        QCOMPARE(htaShortName("void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float>, "
                              "at::detail::Array<char*, 1> >(int, at::native::FillFunctor<float>, "
                              "at::detail::Array<char*, 1>)"),
                 std::string("at::native::vectorized_elementwise_kernel"));
        QCOMPARE(htaShortName("std::vector<int> foo(a->b)"), std::string("foo"));
        QCOMPARE(htaShortName("unbalanced) name<"), std::string("name<"));
    }

    // A trace without ProfilerStep#N, or without the asked iteration, is refused with the reason.
    void errors()
    {
        HandBuiltTrace hand;
        hand.cpuOp(1, 0, 10, "aten::mm");
        const auto noSteps = hand.finish();
        const auto rank0 = cachedTrace(sharedTraces() + QStringLiteral("hta/sampled_rank-0.json.gz"));
        QVERIFY(rank0);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, diffTracesHta(*rank0, *noSteps));
        TraceDiffOptions o;
        o.scope = DiffScope::Iteration;
        o.iteration = 3;
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, diffTracesHta(*rank0, *rank0, o));

        const CliRun missing = runCli({QStringLiteral("diff"),
                                       sharedTraces() + QStringLiteral("hta/sampled_rank-0.json.gz"),
                                       sharedTraces() + QStringLiteral("hta/sampled_rank-1.json.gz"),
                                       QStringLiteral("--hta"), QStringLiteral("--iteration"), QStringLiteral("3")});
        QVERIFY(missing.finished);
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(missing.err.contains(QStringLiteral("the control trace has no iteration 3 (it has 551 to 552)")),
                 qPrintable(missing.err));
        const CliRun stepless = runCli({QStringLiteral("diff"), kTestData + QStringLiteral("chrome/flows.json"),
                                        kTestData + QStringLiteral("chrome/flows.json"), QStringLiteral("--hta")});
        QVERIFY(stepless.finished);
        QCOMPARE(stepless.exitCode, 2);
        QVERIFY2(stepless.err.contains(QStringLiteral("no ProfilerStep#N")), qPrintable(stepless.err));
    }

    // The same trace twice: every row unchanged, with HTA's first iteration on both sides.
    void sameTraceIsUnchanged()
    {
        const auto t = cachedTrace(sharedTraces() + QStringLiteral("kineto/resnet50_train.json.gz"));
        QVERIFY(t);
        const TraceDiff diff = diffTracesHta(*t, *t);
        QVERIFY(!diff.rows.empty());
        for (const TraceDiffRow &r : diff.rows) {
            QCOMPARE(r.change, DiffChange::Unchanged);
            QCOMPARE(r.control.time, r.test.time);
        }
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestTraceDiffHta)
#include "tst_trace_diff_hta.moc"
