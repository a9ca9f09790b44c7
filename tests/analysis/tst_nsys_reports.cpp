// The summaries against `nsys stats` itself: expected/*.csv is what nsys
// 2025.3.1 printed for the two recordings in shared/traces/nsys. Both exports of
// each recording (.sqlite and _nsys.json) must give the same rows in the same
// order: counts, totals, min, max and medians exactly, averages, deviations and
// percentages within 0.1. The CLI must print the same CSV.
#include "report_csv.h"

#include "analysis/ranges/range_kernel_summary.h"
#include "analysis/ranges/range_projection.h"
#include "analysis/ranges/range_projection_summary.h"
#include "analysis/ranges/range_summary.h"
#include "analysis/summaries/api_summary.h"
#include "analysis/summaries/gpu_mem_time_summary.h"
#include "analysis/summaries/kernel_summary.h"
#include "cached_import.h"
#include "export/table.h"

#include "test_registry.h"

#include <QtTest>

#include <functional>
#include <map>

using namespace tracelane;
using namespace tracelane::test;

namespace {

const QString kNsysTraces = QStringLiteral(TRACELANE_SHARED_TRACES "/nsys/");

struct NsysCheck
{
    const char *name; // nsys report name, as in expected/<recording>_<name>.csv
    std::function<Table(const Trace &)> table;
    QStringList cliArgs;
};

const std::vector<NsysCheck> &nsysChecks()
{
    static const std::vector<NsysCheck> all = {
        {"cuda_gpu_kern_sum",
         [](const Trace &t) { return kernelSummaryTable(kernelSummary(t)); },
         {QStringLiteral("kernels")}},
        {"cuda_api_sum", [](const Trace &t) { return apiSummaryTable(apiSummary(t)); }, {QStringLiteral("api")}},
        {"cuda_gpu_mem_time_sum",
         [](const Trace &t) { return gpuMemTimeSummaryTable(gpuMemTimeSummary(t)); },
         {QStringLiteral("gpu-mem")}},
        {"nvtx_sum", [](const Trace &t) { return rangeSummaryTable(t); }, {QStringLiteral("ranges")}},
        {"nvtx_gpu_proj_sum",
         [](const Trace &t) { return rangeProjectionSummaryTable(t, projectRanges(t)); },
         {QStringLiteral("ranges"), QStringLiteral("--projection")}},
        {"nvtx_gpu_proj_trace",
         [](const Trace &t) { return rangeProjectionTraceTable(t, projectRanges(t)); },
         {QStringLiteral("ranges"), QStringLiteral("--projection"), QStringLiteral("--trace")}},
        {"nvtx_kern_sum", [](const Trace &t) { return rangeKernelSummaryTable(t); }, {QStringLiteral("range-kernels")}},
    };
    return all;
}

const NsysCheck *nsysCheckNamed(const QString &name)
{
    for (const NsysCheck &r : nsysChecks())
        if (name == QLatin1String(r.name))
            return &r;
    return nullptr;
}

std::shared_ptr<const Trace> loadOnce(const QString &path, QString &error)
{
    const ImportResult &result = test::cachedImport(path);
    error = QString::fromStdString(result.error);
    return result.trace;
}

void addNsysRows(bool withExports)
{
    QTest::addColumn<QString>("trace");
    QTest::addColumn<QString>("report");
    QTest::addColumn<QString>("expected");
    for (const char *recording : {"nvtx_cnn", "emit_nvtx_mlp"}) {
        const QStringList exports = withExports ? QStringList{QStringLiteral(".sqlite"), QStringLiteral("_nsys.json")}
                                                : QStringList{QStringLiteral(".sqlite")};
        for (const QString &suffix : exports) {
            for (const NsysCheck &report : nsysChecks()) {
                const QString file = QLatin1String(recording) + suffix;
                QTest::addRow("%s %s", qPrintable(file), report.name)
                    << kNsysTraces + file << QString::fromLatin1(report.name)
                    << kNsysTraces + QStringLiteral("expected/") + QLatin1String(recording) + QLatin1Char('_')
                        + QLatin1String(report.name) + QStringLiteral(".csv");
            }
        }
    }
}

QString readText(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

} // namespace

class TestNsysReports : public QObject
{
    Q_OBJECT

private slots:
    void sameRowsAsNsysStats_data() { addNsysRows(true); }
    void sameRowsAsNsysStats()
    {
        QFETCH(QString, trace);
        QFETCH(QString, report);
        QFETCH(QString, expected);
        QString error;
        const auto loaded = loadOnce(trace, error);
        QVERIFY2(loaded, qPrintable(error));

        const QList<QStringList> want = parseCsv(readText(expected));
        QVERIFY2(want.size() > 1, qPrintable(expected));
        const QList<QStringList> got = parseCsv(csvText(nsysCheckNamed(report)->table(*loaded)));
        QCOMPARE(got.first(), want.first()); // header
        QCOMPARE(got.size(), want.size());
        const QStringList &columns = want.first();
        for (qsizetype r = 1; r < want.size(); ++r) {
            QCOMPARE(got[r].size(), columns.size());
            for (qsizetype c = 0; c < columns.size(); ++c) {
                const QString where = QStringLiteral("row %1, column '%2': got '%3', nsys '%4'")
                                          .arg(r)
                                          .arg(columns[c], got[r][c].left(80), want[r][c].left(80));
                if (isRoundedColumn(columns[c])) {
                    bool okGot = false, okWant = false;
                    const double g = got[r][c].toDouble(&okGot), w = want[r][c].toDouble(&okWant);
                    QVERIFY2(okGot && okWant && std::abs(g - w) <= 0.1 + 1e-9, qPrintable(where));
                } else {
                    QVERIFY2(got[r][c] == want[r][c], qPrintable(where));
                }
            }
        }
    }

    void cliPrintsNsysCsv_data() { addNsysRows(false); }
    void cliPrintsNsysCsv()
    {
        QFETCH(QString, trace);
        QFETCH(QString, report);
        QFETCH(QString, expected);
        QString error;
        QVERIFY2(loadOnce(trace, error), qPrintable(error));
        QProcess cli;
        cli.start(QStringLiteral(TRACELANE_CLI),
                  nsysCheckNamed(report)->cliArgs
                      + QStringList{trace, QStringLiteral("--format"), QStringLiteral("csv")});
        QVERIFY(cli.waitForFinished(60000));
        QCOMPARE(cli.exitStatus(), QProcess::NormalExit);
        QCOMPARE(cli.exitCode(), 0);
        QCOMPARE(QString::fromUtf8(cli.readAllStandardError()), QString());
        QCOMPARE(QString::fromUtf8(cli.readAllStandardOutput()), readText(expected));
    }

    void cliJsonHasOneObjectPerRow()
    {
        const QString trace = kNsysTraces + QStringLiteral("nvtx_cnn.sqlite");
        QString error;
        QVERIFY2(loadOnce(trace, error), qPrintable(error));
        QProcess cli;
        cli.start(QStringLiteral(TRACELANE_CLI),
                  {QStringLiteral("ranges"), trace, QStringLiteral("--projection"), QStringLiteral("--format"),
                   QStringLiteral("json")});
        QVERIFY(cli.waitForFinished(60000));
        QCOMPARE(cli.exitCode(), 0);
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(cli.readAllStandardOutput(), &parseError);
        QVERIFY2(doc.isArray(), qPrintable(parseError.errorString()));
        const QList<QStringList> want = parseCsv(
            readText(kNsysTraces + QStringLiteral("expected/nvtx_cnn_nvtx_gpu_proj_sum.csv")));
        QCOMPARE(doc.array().size(), want.size() - 1);
        const QJsonObject first = doc.array().first().toObject();
        QCOMPARE(first.value(QStringLiteral("Range")).toString(), want[1][0]);
        QCOMPARE(first.value(QStringLiteral("Total Proj Time (ns)")).toInteger(), want[1][2].toLongLong());
    }

    void cliRejectsUnreadableInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        const QString missing = QStringLiteral("/nonexistent/trace.sqlite");
        const QString notATrace = QStringLiteral(TRACELANE_SHARED_TRACES "/README.md");
        for (const char *command : {"kernels", "api", "ranges", "range-kernels", "gpu-mem"}) {
            QTest::addRow("%s missing file", command) << QStringList{QLatin1String(command), missing} << 3;
            QTest::addRow("%s not a trace", command) << QStringList{QLatin1String(command), notATrace} << 3;
            QTest::addRow("%s bad format", command)
                << QStringList{QLatin1String(command), missing, QStringLiteral("--format"), QStringLiteral("xml")} << 2;
        }
        QTest::newRow("ranges --trace without --projection")
            << QStringList{QStringLiteral("ranges"), missing, QStringLiteral("--trace")} << 2;
    }
    void cliRejectsUnreadableInput()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QProcess cli;
        cli.start(QStringLiteral(TRACELANE_CLI), args);
        QVERIFY(cli.waitForFinished(30000));
        QCOMPARE(cli.exitCode(), exitCode);
        QCOMPARE(cli.readAllStandardOutput(), QByteArray());
        const QString err = QString::fromUtf8(cli.readAllStandardError());
        QVERIFY(!err.isEmpty());
        if (exitCode == 3) { // one line naming the file
            QCOMPARE(err.count(QLatin1Char('\n')), 1);
            QVERIFY2(err.contains(args[1]), qPrintable(err));
        }
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestNsysReports)
#include "tst_nsys_reports.moc"
