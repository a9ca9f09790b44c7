// The examples of docs/SQL.md, read from the page itself so the page stays
// true: every example runs on the shared traces, and each worked example's
// result is checked against an independent source: `nsys stats` output
// (expected/*.csv) for the Nsight recordings, the CLI's own summary tables for
// the PyTorch traces, and the range -> kernels lookup of core/analysis.
#include "report_csv.h"
#include "sql_run.h"

#include "analysis/ranges/range_kernels.h"
#include "analysis/ranges/range_summary.h"
#include "analysis/summaries/api_summary.h"
#include "analysis/summaries/kernel_summary.h"
#include "cached_import.h"
#include "sql/event_id.h"

#include "shared_traces.h"
#include "test_registry.h"

#include <QRegularExpression>
#include <QtTest>

#include <functional>
#include <map>

using namespace tracelane;
using namespace tracelane::test;

namespace {

const QString kResnet = sharedTraces() + QStringLiteral("kineto/resnet50_train.json.gz");
const QStringList kNsysRecordings = {QStringLiteral("nvtx_cnn"), QStringLiteral("emit_nvtx_mlp")};

// "```sql\n-- example: NAME\n...```" blocks of docs/SQL.md, by name.
std::map<QString, QString> examples()
{
    QFile file(QStringLiteral(TRACELANE_DOCS "/SQL.md"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QString text = QString::fromUtf8(file.readAll());
    static const QRegularExpression block(QStringLiteral("```sql\\n-- example: (\\w+)\\n(.*?)```"),
                                          QRegularExpression::DotMatchesEverythingOption);
    std::map<QString, QString> found;
    for (auto it = block.globalMatch(text); it.hasNext();) {
        const auto match = it.next();
        found[match.captured(1)] = match.captured(2);
    }
    return found;
}

QString example(const char *name)
{
    const auto all = examples();
    const auto it = all.find(QLatin1String(name));
    return it == all.end() ? QString() : it->second;
}

// Cell by cell: derived columns (percentages, averages, deviations) within 0.1, the rest exactly.
void compareCsv(const QString &got, const QString &want)
{
    const QList<QStringList> g = parseCsv(got), w = parseCsv(want);
    QVERIFY(w.size() > 1);
    QCOMPARE(g.size(), w.size());
    QCOMPARE(g.first(), w.first());
    for (qsizetype r = 1; r < w.size(); ++r) {
        QCOMPARE(g[r].size(), w[r].size());
        for (qsizetype c = 0; c < w[r].size(); ++c) {
            const QString where = QStringLiteral("row %1, column '%2': got '%3', want '%4'")
                                      .arg(r)
                                      .arg(w[0][c], g[r][c].left(60), w[r][c].left(60));
            if (isRoundedColumn(w[0][c]))
                QVERIFY2(std::abs(g[r][c].toDouble() - w[r][c].toDouble()) <= 0.1 + 1e-9, qPrintable(where));
            else
                QVERIFY2(g[r][c] == w[r][c], qPrintable(where));
        }
    }
}

QString readText(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

// The "convolution kernel" rule of the conv_time_per_iteration example (LIKE is case-insensitive).
bool isConvolution(std::string_view name)
{
    std::string lower(name);
    for (char &c : lower)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    for (const char *part : {"conv", "fprop", "dgrad", "wgrad"})
        if (lower.find(part) != std::string::npos)
            return true;
    return false;
}

// Ranges on the thread of `call` that contain it, outermost first.
std::vector<EventRef> rangesAround(const Trace &trace, EventRef call)
{
    const Event &c = trace.event(call);
    std::vector<EventRef> found;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &track = trace.tracks[t];
        if (track.kind != TrackKind::ThreadRanges || track.thread != trace.tracks[call.track].thread)
            continue;
        for (std::uint32_t i = 0; i < track.events.size(); ++i) {
            const Event &r = track.events[i];
            if (r.kind == EventKind::Range && r.start <= c.start && r.end() >= c.end() && EventRef{t, i} != call)
                found.push_back({t, i});
        }
    }
    std::sort(found.begin(), found.end(),
              [&](EventRef a, EventRef b) { return trace.event(a).depth < trace.event(b).depth; });
    return found;
}

std::vector<EventRef> rangesNamed(const Trace &trace, std::string_view name)
{
    std::vector<EventRef> found;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t)
        for (std::uint32_t i = 0; i < trace.tracks[t].events.size(); ++i)
            if (trace.tracks[t].events[i].kind == EventKind::Range && trace.name({t, i}) == name)
                found.push_back({t, i});
    return found;
}

QStringList rangeIdsOf(const std::vector<EventRef> &ranges)
{
    QStringList ids;
    for (EventRef r : ranges)
        ids << QString::number(sqlEventId(r));
    return ids;
}

} // namespace

class TestSqlDocs : public QObject
{
    Q_OBJECT

private slots:
    void pageHasTheWorkedExamples()
    {
        const auto all = examples();
        for (const char *name :
             {"kernels_in_range", "kernels_in_range_any_thread", "enclosing_ranges", "enclosing_ranges_of_kernel",
              "conv_time_per_iteration", "cuda_gpu_kern_sum", "cuda_api_sum", "nvtx_sum"})
            QVERIFY2(all.count(QLatin1String(name)), name);
    }

    void everyExampleRuns_data()
    {
        QTest::addColumn<QString>("trace");
        QTest::addColumn<QString>("sql");
        const QStringList traces = {kResnet, sharedTraces() + QStringLiteral("kineto/dlrm_train.json.gz"),
                                    sharedTraces() + QStringLiteral("nsys/nvtx_cnn.sqlite"),
                                    sharedTraces() + QStringLiteral("nsys/emit_nvtx_mlp_nsys.json"),
                                    sharedTraces() + QStringLiteral("nvprof/gpu_ml_timeline.nvvp")};
        for (const QString &trace : traces)
            for (const auto &[name, sql] : examples())
                QTest::addRow("%s %s", qPrintable(trace.section(QLatin1Char('/'), -1)), qPrintable(name))
                    << trace << sql;
    }
    void everyExampleRuns()
    {
        QFETCH(QString, trace);
        QFETCH(QString, sql);
        const auto t = cachedTraceOrWarn(trace);
        QVERIFY(t);
        const SqlResult result = databaseFor(t).query(sql.toStdString());
        QVERIFY2(result.status.ok(), result.status.message.c_str());
        QVERIFY(!result.columns.empty());
    }

    // The nsys summaries written as SQL print what nsys printed.
    void nsysSummariesEqualNsys_data()
    {
        QTest::addColumn<QString>("trace");
        QTest::addColumn<QString>("report");
        for (const QString &recording : kNsysRecordings)
            for (const char *suffix : {".sqlite", "_nsys.json"})
                for (const char *report : {"cuda_gpu_kern_sum", "cuda_api_sum", "nvtx_sum"})
                    QTest::addRow("%s%s %s", qPrintable(recording), suffix, report)
                        << sharedTraces() + QStringLiteral("nsys/") + recording + QLatin1String(suffix)
                        << QString::fromLatin1(report);
    }
    void nsysSummariesEqualNsys()
    {
        QFETCH(QString, trace);
        QFETCH(QString, report);
        const auto t = cachedTraceOrWarn(trace);
        QVERIFY(t);
        const QString recording =
            trace.section(QLatin1Char('/'), -1).section(QLatin1Char('.'), 0, 0).remove(QStringLiteral("_nsys"));
        QString error;
        const QString got = sqlCsv(databaseFor(t), example(qPrintable(report)), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        compareCsv(got,
                   readText(sharedTraces() + QStringLiteral("nsys/expected/") + recording + QLatin1Char('_') + report
                            + QStringLiteral(".csv")));
    }

    // On PyTorch traces (no nsys to ask) they print what the CLI's reports print.
    void summariesEqualTheCliReports_data()
    {
        QTest::addColumn<QString>("trace");
        QTest::addColumn<QString>("report");
        for (const char *trace : {"kineto/resnet50_train.json.gz", "kineto/dlrm_train.json.gz",
                                  "kineto/transformer_train_2streams.json.gz", "hta/amd_mi250_rocm62.json.gz"})
            for (const char *report : {"cuda_gpu_kern_sum", "cuda_api_sum", "nvtx_sum"})
                QTest::addRow("%s %s", trace, report)
                    << sharedTraces() + QLatin1String(trace) << QString::fromLatin1(report);
    }
    void summariesEqualTheCliReports()
    {
        QFETCH(QString, trace);
        QFETCH(QString, report);
        const auto t = cachedTraceOrWarn(trace);
        QVERIFY(t);
        const Table table = report == QLatin1String("cuda_gpu_kern_sum") ? kernelSummaryTable(kernelSummary(*t))
            : report == QLatin1String("cuda_api_sum")                    ? apiSummaryTable(apiSummary(*t))
                                                                         : rangeSummaryTable(*t);
        QVERIFY(!table.rows.empty());
        QString error;
        const QString got = sqlCsv(databaseFor(t), example(qPrintable(report)), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        compareCsv(got, csvText(table));
    }

    // Kernels launched inside "FWD pass" ranges: the rows nsys nvtx_kern_sum
    // has for ":FWD pass" (summed over threads), and the range -> kernels lookup.
    void kernelsInRange_data()
    {
        QTest::addColumn<QString>("trace");
        QTest::addColumn<QString>("nsysExpected");
        QTest::newRow("nvtx_cnn") << sharedTraces() + QStringLiteral("nsys/nvtx_cnn.sqlite")
                                  << sharedTraces() + QStringLiteral("nsys/expected/nvtx_cnn_nvtx_kern_sum.csv");
        QTest::newRow("resnet50") << kResnet << QString();
        QTest::newRow("transformer") << sharedTraces() + QStringLiteral("kineto/transformer_train_2streams.json.gz")
                                     << QString();
    }
    void kernelsInRange()
    {
        QFETCH(QString, trace);
        QFETCH(QString, nsysExpected);
        const auto t = cachedTraceOrWarn(trace);
        QVERIFY(t);
        QString error;
        const QList<CsvRow> rows = [&] {
            QList<CsvRow> keyed;
            const auto csv = parseCsv(sqlCsv(databaseFor(t), example("kernels_in_range"), &error));
            for (qsizetype r = 1; r < csv.size(); ++r)
                keyed << CsvRow{{QStringLiteral("name"), csv[r][0]},
                                {QStringLiteral("instances"), csv[r][1]},
                                {QStringLiteral("total_ns"), csv[r][2]}};
            return keyed;
        }();
        QVERIFY2(error.isEmpty(), qPrintable(error));
        std::map<QString, std::pair<qlonglong, qlonglong>> got;
        for (const CsvRow &row : rows)
            got[row[QStringLiteral("name")]] = {row[QStringLiteral("instances")].toLongLong(),
                                                row[QStringLiteral("total_ns")].toLongLong()};

        std::map<QString, std::pair<qlonglong, qlonglong>> lookedUp;
        const RangeKernelLookup lookup(*t);
        for (EventRef range : rangesNamed(*t, "FWD pass"))
            for (const LaunchedGpuOp &op : lookup.find(range).launched)
                if (t->event(op.op).kind == EventKind::Kernel) {
                    auto &entry = lookedUp[QString::fromStdString(std::string(t->name(op.op)))];
                    entry.first += 1;
                    entry.second += t->event(op.op).duration;
                }
        QVERIFY(!lookedUp.empty());
        QCOMPARE(got, lookedUp);

        if (!nsysExpected.isEmpty()) {
            std::map<QString, std::pair<qlonglong, qlonglong>> nsys;
            for (const CsvRow &row : readExpectedCsv(nsysExpected)) {
                if (row[QStringLiteral("NVTX Range")] != QLatin1String(":FWD pass"))
                    continue;
                auto &entry = nsys[row[QStringLiteral("Kernel Name")]];
                entry.first += row[QStringLiteral("Kern Inst")].toLongLong();
                entry.second += row[QStringLiteral("Total Time (ns)")].toLongLong();
            }
            QCOMPARE(got, nsys);
        }
    }

    // The same join widened to the range's process: the lookup's LaunchScope::Process.
    void kernelsInRangeAnyThread()
    {
        const auto t = cachedTraceOrWarn(kResnet);
        QVERIFY(t);
        QString error;
        const auto rows = sqlRows(databaseFor(t), example("kernels_in_range_any_thread"), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const RangeKernelLookup lookup(*t);
        QList<QStringList> want;
        for (EventRef range : rangesNamed(*t, "BWD pass")) {
            qlonglong count = 0, total = 0;
            for (const LaunchedGpuOp &op : lookup.find(range, LaunchScope::Process).launched)
                if (t->event(op.op).kind == EventKind::Kernel) {
                    ++count;
                    total += t->event(op.op).duration;
                }
            if (count)
                want << QStringList{QString::number(sqlEventId(range)), QString::number(count), QString::number(total)};
        }
        QVERIFY(!want.isEmpty());
        QCOMPARE(rows, want);
    }

    void enclosingRanges_data()
    {
        QTest::addColumn<QString>("trace");
        QTest::newRow("resnet50") << kResnet;
        QTest::newRow("nvtx_cnn") << sharedTraces() + QStringLiteral("nsys/nvtx_cnn.sqlite");
    }
    void enclosingRanges()
    {
        QFETCH(QString, trace);
        const auto t = cachedTraceOrWarn(trace);
        QVERIFY(t);
        // The call the example asks about: the longest cudaLaunchKernel* inside a "FWD pass", same thread.
        EventRef call;
        const RangeKernelLookup lookup(*t);
        for (EventRef range : rangesNamed(*t, "FWD pass"))
            for (const LaunchedGpuOp &op : lookup.find(range).launched) {
                const bool launchKernel = t->name(op.call).rfind("cudaLaunchKernel", 0) == 0;
                const auto better = [&] {
                    const TimeNs d = t->event(op.call).duration, best = t->event(call).duration;
                    return d > best || (d == best && op.call < call);
                };
                if (launchKernel && (!call.isValid() || better()))
                    call = op.call;
            }
        QVERIFY(call.isValid());
        QString error;
        const auto rows = sqlRows(databaseFor(t), example("enclosing_ranges"), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QStringList got;
        for (const QStringList &row : rows)
            got << row[0];
        const auto want = rangeIdsOf(rangesAround(*t, call));
        QVERIFY(want.size() >= 2);
        QCOMPARE(got, want);
    }

    void enclosingRangesOfKernel()
    {
        const auto t = cachedTraceOrWarn(kResnet);
        QVERIFY(t);
        // The longest kernel launched inside any range on the launching thread.
        LaunchedGpuOp longest;
        const RangeKernelLookup lookup(*t);
        for (std::uint32_t tr = 0; tr < t->tracks.size(); ++tr)
            for (std::uint32_t i = 0; i < t->tracks[tr].events.size(); ++i)
                if (t->tracks[tr].events[i].kind == EventKind::Range && t->tracks[tr].thread >= 0)
                    for (const LaunchedGpuOp &op : lookup.find(EventRef{tr, i}).launched) {
                        if (t->event(op.op).kind != EventKind::Kernel)
                            continue;
                        const TimeNs d = t->event(op.op).duration;
                        if (!longest.op.isValid() || d > t->event(longest.op).duration
                            || (d == t->event(longest.op).duration && op.op < longest.op))
                            longest = op;
                    }
        QVERIFY(longest.op.isValid());
        QString error;
        const auto rows = sqlRows(databaseFor(t), example("enclosing_ranges_of_kernel"), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QStringList got;
        for (const QStringList &row : rows) {
            got << row[0];
            QCOMPARE(row[3], QString::fromStdString(std::string(t->name(longest.op))));
        }
        QCOMPARE(got, rangeIdsOf(rangesAround(*t, longest.call)));
    }

    void convTimePerIteration()
    {
        const auto t = cachedTraceOrWarn(kResnet);
        QVERIFY(t);
        QString error;
        const auto rows = sqlRows(databaseFor(t), example("conv_time_per_iteration"), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        std::vector<EventRef> steps;
        for (std::uint32_t tr = 0; tr < t->tracks.size(); ++tr)
            for (std::uint32_t i = 0; i < t->tracks[tr].events.size(); ++i)
                if (t->tracks[tr].events[i].kind == EventKind::Range && t->name({tr, i}).rfind("ProfilerStep#", 0) == 0)
                    steps.push_back({tr, i});
        std::sort(steps.begin(), steps.end(),
                  [&](EventRef a, EventRef b) { return t->event(a).start < t->event(b).start; });
        QCOMPARE(rows.size(), qsizetype(steps.size()));
        QCOMPARE(steps.size(), std::size_t(5)); // README: five profiler steps
        const RangeKernelLookup lookup(*t);
        for (std::size_t s = 0; s < steps.size(); ++s) {
            qlonglong count = 0, total = 0;
            for (const LaunchedGpuOp &op : lookup.find(steps[s], LaunchScope::Process).launched)
                if (t->event(op.op).kind == EventKind::Kernel && isConvolution(t->name(op.op))) {
                    ++count;
                    total += t->event(op.op).duration;
                }
            QVERIFY(count > 0);
            QCOMPARE(rows[qsizetype(s)][0], QString::fromStdString(std::string(t->name(steps[s]))));
            QCOMPARE(rows[qsizetype(s)][1].toLongLong(), count);
            QCOMPARE(rows[qsizetype(s)][2].toLongLong(), total);
        }
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestSqlDocs)
#include "tst_sql_docs.moc"
