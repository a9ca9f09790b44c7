// Chrome-trace export: every shared trace, of every format, written as Chrome
// JSON and read back must give the same events, tracks, flows and summaries
// (exactly, to the nanosecond), less what docs/EXPORT.md lists as lost.
#include "cached_import.h"
#include "cli_run.h"
#include "trace_signature.h"

#include "export/chrome_trace_writer.h"
#include "import/importer.h"

#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sstream>

using namespace tracelane;
using namespace tracelane::test;

namespace {

const QString kTraces = QStringLiteral(TRACELANE_SHARED_TRACES);

// Every file under the shared traces that some importer claims, found by content.
QStringList sharedTraces()
{
    QStringList found;
    QDirIterator it(kTraces, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        try {
            if (detectImporter(probeFile(path.toStdString())))
                found << path;
        } catch (...) {
        }
    }
    found.sort();
    return found;
}

void compareLists(const QStringList &original, const QStringList &back, const char *what)
{
    if (original == back)
        return;
    // Name the first difference rather than dumping both lists.
    qsizetype i = 0;
    while (i < original.size() && i < back.size() && original[i] == back[i])
        ++i;
    qWarning("%s differ (%lld vs %lld lines) at line %lld:\n  original: %s\n  read back: %s", what,
             static_cast<long long>(original.size()), static_cast<long long>(back.size()), static_cast<long long>(i),
             qPrintable(original.value(i)), qPrintable(back.value(i)));
    QFAIL(what);
}

} // namespace

class TestChromeExport : public QObject
{
    Q_OBJECT

private slots:
    void roundTrip_data()
    {
        QTest::addColumn<QString>("path");
        const QStringList traces = sharedTraces();
        QVERIFY2(traces.size() >= 15, "the shared traces were not found");
        for (const QString &path : traces)
            QTest::newRow(qPrintable(QDir(kTraces).relativeFilePath(path))) << path;
    }
    void roundTrip()
    {
        QFETCH(QString, path);
        const auto original = cachedTrace(path);
        QVERIFY2(original, cachedImport(path).error.c_str());
        QTemporaryDir dir;
        // Gzipped input is written gzipped: both paths of the writer are covered.
        const QString out = dir.filePath(path.endsWith(QLatin1String(".gz")) ? QStringLiteral("out.json.gz")
                                                                                : QStringLiteral("out.json"));
        const ChromeTraceFileResult written = writeChromeTraceFile(*original, out.toStdString());
        QVERIFY2(written.ok(), written.error.c_str());
        QCOMPARE(written.stats.events, original->eventCount());

        const ImportResult back = loadTrace(out.toStdString());
        QVERIFY2(back.ok(), back.error.c_str());
        QCOMPARE(QString::fromStdString(back.trace->source.format), QStringLiteral("chrome-json"));
        QCOMPARE(back.trace->eventCount(), original->eventCount());

        // Chrome traces keep every argument; others gain "correlation" beside the id they held.
        const bool fromChrome = original->source.format == "chrome-json";
        const TraceSignature a = signatureOf(*original, fromChrome, true);
        const TraceSignature b = signatureOf(*back.trace, fromChrome, false);
        compareLists(a.kindCounts, b.kindCounts, "event counts per kind");
        compareLists(a.tracks, b.tracks, "tracks");
        compareLists(a.events, b.events, "events");
        QCOMPARE(qsizetype(written.stats.flows), a.flows.size());
        QCOMPARE(qsizetype(original->flows.size()), a.flows.size() + qsizetype(written.stats.flowsLeftOut));
        compareLists(a.flows, b.flows, "flows");
        compareLists(a.summaries, b.summaries, "summaries");
        QCOMPARE(back.trace->startNs, original->startNs);
        QCOMPARE(back.trace->endNs, original->endNs);
    }

    // The header that tells viewers to show nanoseconds, and times with three decimals.
    void timesAreMicrosecondsWithThreeDecimals()
    {
        const auto trace = cachedTrace(kTraces + QStringLiteral("/nsys/nvtx_cnn.sqlite"));
        QVERIFY(trace);
        std::ostringstream out;
        writeChromeTrace(*trace, out);
        const std::string text = out.str();
        QVERIFY(text.rfind("{\"displayTimeUnit\":\"ns\"", 0) == 0);
        // The first kernel's start as nsys stores it (integer ns), printed in µs.
        const Track *stream = nullptr;
        for (const Track &t : trace->tracks)
            if (t.kind == TrackKind::GpuStream && !t.events.empty())
                stream = &t;
        QVERIFY(stream);
        const TimeNs start = stream->events.front().start;
        const std::string ts = "\"ts\":" + std::to_string(start / 1000) + "." + std::to_string(1000 + start % 1000).substr(1);
        QVERIFY2(text.find(ts) != std::string::npos, ts.c_str());
    }

    void cliConvert()
    {
        QTemporaryDir dir;
        const QString in = kTraces + QStringLiteral("/kineto/dlrm_train.json.gz");
        const QString out = dir.filePath(QStringLiteral("dlrm.json.gz"));
        const CliRun run = runCli({QStringLiteral("convert"), in, QStringLiteral("-o"), out});
        QVERIFY2(run.finished && run.exitCode == 0, qPrintable(run.err));
        QVERIFY(run.out.startsWith(out));
        const ImportResult back = loadTrace(out.toStdString());
        QVERIFY2(back.ok(), back.error.c_str());
        QCOMPARE(back.trace->eventCount(), cachedTrace(in)->eventCount());
        QVERIFY(run.out.contains(QString::number(back.trace->eventCount()) + QStringLiteral(" events")));
    }

    void cliConvertUsage()
    {
        const CliRun run = runCli({QStringLiteral("convert"), kTraces + QStringLiteral("/nsys/nvtx_cnn.sqlite")});
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.err.contains(QLatin1String("-o OUT.json")));
    }

    void writeFailure_data()
    {
        QTest::addColumn<QString>("out");
        QTest::addColumn<QString>("cause");
        QTest::newRow("missing folder") << QStringLiteral("/nonexistent-folder/out.json")
                                        << QStringLiteral("No such file or directory");
        QTest::newRow("missing folder, gzip") << QStringLiteral("/nonexistent-folder/out.json.gz")
                                              << QStringLiteral("No such file or directory");
        if (QFile::exists(QStringLiteral("/dev/full"))) // every write fails: a full disk
            QTest::newRow("disk full") << QStringLiteral("/dev/full") << QStringLiteral("No space left on device");
    }
    // A clear message naming the file and why, from the library and from the CLI.
    void writeFailure()
    {
        QFETCH(QString, out);
        QFETCH(QString, cause);
        const QString in = kTraces + QStringLiteral("/nsys/nvtx_cnn.sqlite");
        const ChromeTraceFileResult result = writeChromeTraceFile(*cachedTrace(in), out.toStdString());
        QVERIFY(!result.ok());
        const QString error = QString::fromStdString(result.error);
        QVERIFY2(error.contains(out) && error.contains(cause), qPrintable(error));
        const CliRun run = runCli({QStringLiteral("convert"), in, QStringLiteral("-o"), out});
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, 3);
        QVERIFY2(run.err.contains(QLatin1String("cannot write ") + out), qPrintable(run.err));
    }
};

QTEST_GUILESS_MAIN(TestChromeExport)
#include "tst_chrome_export.moc"
