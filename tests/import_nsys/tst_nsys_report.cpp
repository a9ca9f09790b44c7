// Nsight Systems reports (.nsys-rep) are closed: Tracelane runs `nsys export`
// for the user when nsys is on PATH, else says which command to run. The
// reports here are hand-made (the text every report starts with, then bytes);
// the `nsys` on PATH is a script written by the test that records how it was
// called and "exports" by copying a real export (the shared nvtx_cnn.sqlite).
#include "fresh_import.h"
#include "test_files.h"
#include "test_registry.h"
#include "import/importer.h"

#include <QElapsedTimer>
#include <QFile>
#include <QtTest>
#include <thread>

using namespace tracelane;
using tracelane::test::freshTrace;
using tracelane::test::writeFile;

namespace nsysreport {

const QString kExport = QStringLiteral(TRACELANE_SHARED_TRACES "/nsys/nvtx_cnn.sqlite");
const QByteArray kReportHead = QByteArray("NVIDIA Tegra Profiler Report 1.\n\x0bLocal (CLI)\x12\x08", 45);

// An `nsys` that appends its arguments to calls.txt, then runs `body`.
QString fakeNsys(const QTemporaryDir &bin, const QString &body)
{
    const QString script = QStringLiteral("#!/bin/sh\necho \"$@\" >> '%1/calls.txt'\n%2\n").arg(bin.path(), body);
    const QString path = writeFile(bin, QStringLiteral("nsys"), script.toUtf8());
    QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    return path;
}

// The value after --output in the arguments nsys got.
const char *kCopyToOutput = "while [ $# -gt 1 ]; do if [ \"$1\" = --output ]; then out=\"$2\"; fi; shift; done\n"
                            "cp '" TRACELANE_SHARED_TRACES "/nsys/nvtx_cnn.sqlite' \"$out\"";

QStringList callsOf(const QTemporaryDir &bin)
{
    QFile file(bin.filePath(QStringLiteral("calls.txt")));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

// PATH holds only the fake nsys while a test runs.
struct PathOnly
{
    explicit PathOnly(const QString &dir) : saved(qgetenv("PATH")) { qputenv("PATH", dir.toLocal8Bit() + ":/bin:/usr/bin"); }
    ~PathOnly() { qputenv("PATH", saved); }
    QByteArray saved;
};

} // namespace nsysreport

using namespace nsysreport;

class TestNsysReport : public QObject
{
    Q_OBJECT

private slots:
    void recognisedByContent()
    {
        QTemporaryDir dir;
        const QString report = writeFile(dir, QStringLiteral("profile.bin"), kReportHead);
        const Importer *importer = detectImporter(probeFile(report.toStdString()));
        QVERIFY(importer);
        QCOMPARE(std::string(importer->id()), std::string("nsys-rep"));
    }

    void withoutNsysTheErrorGivesTheCommand()
    {
        QTemporaryDir dir, emptyBin;
        const QString report = writeFile(dir, QStringLiteral("run.nsys-rep"), kReportHead);
        qputenv("PATH_SAVED", qgetenv("PATH"));
        qputenv("PATH", emptyBin.path().toLocal8Bit());
        const ImportResult result = loadTrace(report.toStdString());
        qputenv("PATH", qgetenv("PATH_SAVED"));
        QVERIFY(!result.ok());
        const std::string expected = "nsys export --type sqlite --force-overwrite true --output "
                                     + dir.filePath(QStringLiteral("run.sqlite")).toStdString() + " "
                                     + report.toStdString();
        QVERIFY2(result.error.find(expected) != std::string::npos, result.error.c_str());
    }

    // Exported beside the report, read as the export itself reads, reused next time.
    void exportedBesideAndReused()
    {
        QTemporaryDir dir, bin;
        fakeNsys(bin, QString::fromLatin1(kCopyToOutput));
        const PathOnly path(bin.path());
        const QString report = writeFile(dir, QStringLiteral("run.nsys-rep"), kReportHead);
        const auto viaReport = freshTrace(report);
        const auto direct = freshTrace(kExport);
        QVERIFY(viaReport && direct);
        QCOMPARE(viaReport->eventCount(), direct->eventCount());
        QCOMPARE(viaReport->counts().kernels, direct->counts().kernels);
        QCOMPARE(viaReport->flows.size(), direct->flows.size());
        const QString beside = dir.filePath(QStringLiteral("run.sqlite"));
        QVERIFY(QFile::exists(beside));
        QCOMPARE(callsOf(bin), QStringList{QStringLiteral("export --type sqlite --force-overwrite true --output %1 %2")
                                               .arg(beside, report)});
        QVERIFY(freshTrace(report));
        QCOMPARE(callsOf(bin).size(), 1); // the export, newer than the report, was read again
        QCOMPARE(QFile(report).size(), qint64(kReportHead.size())); // the report is untouched
    }

    void failedExportSaysWhy()
    {
        QTemporaryDir dir, bin;
        fakeNsys(bin, QStringLiteral("echo 'Error: unsupported report version' >&2\nexit 3"));
        const PathOnly path(bin.path());
        const QString report = writeFile(dir, QStringLiteral("old.nsys-rep"), kReportHead);
        const ImportResult result = loadTrace(report.toStdString());
        QVERIFY(!result.ok());
        QVERIFY2(result.error.find("exit code 3") != std::string::npos, result.error.c_str());
        QVERIFY2(result.error.find("unsupported report version") != std::string::npos, result.error.c_str());
    }

    void cancelStopsTheExport()
    {
        QTemporaryDir dir, bin;
        fakeNsys(bin, QStringLiteral("sleep 30"));
        const PathOnly path(bin.path());
        const QString report = writeFile(dir, QStringLiteral("slow.nsys-rep"), kReportHead);
        ImportControl control;
        std::thread canceller([&control] {
            std::this_thread::sleep_for(std::chrono::milliseconds(300));
            control.cancel();
        });
        QElapsedTimer timer;
        timer.start();
        const ImportResult result = loadTrace(report.toStdString(), control);
        canceller.join();
        QVERIFY(result.cancelled);
        QVERIFY2(timer.elapsed() < 10'000, "the export was not stopped");
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestNsysReport)
#include "tst_nsys_report.moc"
