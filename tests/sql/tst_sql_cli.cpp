// tracelane-cli sql: the three output formats agree with each other and with
// nsys's counts, and every kind of mistake gets its message and exit status.
#include "cli_run.h"
#include "report_csv.h"

#include "test_registry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace tracelane::test;

namespace {

const QString kCnn = QStringLiteral(TRACELANE_SHARED_TRACES "/nsys/nvtx_cnn.sqlite");
const QString kPerKind = QStringLiteral("SELECT kind, count(*) AS n, sum(dur) AS total FROM event GROUP BY kind ORDER BY kind");

// Kernel instances and total time as nsys counted them.
std::pair<qlonglong, qlonglong> nsysKernelTotals()
{
    qlonglong count = 0, total = 0;
    for (const CsvRow &row : readExpectedCsv(QStringLiteral(TRACELANE_SHARED_TRACES "/nsys/expected/nvtx_cnn_cuda_gpu_kern_sum.csv"))) {
        count += row[QStringLiteral("Instances")].toLongLong();
        total += row[QStringLiteral("Total Time (ns)")].toLongLong();
    }
    return {count, total};
}

} // namespace

class TestSqlCli : public QObject
{
    Q_OBJECT

private slots:
    void csvJsonAndTableAgree()
    {
        const auto [kernels, kernelTime] = nsysKernelTotals();
        QVERIFY(kernels > 0);

        const CliRun csv = runCli({QStringLiteral("sql"), kCnn, kPerKind, QStringLiteral("--format"), QStringLiteral("csv")});
        QVERIFY(csv.finished);
        QCOMPARE(csv.exitCode, 0);
        QCOMPARE(csv.err, QString());
        const auto rows = parseCsv(csv.out);
        QCOMPARE(rows.first(), (QStringList{QStringLiteral("kind"), QStringLiteral("n"), QStringLiteral("total")}));
        QStringList kinds;
        for (qsizetype r = 1; r < rows.size(); ++r) {
            kinds << rows[r][0];
            if (rows[r][0] == QLatin1String("kernel")) {
                QCOMPARE(rows[r][1].toLongLong(), kernels);
                QCOMPARE(rows[r][2].toLongLong(), kernelTime);
            }
        }
        QVERIFY(kinds.contains(QStringLiteral("kernel")));
        QStringList sorted = kinds;
        sorted.sort();
        QCOMPARE(kinds, sorted);

        const CliRun json = runCli({QStringLiteral("sql"), kCnn, kPerKind, QStringLiteral("--format=json")});
        QCOMPARE(json.exitCode, 0);
        const QJsonArray array = QJsonDocument::fromJson(json.out.toUtf8()).array();
        QCOMPARE(array.size(), rows.size() - 1);
        for (qsizetype r = 1; r < rows.size(); ++r) {
            const QJsonObject object = array[r - 1].toObject();
            QCOMPARE(object.value(QStringLiteral("kind")).toString(), rows[r][0]);
            QCOMPARE(object.value(QStringLiteral("n")).toInteger(), rows[r][1].toLongLong());
        }

        const CliRun table = runCli({QStringLiteral("sql"), kCnn, kPerKind});
        QCOMPARE(table.exitCode, 0);
        const QStringList lines = table.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), rows.size() + 1); // header, dashes, one line per row
        QVERIFY(lines[0].startsWith(QLatin1String("kind")));
        QVERIFY(lines[1].startsWith(QLatin1String("------")));
        const QStringList kernelLine = lines[2 + kinds.indexOf(QStringLiteral("kernel"))].simplified().split(QLatin1Char(' '));
        QCOMPARE(kernelLine, (QStringList{QStringLiteral("kernel"), QString::number(kernels), QString::number(kernelTime)}));
    }

    void valuesKeepTheirTypes()
    {
        const CliRun json = runCli({QStringLiteral("sql"), kCnn,
                                    QStringLiteral("SELECT 0.5 AS half, 2.0 AS two, 7 AS seven, NULL AS none, 'a\"b' AS text"),
                                    QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(json.exitCode, 0);
        QCOMPARE(json.out, QStringLiteral("[\n {\"half\": 0.5, \"two\": 2.0, \"seven\": 7, \"none\": null, \"text\": \"a\\\"b\"}\n]\n"));
        const CliRun empty = runCli({QStringLiteral("sql"), kCnn, QStringLiteral("SELECT id FROM event WHERE 0"),
                                     QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(empty.out, QStringLiteral("[]\n"));
    }

    void queryFromFileOrStartingWithAComment()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile file(dir.filePath(QStringLiteral("q.sql")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("-- kernels\nSELECT count(*) AS kernels FROM kernel;\n");
        file.close();
        const QString want = QStringLiteral("kernels\n%1\n").arg(nsysKernelTotals().first);
        const CliRun fromFile = runCli({QStringLiteral("sql"), kCnn, QStringLiteral("--file"), file.fileName(),
                                        QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(fromFile.exitCode, 0);
        QCOMPARE(fromFile.out, want);
        const CliRun commented = runCli({QStringLiteral("sql"), kCnn, QStringLiteral("-- kernels\nSELECT count(*) AS kernels FROM kernel"),
                                         QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(commented.exitCode, 0);
        QCOMPARE(commented.out, want);
    }

    void mistakes_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        const QString sql = QStringLiteral("sql");
        const QString missing = QStringLiteral("/nonexistent/trace.sqlite");
        const QString notATrace = QStringLiteral(TRACELANE_SHARED_TRACES "/README.md");
        const QString ok = QStringLiteral("SELECT 1");
        QTest::newRow("syntax") << QStringList{sql, kCnn, QStringLiteral("SELEC 1")} << 2 << QStringLiteral("near \"SELEC\": syntax error (at character 1)");
        QTest::newRow("unknown table") << QStringList{sql, kCnn, QStringLiteral("SELECT * FROM kernels")} << 2 << QStringLiteral("no such table: kernels");
        QTest::newRow("unknown column") << QStringList{sql, kCnn, QStringLiteral("SELECT duration FROM event")} << 2 << QStringLiteral("no such column: duration");
        QTest::newRow("two statements") << QStringList{sql, kCnn, QStringLiteral("SELECT 1; SELECT 2")} << 2 << QStringLiteral("one statement at a time");
        QTest::newRow("empty") << QStringList{sql, kCnn, QStringLiteral(" ")} << 2 << QStringLiteral("the query is empty");
        QTest::newRow("runtime") << QStringList{sql, kCnn, QStringLiteral("SELECT abs(-9223372036854775807 - 1)")} << 2 << QStringLiteral("integer overflow");
        QTest::newRow("no query") << QStringList{sql, kCnn} << 2 << QStringLiteral("expected TRACE and QUERY");
        QTest::newRow("bad format") << QStringList{sql, kCnn, ok, QStringLiteral("--format"), QStringLiteral("xml")} << 2 << QStringLiteral("unknown format 'xml'");
        QTest::newRow("missing trace") << QStringList{sql, missing, ok} << 3 << missing;
        QTest::newRow("not a trace") << QStringList{sql, notATrace, ok} << 3 << notATrace;
        QTest::newRow("bad query before a missing trace") << QStringList{sql, missing, QStringLiteral("SELEC")} << 2 << QStringLiteral("syntax error");
        QTest::newRow("missing query file") << QStringList{sql, kCnn, QStringLiteral("--file"), missing} << 3 << QStringLiteral("cannot read the query file");
    }
    void mistakes()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        const CliRun run = runCli(args);
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, exitCode);
        QVERIFY2(run.err.contains(message), qPrintable(run.err));
        QVERIFY2(run.err.startsWith(QLatin1String("tracelane-cli")), qPrintable(run.err));
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestSqlCli)
#include "tst_sql_cli.moc"
