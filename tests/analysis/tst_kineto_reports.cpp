// The summaries on every shared PyTorch profiler (Kineto) trace, against the
// figures tests/reference/chrome_reference.py computed on its own (Python json,
// decimal nanoseconds, nsys report definitions written out independently) and
// committed in tests/data/expected/chrome. Rows must come in the same order;
// counts, totals, min, max and medians must be exact, averages, deviations and
// percentages within 0.1. tracelane-cli must print the same figures as CSV.
#include "report_csv.h"

#include "analysis/ranges/range_projection.h"
#include "analysis/ranges/range_projection_summary.h"
#include "analysis/ranges/range_summary.h"
#include "analysis/summaries/api_summary.h"
#include "analysis/summaries/kernel_summary.h"
#include "cached_import.h"

#include "shared_traces.h"
#include "test_registry.h"

#include <QtTest>

#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>

using namespace tracelane;
using namespace tracelane::test;

namespace {

const QString kExpectedChrome = QStringLiteral(TRACELANE_TEST_DATA "/expected/chrome/");

struct KinetoCheck
{
    const char *key; // the report's name in the reference files
    std::function<Table(const Trace &)> table;
    QStringList cliArgs;
};

const std::vector<KinetoCheck> &kinetoChecks()
{
    static const std::vector<KinetoCheck> all = {
        {"kernels", [](const Trace &t) { return kernelSummaryTable(kernelSummary(t)); }, {QStringLiteral("kernels")}},
        {"api", [](const Trace &t) { return apiSummaryTable(apiSummary(t)); }, {QStringLiteral("api")}},
        {"ranges", [](const Trace &t) { return rangeSummaryTable(t); }, {QStringLiteral("ranges")}},
        {"projection",
         [](const Trace &t) { return rangeProjectionSummaryTable(t, projectRanges(t)); },
         {QStringLiteral("ranges"), QStringLiteral("--projection")}},
        {"projection_trace",
         [](const Trace &t) { return rangeProjectionTraceTable(t, projectRanges(t)); },
         {QStringLiteral("ranges"), QStringLiteral("--projection"), QStringLiteral("--trace")}},
    };
    return all;
}

const KinetoCheck *kinetoCheckNamed(const QString &key)
{
    for (const KinetoCheck &r : kinetoChecks())
        if (key == QLatin1String(r.key))
            return &r;
    return nullptr;
}

// Every shared Kineto trace: "kineto/resnet50_train", "hta/triton_example", ...
QStringList sharedKinetoTraces()
{
    QStringList traces;
    const QString suffix = QStringLiteral(".json.gz");
    for (const QString &folder : {QStringLiteral("kineto"), QStringLiteral("hta")}) {
        const QDir dir(sharedTraces() + folder);
        for (const QString &file : dir.entryList(QStringList{QStringLiteral("*.json.gz")}, QDir::Files, QDir::Name))
            traces << folder + QLatin1Char('/') + file.chopped(suffix.size());
    }
    return traces;
}

QString referencePath(const QString &trace)
{
    return kExpectedChrome + trace.section(QLatin1Char('/'), 1) + QStringLiteral(".json");
}

const nlohmann::json &kinetoReferenceJson(const QString &trace)
{
    static std::map<QString, nlohmann::json> cache;
    auto it = cache.find(trace);
    if (it == cache.end()) {
        std::ifstream in(referencePath(trace).toStdString());
        it = cache.emplace(trace, in.good() ? nlohmann::json::parse(in) : nlohmann::json()).first;
    }
    return it->second;
}

// Traces stay loaded: the in-process rows of one trace share one import.
std::shared_ptr<const Trace> loaded(const QString &trace, std::string &error)
{
    const ImportResult &result = test::cachedImport(sharedTraces() + trace + QStringLiteral(".json.gz"));
    error = result.error;
    return result.trace;
}

QString kinetoReference(const nlohmann::json &value)
{
    if (value.is_null())
        return {};
    if (value.is_string())
        return QString::fromStdString(value.get<std::string>());
    if (value.is_number_integer())
        return QString::number(value.get<std::int64_t>());
    return QString::number(value.get<double>(), 'g', 12);
}

// Empty when `got` (CSV rows, header first) matches the reference report; else
// names the first differing row and column.
QString compareWithReference(const QString &trace, const QString &key, const QList<QStringList> &got)
{
    const nlohmann::json &ref = kinetoReferenceJson(trace);
    const std::string k = key.toStdString();
    QStringList columns;
    for (const auto &c : ref.at("columns").at(k))
        columns << QString::fromStdString(c.get<std::string>());
    const nlohmann::json &rows = ref.at(k);
    const QString where = trace + QStringLiteral(", ") + key;
    const qsizetype nameColumn = std::max(columns.indexOf(QStringLiteral("Name")),
                                          columns.indexOf(QStringLiteral("Range")));
    if (got.isEmpty() || got.first() != columns)
        return where
            + QStringLiteral(": header '%1', reference '%2'")
                  .arg(got.isEmpty() ? QString() : got.first().join(QLatin1Char(',')), columns.join(QLatin1Char(',')));
    if (std::size_t(got.size() - 1) != rows.size())
        return where + QStringLiteral(": %1 rows, reference %2").arg(got.size() - 1).arg(rows.size());
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const QStringList &row = got[qsizetype(r) + 1];
        if (row.size() != columns.size())
            return where + QStringLiteral(", row %1: %2 fields").arg(r + 1).arg(row.size());
        for (qsizetype c = 0; c < columns.size(); ++c) {
            const nlohmann::json &want = rows[r].at(columns[c].toStdString());
            bool match;
            if (want.is_number_float()) {
                bool ok = false;
                const double g = row[c].toDouble(&ok), w = want.get<double>();
                match = ok && (isRoundedColumn(columns[c]) ? std::abs(g - w) <= 0.1 + 1e-9 : g == w);
            } else {
                match = row[c] == kinetoReference(want);
            }
            if (!match)
                return where
                    + QStringLiteral(", row %1 ('%2'), column '%3': got '%4', reference '%5'")
                          .arg(r + 1)
                          .arg(row.value(nameColumn).left(60), columns[c], row[c].left(80),
                               kinetoReference(want).left(80));
        }
    }
    return {};
}

QString cliCsv(const QString &trace, const QStringList &args, QString &error)
{
    QProcess cli;
    cli.start(QStringLiteral(TRACELANE_CLI),
              args
                  + QStringList{sharedTraces() + trace + QStringLiteral(".json.gz"), QStringLiteral("--format"),
                                QStringLiteral("csv")});
    if (!cli.waitForFinished(120000) || cli.exitStatus() != QProcess::NormalExit || cli.exitCode() != 0)
        error = QStringLiteral("tracelane-cli %1 failed: %2")
                    .arg(args.join(QLatin1Char(' ')), QString::fromUtf8(cli.readAllStandardError()));
    return QString::fromUtf8(cli.readAllStandardOutput());
}

// One row per trace and report the reference holds.
void addKinetoRows(const QStringList &traces)
{
    QTest::addColumn<QString>("trace");
    QTest::addColumn<QString>("report");
    for (const QString &trace : traces) {
        for (const KinetoCheck &report : kinetoChecks()) {
            if (kinetoReferenceJson(trace).contains(report.key)) // per-instance rows only for small traces
                QTest::addRow("%s %s", qPrintable(trace), report.key) << trace << QString::fromLatin1(report.key);
        }
    }
}

} // namespace

class TestKinetoReports : public QObject
{
    Q_OBJECT

private slots:
    void everyTraceHasReference()
    {
        const QStringList traces = sharedKinetoTraces();
        QVERIFY(traces.size() >= 11);
        for (const QString &trace : traces) {
            const nlohmann::json &ref = kinetoReferenceJson(trace);
            QVERIFY2(ref.is_object(),
                     qPrintable(referencePath(trace)
                                + QStringLiteral(" is missing: run "
                                                 "tests/reference/chrome_reference.py")));
            for (const char *key : {"kernels", "api", "ranges", "projection"})
                QVERIFY2(ref.contains(key), qPrintable(trace + QStringLiteral(" has no ") + QLatin1String(key)));
        }
    }

    void summariesMatchReference_data() { addKinetoRows(sharedKinetoTraces()); }
    void summariesMatchReference()
    {
        QFETCH(QString, trace);
        QFETCH(QString, report);
        std::string error;
        const auto t = loaded(trace, error);
        QVERIFY2(t, error.c_str());
        const KinetoCheck *r = kinetoCheckNamed(report);
        QVERIFY(r);
        const QString mismatch = compareWithReference(trace, report, parseCsv(csvText(r->table(*t))));
        QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
    }

    // The CLI on one recording of ours and one from another vendor (ROCm).
    void cliMatchesReference_data()
    {
        addKinetoRows({QStringLiteral("kineto/compiled_mlp_train"), QStringLiteral("hta/amd_mi250_rocm62")});
    }
    void cliMatchesReference()
    {
        QFETCH(QString, trace);
        QFETCH(QString, report);
        const KinetoCheck *r = kinetoCheckNamed(report);
        QVERIFY(r);
        QString error;
        const QString csv = cliCsv(trace, r->cliArgs, error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QString mismatch = compareWithReference(trace, report, parseCsv(csv));
        QVERIFY2(mismatch.isEmpty(), qPrintable(QStringLiteral("tracelane-cli: ") + mismatch));
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestKinetoReports)
#include "tst_kineto_reports.moc"
