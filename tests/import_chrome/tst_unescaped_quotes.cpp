// PyTorch's profiler wrote event names without escaping '"' (pytorch#146900:
// with_stack and torch.compile frames such as {"device": "cpu"}(12): run), which
// breaks the whole file for every JSON reader. Such files load: each broken
// name is read whole and counted. The broken files are made by this test from
// a real Kineto trace (the compiled MLP) by giving some ops names with quotes;
// the expected model is the same text with those quotes escaped.
#include "import/chrome/unescaped_quotes.h"
#include "import/importer.h"

#include "fresh_import.h"
#include "model_compare.h"
#include "test_files.h"
#include "test_registry.h"

#include <QElapsedTimer>
#include <QtTest>
#include <zlib.h>

using namespace tracelane;
using tracelane::test::compareModels;
using tracelane::test::freshTrace;
using tracelane::test::gunzipped;
using tracelane::test::gzipped;
using tracelane::test::writeFile;

namespace {

const QString kQuotesTrace = QStringLiteral(TRACELANE_SHARED_TRACES "/kineto/compiled_mlp_train.json.gz");

// Names of the kind the bug wrote, each with quotes in another place.
const QList<QByteArray> kQuotedNames = {
    R"({"device": "cuda", "dtype": "float32"}(12): run)",
    R"(say "hi)",
    R"(torch/nn/modules/linear.py(125): forward "x", "y")",
    R"(<module>: """docstring""")",
};

QByteArray escaped(QByteArray name)
{
    return name.replace("\"", "\\\"");
}

// The trace with the first `count` "torch::autograd::AccumulateGrad" ops renamed; `escape` writes
// the names as strict JSON, otherwise as the profiler did.
QByteArray withQuotedNames(const QByteArray &text, int count, bool escape)
{
    static const QByteArray kOp = "\"name\": \"torch::autograd::AccumulateGrad\", \"pid\"";
    QByteArray out;
    qsizetype from = 0;
    for (int i = 0; i < count; ++i) {
        const qsizetype at = text.indexOf(kOp, from);
        if (at < 0)
            break;
        const QByteArray name = kQuotedNames[i % kQuotedNames.size()];
        out += text.mid(from, at - from) + "\"name\": \"" + (escape ? escaped(name) : name) + "\", \"pid\"";
        from = at + kOp.size();
    }
    return out + text.mid(from);
}


int eventsNamed(const Trace &trace, std::string_view name)
{
    int n = 0;
    for (const Track &track : trace.tracks)
        for (const Event &event : track.events)
            n += trace.strings.view(event.name) == name;
    return n;
}

} // namespace

class TestUnescapedQuotes : public QObject
{
    Q_OBJECT

private:
    QByteArray m_text;

private slots:
    void initTestCase()
    {
        m_text = gunzipped(kQuotesTrace);
        QVERIFY(m_text.count("\"name\": \"torch::autograd::AccumulateGrad\", \"pid\"") >= 12);
    }

    void brokenNamesAreReadWhole_data()
    {
        QTest::addColumn<int>("count");
        QTest::addColumn<bool>("oneLine");
        QTest::addColumn<bool>("gzip");
        QTest::newRow("one name") << 1 << false << false;
        QTest::newRow("twelve names") << 12 << false << false;
        QTest::newRow("twelve names, gzip") << 12 << false << true;
        QTest::newRow("twelve names, the file on one line") << 12 << true << false;
    }

    void brokenNamesAreReadWhole()
    {
        QFETCH(int, count);
        QFETCH(bool, oneLine);
        QFETCH(bool, gzip);
        QByteArray broken = withQuotedNames(m_text, count, false);
        QByteArray strict = withQuotedNames(m_text, count, true);
        if (oneLine) {
            broken.replace('\n', ' ');
            strict.replace('\n', ' ');
        }
        QTemporaryDir dir;
        const auto expected = freshTrace(writeFile(dir, QStringLiteral("strict.json"), strict));
        const auto actual = freshTrace(writeFile(dir, gzip ? QStringLiteral("broken.json.gz") : QStringLiteral("broken.json"),
                                                 gzip ? gzipped(broken) : broken));
        QVERIFY(expected && actual);
        compareModels(*actual, *expected);
        QCOMPARE(actual->diagnostics.count("json-unescaped-quote"), std::uint64_t(count));
        QCOMPARE(expected->diagnostics.count("json-unescaped-quote"), 0u);
        int named = 0;
        for (const QByteArray &name : kQuotedNames)
            named += eventsNamed(*actual, name.toStdString());
        QCOMPARE(named, count);
    }

    // Well-formed traces go through the repair unchanged.
    void wellFormedTextIsUntouched()
    {
        UnescapedQuoteRepair repair;
        std::string out;
        for (qsizetype at = 0; at < m_text.size(); at += 100'000)
            repair.feed(m_text.constData() + at, std::size_t(std::min<qsizetype>(100'000, m_text.size() - at)), out);
        repair.finish(out);
        QCOMPARE(repair.repairedStrings(), 0u);
        QVERIFY(out == m_text.toStdString());
    }

    // A file that is broken some other way still fails, with the parser's message.
    void otherDamageStillFails()
    {
        QByteArray text = m_text;
        text.replace("\"ph\": \"X\", \"cat\": \"cpu_op\"", "\"ph\": \"X\" \"cat\": \"cpu_op\"");
        QTemporaryDir dir;
        const ImportResult result = loadTrace(writeFile(dir, QStringLiteral("bad.json"), text).toStdString());
        QVERIFY(!result.ok());
        QVERIFY2(result.error.find("invalid JSON") != std::string::npos, result.error.c_str());
    }

    // Megabytes of quotes in one name: the look-ahead is paid for by the bytes
    // read, so this stays linear (a quadratic repair would take hours here).
    void manyQuotesStayLinear()
    {
        QByteArray text = "{\"traceEvents\": [{\"ph\": \"X\", \"name\": \"";
        text += QByteArray(2'000'000, '"') + "a\" b" + QByteArray(1'000'000, '"');
        text += "\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 2}]}";
        QTemporaryDir dir;
        QElapsedTimer timer;
        timer.start();
        const ImportResult result = loadTrace(writeFile(dir, QStringLiteral("quotes.json"), text).toStdString());
        QVERIFY2(timer.elapsed() < 60'000, "the repair is not linear");
        Q_UNUSED(result); // loading or a clear error: either is fine, a hang is not
        if (!result.ok())
            QVERIFY(!result.error.empty());
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestUnescapedQuotes)
#include "tst_unescaped_quotes.moc"
