// `kernels`, `api`, `ops` and `ranges` over several traces, on two ranks of one HTA run
// (sampled_rank-0/1): --per-trace prints each trace's own single-trace rows
// under a Trace column in rank order; without it, one table whose counts and
// totals are the sums of the single-trace tables and whose median, min and
// max come from the kernels of both traces, computed here from the models.
#include "analysis/operators/op_summary.h"
#include "analysis/ranges/range_summary.h"
#include "analysis/ranks/rank_identity.h"
#include "analysis/summaries/api_summary.h"
#include "analysis/summaries/kernel_summary.h"
#include "cached_import.h"
#include "cli_run.h"
#include "report_csv.h"

#include "median.h"
#include "shared_traces.h"
#include "test_registry.h"

#include <QtTest>

#include <algorithm>
#include <map>
#include <sstream>

using namespace tracelane;
using namespace tracelane::test;

namespace {

const QString kCsv[] = {QStringLiteral("--format"), QStringLiteral("csv")};

QString cliCsv(const QStringList &args)
{
    const CliRun run = runCli(args + QStringList{kCsv[0], kCsv[1]});
    if (!run.finished || run.exitCode != 0)
        qFatal("tracelane-cli %s failed: %s", qPrintable(args.join(QLatin1Char(' '))), qPrintable(run.err));
    return run.out;
}

// Data rows keyed by the name: the last column, with the pass (ops) or the
// style (ranges) where the summary has one.
std::map<QString, QStringList> byName(const QString &text, QStringList *header = nullptr)
{
    QList<QStringList> rows = parseCsv(text);
    const QStringList columns = rows.value(0);
    if (header)
        *header = columns;
    const qsizetype name = columns.indexOf(QStringLiteral("Name")) >= 0 ? columns.indexOf(QStringLiteral("Name"))
                                                                        : columns.size() - 1;
    qsizetype kind = columns.indexOf(QStringLiteral("Pass"));
    if (kind < 0)
        kind = columns.indexOf(QStringLiteral("Style"));
    std::map<QString, QStringList> named;
    for (qsizetype i = 1; i < rows.size(); ++i)
        named[kind < 0 ? rows[i][name] : rows[i][name] + QLatin1Char('/') + rows[i][kind]] = rows[i];
    return named;
}

struct Summed
{
    QString command;
    QStringList columns; // summed over the traces
};

const QList<Summed> kSummed = {
    {QStringLiteral("kernels"), {QStringLiteral("Total Time (ns)"), QStringLiteral("Instances")}},
    {QStringLiteral("api"), {QStringLiteral("Total Time (ns)"), QStringLiteral("Num Calls")}},
    {QStringLiteral("ranges"), {QStringLiteral("Total Time (ns)"), QStringLiteral("Instances")}},
    {QStringLiteral("ops"),
     {QStringLiteral("Calls"), QStringLiteral("CPU total (ns)"), QStringLiteral("CUDA total (ns)"),
      QStringLiteral("Kernels")}},
};

} // namespace

class TstMultiTraceSummary : public QObject
{
    Q_OBJECT

private slots:
    void perTraceRowsAreEachTracesOwnRows()
    {
        QCOMPARE(distributedInfo(*cachedTrace(rankTrace(0))).rank, std::optional<std::int64_t>(0));
        QCOMPARE(distributedInfo(*cachedTrace(rankTrace(1))).rank, std::optional<std::int64_t>(1));
        for (const QString &command :
             {QStringLiteral("kernels"), QStringLiteral("api"), QStringLiteral("ops"), QStringLiteral("ranges")}) {
            // Given rank 1 first: the rows still come by rank.
            const QString perTrace = cliCsv({command, rankTrace(1), rankTrace(0), QStringLiteral("--per-trace")});
            QString expected;
            for (const auto &[rank, path] :
                 {std::pair{QStringLiteral("0"), rankTrace(0)}, std::pair{QStringLiteral("1"), rankTrace(1)}}) {
                QStringList lines = cliCsv({command, path}).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
                QVERIFY(lines.size() > 1);
                if (expected.isEmpty())
                    expected = QStringLiteral("Trace,") + lines.first() + QLatin1Char('\n');
                for (qsizetype i = 1; i < lines.size(); ++i)
                    expected += rank + QLatin1Char(',') + lines[i] + QLatin1Char('\n');
            }
            QCOMPARE(perTrace, expected);
        }
        // One trace with --per-trace: its rows under its rank.
        const QString one = cliCsv({QStringLiteral("kernels"), rankTrace(1), QStringLiteral("--per-trace")});
        QVERIFY(one.startsWith(QStringLiteral("Trace,Time (%)")));
        QCOMPARE(one.count(QStringLiteral("\n1,")), one.count(QLatin1Char('\n')) - 1);
    }

    void mergedSumsCountsAndTotals()
    {
        for (const Summed &summed : kSummed) {
            QStringList header;
            const auto merged = byName(cliCsv({summed.command, rankTrace(0), rankTrace(1)}), &header);
            const auto rank0 = byName(cliCsv({summed.command, rankTrace(0)}));
            const auto rank1 = byName(cliCsv({summed.command, rankTrace(1)}));
            QVERIFY(!rank0.empty() && !rank1.empty());
            std::map<QString, std::vector<qint64>> sums; // name -> the summed columns
            for (const auto *single : {&rank0, &rank1})
                for (const auto &[name, row] : *single) {
                    std::vector<qint64> &sum = sums[name];
                    sum.resize(std::size_t(summed.columns.size()));
                    for (qsizetype c = 0; c < summed.columns.size(); ++c)
                        sum[std::size_t(c)] += row[header.indexOf(summed.columns[c])].toLongLong();
                }
            QCOMPARE(merged.size(), sums.size());
            for (const auto &[name, row] : merged) {
                QVERIFY2(sums.count(name), qPrintable(name));
                for (qsizetype c = 0; c < summed.columns.size(); ++c) {
                    const qsizetype column = header.indexOf(summed.columns[c]);
                    QVERIFY(column >= 0);
                    QCOMPARE(row[column].toLongLong(), sums[name][std::size_t(c)]);
                }
            }
        }
    }

    void mergedStatisticsAreOverAllKernels()
    {
        std::map<QString, std::vector<TimeNs>> durations;
        for (const QString &path : {rankTrace(0), rankTrace(1)}) {
            const auto trace = cachedTrace(path);
            for (const Track &track : trace->tracks)
                for (const Event &e : track.events)
                    if (e.kind == EventKind::Kernel)
                        durations[QString::fromStdString(std::string(trace->strings.view(e.name)))].push_back(
                            e.duration);
        }
        const auto merged = byName(cliCsv({QStringLiteral("kernels"), rankTrace(1), rankTrace(0)}));
        QCOMPARE(merged.size(), durations.size());
        bool sawBoth = false; // a kernel of both traces whose median is neither trace's own
        const auto rank0 = byName(cliCsv({QStringLiteral("kernels"), rankTrace(0)}));
        for (const auto &[name, values] : durations) {
            const QStringList &row = merged.at(name);
            QCOMPARE(row[4].toDouble(), medianOf(values));
            QCOMPARE(row[5].toLongLong(), qint64(*std::min_element(values.begin(), values.end())));
            QCOMPARE(row[6].toLongLong(), qint64(*std::max_element(values.begin(), values.end())));
            if (rank0.count(name) && rank0.at(name)[4] != row[4])
                sawBoth = true;
        }
        QVERIFY(sawBoth);
    }

    void oneTraceAloneIsUnchanged()
    {
        const auto trace = cachedTrace(rankTrace(0));
        QCOMPARE(cliCsv({QStringLiteral("kernels"), rankTrace(0)}), csvText(kernelSummaryTable(kernelSummary(*trace))));
        QCOMPARE(cliCsv({QStringLiteral("api"), rankTrace(0)}), csvText(apiSummaryTable(apiSummary(*trace))));
        // The several-trace summary of one trace is that trace's summary.
        QCOMPARE(csvText(kernelSummaryTable(kernelSummary(std::vector<const Trace *>{trace.get()}))),
                 csvText(kernelSummaryTable(kernelSummary(*trace))));
        QCOMPARE(csvText(apiSummaryTable(apiSummary(std::vector<const Trace *>{trace.get()}))),
                 csvText(apiSummaryTable(apiSummary(*trace))));
        QCOMPARE(csvText(opSummaryTable(opSummary(std::vector<const Trace *>{trace.get()}))),
                 csvText(opSummaryTable(opSummary(*trace))));
        QCOMPARE(csvText(rangeSummaryTable(std::vector<const Trace *>{trace.get()})),
                 csvText(rangeSummaryTable(*trace)));
    }

    void badInput()
    {
        const QString missing = sharedTraces() + QStringLiteral("hta/no_such_rank.json.gz");
        const CliRun run = runCli({QStringLiteral("kernels"), rankTrace(0), missing, QStringLiteral("--per-trace")});
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, 3);
        QVERIFY(run.out.isEmpty());
        QVERIFY2(run.err.contains(QStringLiteral("no_such_rank.json.gz")), qPrintable(run.err));
        QCOMPARE(runCli({QStringLiteral("api")}).exitCode, 2);
        QCOMPARE(runCli({QStringLiteral("api"), rankTrace(0), QStringLiteral("--per-rank")}).exitCode, 2);
        QCOMPARE(
            runCli({QStringLiteral("ranges"), rankTrace(0), rankTrace(1), QStringLiteral("--projection")}).exitCode, 2);
        QCOMPARE(runCli({QStringLiteral("ranges"), rankTrace(0), rankTrace(1), QStringLiteral("--projection"),
                         QStringLiteral("--per-trace")})
                     .exitCode,
                 0);
    }
};

TRACELANE_TEST_GUILESS_MAIN(TstMultiTraceSummary)
#include "tst_multi_trace_summary.moc"
