#include "test_registry.h"

// An exception that escapes a command's own error handling (an analysis out of
// memory, a container refusing a size) ends tracelane-cli with one line on
// stderr and exit status 4, not with std::terminate's abort and core dump.
#include <QProcess>
#include <QProcessEnvironment>
#include <QTest>

namespace {

struct Run
{
    bool finished = false;
    int exitCode = -1;
    QString err;
};

Run runThrowing(const QString &what)
{
    QProcess cli;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("TRACELANE_CLI_TEST_THROW"), what);
    cli.setProcessEnvironment(env);
    cli.start(QStringLiteral(TRACELANE_CLI),
              {QStringLiteral("kernels"), QStringLiteral(TRACELANE_TEST_DATA) + QStringLiteral("/chrome/flows.json")});
    Run run;
    run.finished = cli.waitForFinished(60000) && cli.exitStatus() == QProcess::NormalExit;
    run.exitCode = cli.exitCode();
    run.err = QString::fromUtf8(cli.readAllStandardError());
    return run;
}

} // namespace

class TestCliFailures : public QObject
{
    Q_OBJECT

private slots:
    void escapedException_data()
    {
        QTest::addColumn<QString>("what");
        QTest::addColumn<QString>("message");
        QTest::newRow("bad_alloc") << QStringLiteral("bad_alloc")
                                   << QStringLiteral("tracelane-cli kernels: out of memory");
        QTest::newRow("length_error") << QStringLiteral("length_error")
                                      << QStringLiteral("tracelane-cli kernels: internal error: vector::_M_default_append");
        QTest::newRow("other") << QStringLiteral("anything else")
                               << QStringLiteral("tracelane-cli kernels: internal error: anything else");
    }
    void escapedException()
    {
        QFETCH(QString, what);
        QFETCH(QString, message);
        const Run run = runThrowing(what);
        QVERIFY2(run.finished, "the CLI crashed or hung");
        QCOMPARE(run.exitCode, 4);
        QVERIFY2(run.err.startsWith(message), qPrintable(run.err));
        QCOMPARE(run.err.count(QLatin1Char('\n')), 1); // one line
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestCliFailures)
#include "tst_cli_failures.moc"
