// The Chrome-trace event parsers agree: simdjson's On-Demand parser (the fast
// path) builds exactly the model that nlohmann's SAX parser (its fallback, and
// the only parser before) builds, on every real trace and on hand-written
// fixtures with JSON's edge cases (tests/data/chrome/parser_quirks); and what
// simdjson does not take is handed to nlohmann, never read differently.
#include "import/chrome/chrome_simd_parser.h"
#include "import/importer.h"
#include "shared_trace_files.h"
#include "trace_dump.h"

#include "test_registry.h"

#include <QDirIterator>
#include <QtTest>

using namespace tracelane;

namespace {

struct Load
{
    std::string dump;
    std::string error;
};

Load loadWithChromeParser(const QString &path, bool nlohmannOnly)
{
    if (nlohmannOnly)
        qputenv("TRACELANE_CHROME_PARSER", "nlohmann");
    else
        qunsetenv("TRACELANE_CHROME_PARSER");
    ImportResult result = loadTrace(path.toStdString());
    qunsetenv("TRACELANE_CHROME_PARSER");
    return {result.ok() ? test::traceDump(*result.trace) : std::string(), result.error};
}

bool isChromeTrace(const QString &path)
{
    try {
        const Importer *importer = detectImporter(probeFile(path.toStdString()));
        return importer && importer->id() == "chrome-json";
    } catch (...) {
        return false;
    }
}

// One chunk as the scanner cuts it.
bool simdAccepts(std::string text, std::vector<RawEvent> &events, std::size_t &count)
{
    ChromeSimdParser parser;
    std::uint64_t nonObjects = 0;
    return parser.parse(text, events, count, nonObjects);
}

} // namespace

class TestChromeParsersAgree : public QObject
{
    Q_OBJECT

private slots:
    void sameModel_data()
    {
        QTest::addColumn<QString>("path");
        QStringList files;
        QDirIterator fixtures(QStringLiteral(TRACELANE_TEST_DATA "/chrome"),
                              {QStringLiteral("*.json"), QStringLiteral("*.json.gz")}, QDir::Files,
                              QDirIterator::Subdirectories);
        while (fixtures.hasNext())
            files << fixtures.next();
        for (const QString &path : test::sharedTraceFiles())
            if (isChromeTrace(path))
                files << path;
        QVERIFY(files.size() > 30);
        for (const QString &path : files)
            QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
    }

    void sameModel()
    {
        QFETCH(QString, path);
        const Load fast = loadWithChromeParser(path, false);
        const Load reference = loadWithChromeParser(path, true);
        QCOMPARE(fast.error, reference.error);
        QCOMPARE(fast.dump, reference.dump);
    }

    // The edge cases load, with the values nlohmann gives them.
    void quirksReadAlike()
    {
        const QString path = QStringLiteral(TRACELANE_TEST_DATA "/chrome/parser_quirks/numbers.json");
        const Load fast = loadWithChromeParser(path, false);
        QVERIFY2(fast.error.empty(), fast.error.c_str());
        for (const char *expected :
             {"minus_zero 100000 5000", "z:0", "big:1.84467440737096e+19", "huge:1e+20", "neg:-9223372036854775808",
              "escaped \"keys\" \xC3\xA9 \xF0\x9F\x98\x80 /", "list:[\"a\\nb\",\"A\",1.0,-2,true,false,null,{},[]]",
              "obj:{\"k\\tk\":{\"x\":[1,{\"y\":2.50}]}}", "duplicate_keys 41000", "a:1 a:2", "\"...\"",
              "diagnostic non-object-event 4"})
            QVERIFY2(fast.dump.find(expected) != std::string::npos,
                     (expected + std::string(" not in ") + fast.dump.substr(0, 300)).c_str());
    }

    // Invalid text fails with the message nlohmann gives, whichever parser met it first.
    void invalidTextFailsAlike_data()
    {
        QTest::addColumn<QString>("name");
        for (const char *name : {"bad_literal_in_unknown_field.json", "number_overflow.json", "leading_zero.json",
                                 "invalid_escape.json", "lone_surrogate.json"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }

    void invalidTextFailsAlike()
    {
        QFETCH(QString, name);
        const Load fast = loadWithChromeParser(QStringLiteral(TRACELANE_TEST_DATA "/chrome/parser_quirks/") + name,
                                               false);
        QVERIFY2(fast.error.find("invalid JSON") != std::string::npos, fast.error.c_str());
    }

    // The fast path is taken for ordinary events, and declines what it must.
    void simdTakesOrdinaryChunksOnly()
    {
        std::vector<RawEvent> events;
        std::size_t count = 0;
        QVERIFY(simdAccepts(R"([{"ph":"X","name":"k","pid":1,"tid":2,"ts":1.5,"dur":3,"args":{"a":[1,2]}},{}])", events,
                            count));
        QCOMPARE(count, std::size_t(2));
        QCOMPARE(events[0].name, std::string("k"));
        QCOMPARE(*events[0].ts, TimeNs(1500));
        QCOMPARE(events[0].args[0].text, std::string("[1,2]"));
        QVERIFY(!events[1].hasFields);
        for (const char *declined : {R"([{"ph":"X","args":{"a":1,}}])", "[{\"name\":\"a\x01\"}]", R"([{"x":tru}])",
                                     R"([{"dur":1e400}])", R"([{"dur":01}])", R"([{"args":{"tiny":1e-400}}])"})
            QVERIFY2(!simdAccepts(declined, events, count), declined);
        std::string deep = "1";
        for (int i = 0; i < 300; ++i)
            deep = "[" + deep + "]";
        QVERIFY(!simdAccepts("[{\"x\":" + deep + "}]", events, count));
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestChromeParsersAgree)
#include "tst_chrome_parsers_agree.moc"
