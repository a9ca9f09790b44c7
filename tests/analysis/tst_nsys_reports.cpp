// The summaries against `nsys stats` itself: expected/*.csv is what nsys
// 2025.3.1 printed for the two recordings in shared/traces/nsys. Both exports of
// each recording (.sqlite and _nsys.json) must give the same rows in the same
// order: counts, totals, min, max and medians exactly, averages, deviations and
// percentages within 0.1. The CLI must print the same CSV.
#include "analysis/api_summary.h"
#include "analysis/gpu_mem_time_summary.h"
#include "analysis/kernel_summary.h"
#include "analysis/range_kernel_summary.h"
#include "analysis/range_projection.h"
#include "analysis/range_projection_summary.h"
#include "analysis/range_summary.h"
#include "export/table.h"
#include "import/importer.h"

#include <QtTest>

#include <functional>
#include <map>
#include <sstream>

using namespace tracelane;

namespace {

const QString kNsysDir = QStringLiteral(TRACELANE_SHARED_TRACES "/nsys/");

struct Report
{
    const char *name; // nsys report name, as in expected/<recording>_<name>.csv
    std::function<Table(const Trace &)> table;
    QStringList cliArgs;
};

const std::vector<Report> &reports()
{
    static const std::vector<Report> all = {
        {"cuda_gpu_kern_sum", [](const Trace &t) { return kernelSummaryTable(kernelSummary(t)); },
         {QStringLiteral("kernels")}},
        {"cuda_api_sum", [](const Trace &t) { return apiSummaryTable(apiSummary(t)); }, {QStringLiteral("api")}},
        {"cuda_gpu_mem_time_sum", [](const Trace &t) { return gpuMemTimeSummaryTable(gpuMemTimeSummary(t)); },
         {QStringLiteral("gpu-mem")}},
        {"nvtx_sum", [](const Trace &t) { return rangeSummaryTable(t); }, {QStringLiteral("ranges")}},
        {"nvtx_gpu_proj_sum", [](const Trace &t) { return rangeProjectionSummaryTable(t, projectRanges(t)); },
         {QStringLiteral("ranges"), QStringLiteral("--projection")}},
        {"nvtx_gpu_proj_trace", [](const Trace &t) { return rangeProjectionTraceTable(t, projectRanges(t)); },
         {QStringLiteral("ranges"), QStringLiteral("--projection"), QStringLiteral("--trace")}},
        {"nvtx_kern_sum", [](const Trace &t) { return rangeKernelSummaryTable(t); },
         {QStringLiteral("range-kernels")}},
    };
    return all;
}

const Report *reportNamed(const QString &name)
{
    for (const Report &r : reports())
        if (name == QLatin1String(r.name))
            return &r;
    return nullptr;
}

// RFC 4180 fields as nsys writes them: quoted when they hold a comma or quote.
QList<QStringList> parseCsv(const QString &text)
{
    QList<QStringList> rows;
    QStringList row;
    QString field;
    bool quoted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == QLatin1Char('"') && i + 1 < text.size() && text[i + 1] == QLatin1Char('"'))
                field += text[++i];
            else if (c == QLatin1Char('"'))
                quoted = false;
            else
                field += c;
        } else if (c == QLatin1Char('"')) {
            quoted = true;
        } else if (c == QLatin1Char(',')) {
            row << field;
            field.clear();
        } else if (c == QLatin1Char('\n')) {
            row << field;
            rows << row;
            row.clear();
            field.clear();
        } else if (c != QLatin1Char('\r')) {
            field += c;
        }
    }
    if (!field.isEmpty() || !row.isEmpty())
        rows << (row << field);
    return rows;
}

QString csvText(const Table &table)
{
    std::ostringstream out;
    writeCsv(out, table);
    return QString::fromStdString(out.str());
}

// Columns nsys derives by division: compared within 0.1, everything else exactly.
bool isRoundedColumn(const QString &column)
{
    return column.startsWith(QLatin1String("Time (%)")) || column.contains(QLatin1String("Avg"))
           || column.contains(QLatin1String("StdDev"));
}

std::shared_ptr<const Trace> loadOnce(const QString &path, QString &error, bool &noImporter)
{
    static std::map<QString, ImportResult> cache;
    auto it = cache.find(path);
    if (it == cache.end())
        it = cache.emplace(path, loadTrace(path.toStdString())).first;
    error = QString::fromStdString(it->second.error);
    noImporter = false;
    if (!it->second.ok()) {
        try {
            noImporter = detectImporter(probeFile(path.toStdString())) == nullptr;
        } catch (const std::exception &) {
        }
    }
    return it->second.trace;
}

void addRows(bool withExports)
{
    QTest::addColumn<QString>("trace");
    QTest::addColumn<QString>("report");
    QTest::addColumn<QString>("expected");
    for (const char *recording : {"nvtx_cnn", "emit_nvtx_mlp"}) {
        const QStringList exports = withExports ? QStringList{QStringLiteral(".sqlite"), QStringLiteral("_nsys.json")}
                                                : QStringList{QStringLiteral(".sqlite")};
        for (const QString &suffix : exports) {
            for (const Report &report : reports()) {
                const QString file = QLatin1String(recording) + suffix;
                QTest::addRow("%s %s", qPrintable(file), report.name)
                    << kNsysDir + file << QString::fromLatin1(report.name)
                    << kNsysDir + QStringLiteral("expected/") + QLatin1String(recording) + QLatin1Char('_')
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
    void sameRowsAsNsysStats_data() { addRows(true); }
    void sameRowsAsNsysStats()
    {
        QFETCH(QString, trace);
        QFETCH(QString, report);
        QFETCH(QString, expected);
        QString error;
        bool noImporter = false;
        const auto loaded = loadOnce(trace, error, noImporter);
        if (!loaded && noImporter)
            QSKIP("no importer is registered for Nsight Systems exports in this build");
        QVERIFY2(loaded, qPrintable(error));

        const QList<QStringList> want = parseCsv(readText(expected));
        QVERIFY2(want.size() > 1, qPrintable(expected));
        const QList<QStringList> got = parseCsv(csvText(reportNamed(report)->table(*loaded)));
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

    void cliPrintsNsysCsv_data() { addRows(false); }
    void cliPrintsNsysCsv()
    {
        QFETCH(QString, trace);
        QFETCH(QString, report);
        QFETCH(QString, expected);
        QString error;
        bool noImporter = false;
        if (!loadOnce(trace, error, noImporter) && noImporter)
            QSKIP("no importer is registered for Nsight Systems exports in this build");
        QProcess cli;
        cli.start(QStringLiteral(TRACELANE_CLI),
                  reportNamed(report)->cliArgs + QStringList{trace, QStringLiteral("--format"), QStringLiteral("csv")});
        QVERIFY(cli.waitForFinished(60000));
        QCOMPARE(cli.exitStatus(), QProcess::NormalExit);
        QCOMPARE(cli.exitCode(), 0);
        QCOMPARE(QString::fromUtf8(cli.readAllStandardError()), QString());
        QCOMPARE(QString::fromUtf8(cli.readAllStandardOutput()), readText(expected));
    }

    void cliJsonHasOneObjectPerRow()
    {
        const QString trace = kNsysDir + QStringLiteral("nvtx_cnn.sqlite");
        QString error;
        bool noImporter = false;
        if (!loadOnce(trace, error, noImporter) && noImporter)
            QSKIP("no importer is registered for Nsight Systems exports in this build");
        QProcess cli;
        cli.start(QStringLiteral(TRACELANE_CLI),
                  {QStringLiteral("ranges"), trace, QStringLiteral("--projection"), QStringLiteral("--format"),
                   QStringLiteral("json")});
        QVERIFY(cli.waitForFinished(60000));
        QCOMPARE(cli.exitCode(), 0);
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(cli.readAllStandardOutput(), &parseError);
        QVERIFY2(doc.isArray(), qPrintable(parseError.errorString()));
        const QList<QStringList> want = parseCsv(readText(kNsysDir + QStringLiteral("expected/nvtx_cnn_nvtx_gpu_proj_sum.csv")));
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

QTEST_GUILESS_MAIN(TestNsysReports)
#include "tst_nsys_reports.moc"
