// The chunk scanner cuts the event array at element boundaries whatever the
// sizes it is fed in and the chunk size: every element comes out once, in
// order, with its byte offset, and the header keeps everything else. Strings
// with brackets, commas, quotes and backslashes are placed across the 64-byte
// blocks the scanner works in.
#include "import/chrome/chrome_chunk_scanner.h"

#include "test_registry.h"

#include <QtTest>
#include <nlohmann/json.hpp>

using namespace tracelane;
using Ending = ChromeChunkScanner::Ending;

namespace {

struct Document
{
    const char *name;
    std::string text;
    std::vector<std::string> elements;  // the complete elements, as written
    std::vector<std::uint64_t> offsets; // where each starts in text
    std::string header;                 // what header() must return
    Ending ending = Ending::Complete;
};

// prefix + elements joined by separators + suffix; the header is what is left
// once the elements are taken out.
Document compose(const char *name, const std::string &prefix, const std::vector<std::string> &elements,
                 const std::vector<std::string> &separators, const std::string &suffix, std::string header,
                 Ending ending = Ending::Complete)
{
    Document d{name, prefix, {}, {}, std::move(header), ending};
    for (std::size_t i = 0; i < elements.size(); ++i) {
        if (i > 0)
            d.text += separators[i % separators.size()];
        d.offsets.push_back(d.text.size());
        d.text += elements[i];
        d.elements.push_back(elements[i]);
    }
    d.text += suffix;
    return d;
}

// Events whose strings hold JSON's special characters at varying positions.
std::vector<std::string> trickyEvents(int count)
{
    const char *pieces[] = {"]", "}", "[", "{", ",", "\\\"", "\\\\", "\\\\\\\"]", "x", "\\u005d", "  "};
    std::uint32_t seed = 12345;
    auto next = [&seed] {
        seed = seed * 1103515245u + 12345u;
        return (seed >> 16) & 0x7FFF;
    };
    auto text = [&] {
        std::string s;
        const int length = int(next() % 90);
        for (int k = 0; k < length; ++k)
            s += next() % 3 ? std::string(1, char('a' + next() % 26)) : std::string(pieces[next() % 11]);
        return s;
    };
    std::vector<std::string> events;
    for (int i = 0; i < count; ++i)
        events.push_back(R"({"ph":"X","name":")" + text() + R"(","ts":)" + std::to_string(i)
                         + R"(,"args":{"dims":[[1,2],[]],"s":")" + text() + R"("}})");
    return events;
}

std::vector<Document> documents()
{
    std::vector<Document> docs;
    docs.push_back(compose("object with events", R"({"a":1,"traceEvents":[)", {R"({"ph":"X"})", R"({"ph":"i"})"},
                           {","}, R"(],"b":[1,{"c":"]"}]})", R"({"a":1,"traceEvents":[],"b":[1,{"c":"]"}]})"));
    docs.push_back(compose("bare array, scalars and nested arrays", "[ ",
                           {R"({"a":[1,[2,{"b":"]"}]]})", "1", R"("s\"],")", "[[]]", "null", "true",
                            R"({"x":"\\"})", "-2.5e3"},
                           {" , ", ",", "\r\n,\t", ",\n  "}, " ]\n", ""));
    docs.push_back(compose("tricky strings, compact", R"({"traceEvents":[)", trickyEvents(400), {","}, "]}",
                           R"({"traceEvents":[]})"));
    docs.push_back(compose("tricky strings, spaced", "\xEF\xBB\xBF {\"x\" : \"[\\\"\", \"traceEvents\" : [\n  ",
                           trickyEvents(300), {",\n  ", " ,", ","}, "\n] , \"y\":[]}",
                           "{\"x\" : \"[\\\"\", \"traceEvents\" : [] , \"y\":[]}"));
    docs.push_back(compose("unterminated array", R"({"traceEvents":[)", trickyEvents(120), {","}, ",\n",
                           R"({"traceEvents":[]})", Ending::UnterminatedArray));
    {
        Document cut = compose("truncated inside an event", "[", trickyEvents(150), {","}, R"(,{"ph":"X","na)", "",
                               Ending::InsideEvent);
        docs.push_back(cut);
        Document escape = compose("truncated after a backslash", "[", trickyEvents(90), {","}, R"(,{"name":"a\)", "",
                                  Ending::InsideEvent);
        docs.push_back(escape);
    }
    return docs;
}

} // namespace

class TestChromeChunkScanner : public QObject
{
    Q_OBJECT

private slots:
    void everyElementOnceWithItsOffset_data()
    {
        QTest::addColumn<int>("document");
        QTest::addColumn<int>("chunkBytes");
        QTest::addColumn<int>("feedBytes");
        const std::vector<Document> docs = documents();
        for (int d = 0; d < int(docs.size()); ++d)
            for (int chunk : {1, 50, 1000, 1 << 20})
                for (int feed : {1, 5, 63, 64, 65, 4096, 1 << 24})
                    QTest::addRow("%s, chunk %d, feed %d", docs[d].name, chunk, feed) << d << chunk << feed;
    }

    void everyElementOnceWithItsOffset()
    {
        QFETCH(int, document);
        QFETCH(int, chunkBytes);
        QFETCH(int, feedBytes);
        const Document doc = documents()[document];

        std::vector<nlohmann::json> elements;
        std::vector<std::uint64_t> offsets;
        ChromeChunkScanner scanner(std::size_t(chunkBytes), [&](EventChunk &chunk) {
            QVERIFY(chunk.text.size() >= 2 && chunk.text.front() == '[' && chunk.text.back() == ']');
            const nlohmann::json array = nlohmann::json::parse(chunk.text, nullptr, false);
            QVERIFY2(array.is_array(), chunk.text.c_str());
            QCOMPARE(array.size(), chunk.elementStarts.size());
            for (std::size_t i = 0; i < array.size(); ++i) {
                elements.push_back(array[i]);
                offsets.push_back(chunk.fileOffset + chunk.elementStarts[i] - 1);
            }
            chunk.text.clear(); // as the parser pool does: it takes the text away
        });
        for (std::size_t at = 0; at < doc.text.size(); at += std::size_t(feedBytes))
            scanner.feed(doc.text.data() + at, std::min(std::size_t(feedBytes), doc.text.size() - at));
        QCOMPARE(int(scanner.finish()), int(doc.ending));

        QCOMPARE(elements.size(), doc.elements.size());
        for (std::size_t i = 0; i < elements.size(); ++i) {
            QCOMPARE(elements[i], nlohmann::json::parse(doc.elements[i]));
            QCOMPARE(offsets[i], doc.offsets[i]);
        }
        QCOMPARE(scanner.header(), doc.header);
        QCOMPARE(scanner.bytesScanned(), std::uint64_t(doc.text.size()));
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestChromeChunkScanner)
#include "tst_chrome_chunk_scanner.moc"
