#pragma once
// Runs tracelane-cli as a user would, for tests of its output and exit status.

#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace tracelane::test {

struct CliRun
{
    bool finished = false; // within the time limit
    int exitCode = -1;
    QString out;
    QString err;
};

// `ownPlatform`: clear QT_QPA_PLATFORM, so a command that draws must choose
// the offscreen platform itself, as it must on a machine without a display.
inline CliRun runCli(const QStringList &args, bool ownPlatform = false, int timeoutMs = 60000)
{
    QProcess cli;
    if (ownPlatform) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        cli.setProcessEnvironment(env);
    }
    cli.start(QStringLiteral(TRACELANE_CLI), args);
    CliRun run;
    run.finished = cli.waitForFinished(timeoutMs) && cli.exitStatus() == QProcess::NormalExit;
    run.exitCode = cli.exitCode();
    run.out = QString::fromUtf8(cli.readAllStandardOutput());
    run.err = QString::fromUtf8(cli.readAllStandardError());
    return run;
}

} // namespace tracelane::test
