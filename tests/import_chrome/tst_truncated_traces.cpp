// A profiler that crashes leaves its trace cut off mid-event. Such a file loads
// the complete events before the cut, with a warning that says where it
// stopped. The expected model is an independent load: the same text closed
// properly after the last complete event. The cut files are made from a real
// Kineto trace (the compiled MLP) by this test.
#include "cli_run.h"
#include "import/byte_source.h"
#include "import/importer.h"

#include "fresh_import.h"
#include "model_compare.h"
#include "test_files.h"
#include "test_registry.h"

#include <QtTest>
#include <zlib.h>

using namespace tracelane;
using tracelane::test::compareModels;
using tracelane::test::freshTrace;
using tracelane::test::gzipped;
using tracelane::test::writeFile;

namespace {

const QString kTrace = QStringLiteral(TRACELANE_SHARED_TRACES "/kineto/compiled_mlp_train.json.gz");
// Kineto writes one top-level event per block; this separator occurs only between them.
const QByteArray kBetweenEvents = "\n  },\n  {";

QByteArray decompressed(const QString &path)
{
    ByteSource source(path.toStdString());
    QByteArray text;
    char buffer[1 << 16];
    while (const std::size_t n = source.read(buffer, sizeof buffer))
        text.append(buffer, qsizetype(n));
    return text;
}

// Offsets of the '}' that ends each top-level event but the last.
QList<qsizetype> eventEnds(const QByteArray &text)
{
    QList<qsizetype> ends;
    for (qsizetype at = text.indexOf(kBetweenEvents); at >= 0; at = text.indexOf(kBetweenEvents, at + 1))
        ends.append(at + 3);
    return ends;
}

std::string truncationMessage(const Trace &trace)
{
    for (const Diagnostic &d : trace.diagnostics.entries())
        if (d.code == "truncated-file")
            return d.message;
    return {};
}


} // namespace

class TestTruncatedTraces : public QObject
{
    Q_OBJECT

private:
    QByteArray m_text;
    QList<qsizetype> m_ends;

private slots:
    void initTestCase()
    {
        m_text = decompressed(kTrace);
        m_ends = eventEnds(m_text);
        QVERIFY2(m_ends.size() > 1000, "the fixture has its events one per block");
    }

    // Cut at several places inside the event after the k-th complete one.
    void cutInsideAnEvent_data()
    {
        QTest::addColumn<int>("complete");
        QTest::addColumn<int>("into");
        QTest::addColumn<bool>("gzip");
        for (int complete : {1, 700, int(m_ends.size() / 2), int(m_ends.size() - 1)}) {
            for (int into : {2, 9, 40, 120}) {
                const QByteArray name = QByteArray::number(complete) + " events + " + QByteArray::number(into)
                    + " bytes";
                QTest::newRow(name.constData()) << complete << into << false;
            }
            QTest::newRow(QByteArray("gzip, " + QByteArray::number(complete)).constData()) << complete << 33 << true;
        }
    }

    void cutInsideAnEvent()
    {
        QFETCH(int, complete);
        QFETCH(int, into);
        QFETCH(bool, gzip);
        const qsizetype lastEnd = m_ends[complete - 1];
        into = int(std::min<qsizetype>(into, m_ends[complete] - lastEnd - 8)); // stay inside the next event
        const QByteArray closed = m_text.left(lastEnd + 1) + "\n]}\n";
        const QByteArray cut = m_text.left(lastEnd + 1 + 4 + into);
        QTemporaryDir dir;
        const auto expected = freshTrace(writeFile(dir, QStringLiteral("closed.json"), closed));
        const QString cutPath = writeFile(dir, gzip ? QStringLiteral("cut.json.gz") : QStringLiteral("cut.json"),
                                          gzip ? gzipped(cut) : cut);
        const auto actual = freshTrace(cutPath);
        QVERIFY(expected && actual);
        compareModels(*actual, *expected);
        const std::string message = truncationMessage(*actual);
        QVERIFY2(message.find("inside an event at byte " + std::to_string(cut.size())) != std::string::npos,
                 message.c_str());
        QVERIFY2(message.find("the " + std::to_string(complete) + " complete events") != std::string::npos,
                 message.c_str());
        QCOMPARE(expected->diagnostics.count("truncated-file"), 0u);
    }

    // A .json.gz whose compressed stream stops early (the writer died).
    void gzipStreamCut()
    {
        const QByteArray whole = gzipped(m_text);
        QTemporaryDir dir;
        const auto full = freshTrace(writeFile(dir, QStringLiteral("full.json.gz"), whole));
        const auto cut = freshTrace(writeFile(dir, QStringLiteral("cut.json.gz"), whole.left(whole.size() / 2)));
        QVERIFY(full && cut);
        QVERIFY(cut->eventCount() > full->eventCount() / 10);
        QVERIFY(cut->eventCount() < full->eventCount());
        const std::string message = truncationMessage(*cut);
        QVERIFY2(message.find("the gzip data stops at byte " + std::to_string(whole.size() / 2)) != std::string::npos,
                 message.c_str());
    }

    // Cut in the top-level fields after the event array: every event loads.
    void cutAfterTheEventArray()
    {
        const qsizetype arrayEnd = m_text.lastIndexOf("\n  ]");
        QVERIFY(arrayEnd > m_ends.last());
        QTemporaryDir dir;
        const auto full = freshTrace(kTrace);
        const auto cut = freshTrace(writeFile(dir, QStringLiteral("cut.json"),
                                              m_text.left(arrayEnd + 4) + ",\n  \"traceName\": \"/tmp/unfinish"));
        QVERIFY(full && cut);
        compareModels(*cut, *full);
        QVERIFY(truncationMessage(*cut).find("after its event array") != std::string::npos);
        QCOMPARE(cut->devices.size(), full->devices.size()); // the fields before the array are kept
    }

    void cutBeforeAnyEventIsRefused()
    {
        QTemporaryDir dir;
        const qsizetype firstEvent = m_text.indexOf("\"traceEvents\"");
        const ImportResult result = loadTrace(
            writeFile(dir, QStringLiteral("cut.json"), m_text.left(firstEvent + 40)).toStdString());
        QVERIFY(!result.ok());
        QVERIFY2(result.error.find("ends inside its first event") != std::string::npos, result.error.c_str());
    }

    // The CLI answers from the events it has, and says on stderr that the file stops early.
    void cliWarns()
    {
        QTemporaryDir dir;
        const QString path = writeFile(dir, QStringLiteral("cut.json"), m_text.left(m_ends[500] + 30));
        const test::CliRun run = test::runCli({QStringLiteral("info"), path});
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.err.contains(QStringLiteral("warning")) && run.err.contains(QStringLiteral("stops early")),
                 qPrintable(run.err));
        QVERIFY(!run.out.isEmpty());
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestTruncatedTraces)
#include "tst_truncated_traces.moc"
