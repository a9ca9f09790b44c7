// The Nsight Systems JSON parsers agree: simdjson's DOM (the fast path) builds
// exactly the model that nlohmann (its fallback, and the only parser before)
// builds, on both shared exports and on hand-written lines with JSON's edge
// cases (tests/data/nsys); and simdjson really parses the ordinary lines.
#include "import/importer.h"
#include "import/nsys/simd_line_parser.h"
#include "model/trace.h"
#include "trace_dump.h"

#include "test_registry.h"

#include <QDirIterator>
#include <QtTest>

#include <fstream>

using namespace tracelane;

namespace {

const QString kSharedNsys = QStringLiteral(TRACELANE_SHARED_TRACES "/nsys/");
const QString kFixtures = QStringLiteral(TRACELANE_TEST_DATA "/nsys/");

std::shared_ptr<const Trace> loadWithNsysParser(const QString &path, bool nlohmannOnly)
{
    if (nlohmannOnly)
        qputenv("TRACELANE_NSYS_JSON_PARSER", "nlohmann");
    else
        qunsetenv("TRACELANE_NSYS_JSON_PARSER");
    ImportResult result = loadTrace(path.toStdString());
    qunsetenv("TRACELANE_NSYS_JSON_PARSER");
    if (!result.ok())
        qWarning("%s", result.error.c_str());
    return result.trace;
}

// The kernels of a trace by name: duration and the grid's x (from "[x,y,z]").
struct KernelSeen
{
    TimeNs duration = -1;
    QString gridX;
};

std::map<QString, KernelSeen> kernels(const Trace &trace)
{
    std::map<QString, KernelSeen> found;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &track = trace.tracks[t];
        for (std::uint32_t i = 0; i < track.events.size(); ++i) {
            const Event &e = track.events[i];
            if (e.kind != EventKind::Kernel)
                continue;
            KernelSeen &seen = found[QString::fromStdString(std::string(trace.strings.view(e.name)))];
            seen.duration = e.duration;
            for (const Arg &a : trace.args({t, i}))
                if (trace.strings.view(a.key) == "grid")
                    seen.gridX = QString::fromStdString(a.value.toText(trace.strings))
                                     .section(QLatin1Char(','), 0, 0)
                                     .remove(QLatin1Char('['));
        }
    }
    return found;
}

} // namespace

class TestNsysJsonParsersAgree : public QObject
{
    Q_OBJECT

private slots:
    void sameModel_data()
    {
        QTest::addColumn<QString>("path");
        for (const char *file : {"nvtx_cnn_nsys.json", "emit_nvtx_mlp_nsys.json"})
            QTest::newRow(file) << kSharedNsys + QLatin1String(file);
        for (const char *file : {"duplicate_keys_nsys.json", "bad_lines_nsys.json", "numbers_nsys.json"})
            QTest::newRow(file) << kFixtures + QLatin1String(file);
    }

    void sameModel()
    {
        QFETCH(QString, path);
        const auto fast = loadWithNsysParser(path, false);
        const auto reference = loadWithNsysParser(path, true);
        QVERIFY(fast && reference);
        QVERIFY(fast->eventCount() > 0);
        const std::string fastDump = test::traceDump(*fast), referenceDump = test::traceDump(*reference);
        if (fastDump != referenceDump) {
            std::ofstream(QDir::temp().filePath(QStringLiteral("nsys_simd.txt")).toStdString()) << fastDump;
            std::ofstream(QDir::temp().filePath(QStringLiteral("nsys_nlohmann.txt")).toStdString()) << referenceDump;
        }
        QVERIFY2(fastDump == referenceDump, "the models differ; both dumps are in the temporary folder");
    }

    // Without this the comparison above could pass with simdjson never used.
    void simdjsonParsesEveryLineOfTheSharedExports()
    {
        for (const char *file : {"nvtx_cnn_nsys.json", "emit_nvtx_mlp_nsys.json"}) {
            std::ifstream in(QString(kSharedNsys + QLatin1String(file)).toStdString());
            nsys::SimdLineParser parser(64);
            std::string line;
            int lines = 0;
            while (std::getline(in, line)) {
                simdjson::dom::element root;
                QVERIFY2(parser.parse(line, root),
                         qPrintable(QStringLiteral("%1 line %2").arg(QLatin1String(file)).arg(lines + 1)));
                QVERIFY(root.is_object());
                ++lines;
            }
            QVERIFY(lines > 1000);
        }
    }

    // What simdjson leaves to nlohmann: it must not take text nlohmann rejects.
    void simdjsonRejectsWhatNlohmannRejectsOrReadsOtherwise()
    {
        nsys::SimdLineParser parser(3);
        simdjson::dom::element root;
        QVERIFY(parser.parse(R"({"a":"1"})", root));
        QVERIFY(parser.parse(R"({"a":[[]]})", root));                  // three levels
        QVERIFY(parser.parse("{\"a\":[\"[[[[\"]}", root));             // brackets in strings do not count
        QVERIFY(!parser.parse(R"({"a":[[[]]]})", root));               // four: the importer's depth check decides
        QVERIFY(!parser.parse(R"({"a":"1",})", root));                 // trailing comma: a bad line
        QVERIFY(!parser.parse("{\"a\":\"tab\there\"}", root));         // raw control character: a bad line
        QVERIFY(!parser.parse("\xEF\xBB\xBF{\"a\":1}", root));         // byte order mark: nlohmann skips it
        QVERIFY(!parser.parse(R"({"a":18446744073709551616})", root)); // beyond uint64: nlohmann reads a float
        QVERIFY(!parser.parse(R"({"a":1e400})", root));                // beyond double: a bad line
        QVERIFY(!parser.parse(R"({"a":"\udc00"})", root));             // lone surrogate: a bad line
    }

    // Where a key repeats, the last one counts (nlohmann's rule), on both paths.
    void duplicateKeysLastWins()
    {
        for (bool nlohmannOnly : {false, true}) {
            const auto trace = loadWithNsysParser(kFixtures + QStringLiteral("duplicate_keys_nsys.json"), nlohmannOnly);
            QVERIFY(trace);
            const auto seen = kernels(*trace);
            QCOMPARE(seen.size(), std::size_t(2));
            QCOMPARE(seen.at(QStringLiteral("second kernel")).duration, TimeNs(300)); // the second "CudaEvent"
            QCOMPARE(seen.at(QStringLiteral("second kernel")).gridX, QStringLiteral("64"));
            QCOMPARE(seen.at(QStringLiteral("first kernel")).duration, TimeNs(700)); // endNs 3700, not 3500
            // eventClass 0 (CUDA runtime) last on one call, 6 on the other: one call is kept.
            QCOMPARE(trace->diagnostics.count("nsys-json-skipped:TraceProcessEvent class 6"), std::uint64_t(1));
        }
    }

    void badLinesCountedAlike()
    {
        for (bool nlohmannOnly : {false, true}) {
            const auto trace = loadWithNsysParser(kFixtures + QStringLiteral("bad_lines_nsys.json"), nlohmannOnly);
            QVERIFY(trace);
            QCOMPARE(trace->diagnostics.count("nsys-json-bad-line"), std::uint64_t(2));      // trailing comma, raw tab
            QCOMPARE(trace->diagnostics.count("nsys-json-skipped:files"), std::uint64_t(1)); // 64 levels
            QCOMPARE(trace->diagnostics.count("nsys-json-too-deep"), std::uint64_t(1));      // 65 levels
            QCOMPARE(kernels(*trace).at(QStringLiteral("a kernel")).duration, TimeNs(100));
        }
    }

    // nsys writes 64-bit numbers as strings; numbers are read too, exactly.
    void numbersAsStringsAndAsNumbers()
    {
        for (bool nlohmannOnly : {false, true}) {
            const auto trace = loadWithNsysParser(kFixtures + QStringLiteral("numbers_nsys.json"), nlohmannOnly);
            QVERIFY(trace);
            const auto seen = kernels(*trace);
            // Times beyond 2^53: a double would round the difference away.
            QCOMPARE(seen.at(QStringLiteral("kernel as numbers")).duration, TimeNs(100));
            QCOMPARE(seen.at(QStringLiteral("kernel as numbers")).gridX, QStringLiteral("0")); // -0
            QCOMPARE(seen.at(QStringLiteral("kernel as strings")).duration, TimeNs(100));
            QCOMPARE(seen.at(QStringLiteral("kernel as strings")).gridX, QStringLiteral("2"));
            // An end beyond int64 (a uint64 or a float to both parsers) is no time.
            QVERIFY(!seen.count(QStringLiteral("kernel beyond int64")));
            QVERIFY(!seen.count(QStringLiteral("kernel beyond uint64")));
            QCOMPARE(trace->diagnostics.count("nsys-json-incomplete"), std::uint64_t(2));
            // Unknown kinds are named by the last payload key in sorted order.
            QCOMPARE(trace->diagnostics.count("nsys-json-skipped:ZetaPayload"), std::uint64_t(1));
        }
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestNsysJsonParsersAgree)
#include "tst_nsys_json_parsers_agree.moc"
