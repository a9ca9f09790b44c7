// PyTorch memory snapshots: the strict pickle reader on every opcode a
// snapshot uses (bytes written here by hand), its refusal of every opcode that
// would import or run code and of those a snapshot never uses, truncation and
// depth; the importer's [memory] instants against the reference tables of
// tests/reference/snapshot_reference.py; the generated bad files.
#include "analysis/memory/memory_events.h"
#include "import/importer.h"
#include "import/snapshot/memory_snapshot.h"
#include "import/snapshot/pickle_reader.h"

#include "test_registry.h"

#include <QtTest>

#include <fstream>
#include <sstream>

using namespace tracelane;
using namespace tracelane::snapshot;

namespace {

std::string snapshotFile(const char *name)
{
    return std::string(TRACELANE_TEST_DATA "/snapshot/") + name;
}

std::string bytes(std::initializer_list<int> values)
{
    std::string out;
    for (const int v : values)
        out.push_back(char(v));
    return out;
}

// PROTO 2, the body, STOP.
std::string pickle2(const std::string &body)
{
    return bytes({0x80, 2}) + body + ".";
}

std::string readError(const std::string &data)
{
    try {
        readPickle(data);
    } catch (const PickleError &e) {
        return e.what();
    }
    return {};
}

std::vector<std::vector<std::string>> readSnapshotCsv(const std::string &path)
{
    std::ifstream in(path);
    std::vector<std::vector<std::string>> rows;
    std::string line;
    while (std::getline(in, line)) {
        std::vector<std::string> cells;
        std::string cell;
        bool quoted = false;
        for (const char c : line) {
            if (c == '"')
                quoted = !quoted;
            else if (c == ',' && !quoted) {
                cells.push_back(cell);
                cell.clear();
            } else
                cell += c;
        }
        cells.push_back(cell);
        rows.push_back(cells);
    }
    return rows;
}

} // namespace

class TestImportSnapshot : public QObject
{
    Q_OBJECT

private slots:
    void readsEveryOpcodeASnapshotUses()
    {
        // {'a': [1, 300, 70000, -2, 2**40, -(2**40), 1.5, None, True, False, 'x', b'yz', (1,), (1, 2), (1, 2, 3), ()],
        //  'b': <the same list, from the memo>, 7: {}} with MARK/APPENDS/SETITEMS/SETITEM/DICT, BINPUT,
        //  LONG_BINPUT, MEMOIZE and LONG_BINGET.
        std::string body = bytes({'}', 'q', 0});                                 // EMPTY_DICT, BINPUT 0
        body += bytes({0x8c, 1, 'a'});                                           // SHORT_BINUNICODE 'a'
        body += bytes({']', 'r', 1, 0, 0, 0, '('});                              // EMPTY_LIST, LONG_BINPUT 1, MARK
        body += bytes({'K', 1, 'M', 0x2c, 1, 'J', 0x70, 0x11, 1, 0});            // BININT1, BININT2, BININT
        body += bytes({'J', 0xfe, 0xff, 0xff, 0xff});                            // BININT -2
        body += bytes({0x8a, 6, 0, 0, 0, 0, 0, 1});                              // LONG1 2**40
        body += bytes({0x8b, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0xff});                  // LONG4 -(2**40)
        body += bytes({'G', 0x3f, 0xf8, 0, 0, 0, 0, 0, 0});                      // BINFLOAT 1.5
        body += bytes({'N', 0x88, 0x89});                                        // NONE NEWTRUE NEWFALSE
        body += bytes({'X', 1, 0, 0, 0, 'x', 'C', 2, 'y', 'z'});                 // BINUNICODE, SHORT_BINBYTES
        body += bytes({'K', 1, 0x85, 'K', 1, 'K', 2, 0x86, 'K', 1, 'K', 2, 'K', 3, 0x87, ')', 'e'}); // TUPLE1-3, EMPTY_TUPLE, APPENDS
        body += bytes({0x94});                                                   // MEMOIZE (as 2)
        body += bytes({'s'});                                                    // SETITEM 'a'
        body += bytes({'(', 0x8d, 1, 0, 0, 0, 0, 0, 0, 0, 'b', 'j', 1, 0, 0, 0}); // MARK, BINUNICODE8 'b', LONG_BINGET 1
        body += bytes({'K', 7, '(', 'd', 'u'});                                  // 7: DICT from MARK; SETITEMS
        const std::string good = bytes({0x80, 4, 0x95, 0, 0, 0, 0, 0, 0, 0, 0}) + body + "."; // PROTO 4, FRAME
        const PickleRef root = readPickle(good);
        QVERIFY(root);
        QCOMPARE(int(root->type), int(PickleValue::Type::Dict));
        const PickleValue *list = root->find("a");
        QVERIFY(list && list->type == PickleValue::Type::List);
        QCOMPARE(list->items.size(), std::size_t(16));
        QCOMPARE(list->items[0]->i, std::int64_t(1));
        QCOMPARE(list->items[1]->i, std::int64_t(300));
        QCOMPARE(list->items[2]->i, std::int64_t(70000));
        QCOMPARE(list->items[3]->i, std::int64_t(-2));
        QCOMPARE(list->items[4]->i, std::int64_t(1) << 40);
        QCOMPARE(list->items[5]->i, -(std::int64_t(1) << 40));
        QCOMPARE(list->items[6]->f, 1.5);
        QCOMPARE(int(list->items[7]->type), int(PickleValue::Type::None));
        QVERIFY(list->items[8]->b);
        QVERIFY(!list->items[9]->b);
        QCOMPARE(list->items[10]->s, std::string("x"));
        QCOMPARE(int(list->items[11]->type), int(PickleValue::Type::Bytes));
        QCOMPARE(list->items[11]->s, std::string("yz"));
        QCOMPARE(list->items[12]->items.size(), std::size_t(1));
        QCOMPARE(list->items[13]->items.size(), std::size_t(2));
        QCOMPARE(list->items[14]->items[2]->i, std::int64_t(3));
        QCOMPARE(int(list->items[15]->type), int(PickleValue::Type::Tuple));
        // The memo shares one node: 'b' is the very list of 'a'.
        QCOMPARE(root->find("b"), list);
        QCOMPARE(root->entries.size(), std::size_t(3));
        QCOMPARE(root->entries[2].first->i, std::int64_t(7));
        QCOMPARE(int(root->entries[2].second->type), int(PickleValue::Type::Dict));
    }

    void lastKeyWins()
    {
        const PickleRef root = readPickle(pickle2(bytes({'}', '(', 0x8c, 1, 'k', 'K', 1, 0x8c, 1, 'k', 'K', 2, 'u'})));
        QCOMPARE(root->find("k")->i, std::int64_t(2));
    }

    void refusesOpcodesThatRunCode_data()
    {
        QTest::addColumn<QByteArray>("data");
        QTest::addColumn<QString>("message");
        auto row = [](const char *name, const std::string &body, int offset) {
            QTest::newRow(name) << QByteArray::fromStdString(pickle2(body))
                                << QStringLiteral("at byte %1, pickle opcode %2").arg(offset).arg(QLatin1String(name));
        };
        row("GLOBAL", "cos\nsystem\n", 2);
        row("STACK_GLOBAL", bytes({0x8c, 1, 'o', 0x8c, 1, 's', 0x93}), 8);
        row("REDUCE", bytes({'N', ')', 'R'}), 4);
        row("BUILD", bytes({'N', 'N', 'b'}), 4);
        row("INST", "ios\nsystem\n", 2);
        row("OBJ", bytes({'(', 'N', 'o'}), 4);
        row("NEWOBJ", bytes({'N', ')', 0x81}), 4);
        row("NEWOBJ_EX", bytes({'N', ')', '}', 0x92}), 5);
        row("EXT1", bytes({0x82, 1}), 2);
        row("EXT2", bytes({0x83, 1, 0}), 2);
        row("EXT4", bytes({0x84, 1, 0, 0, 0}), 2);
        row("PERSID", "P0\n", 2);
        row("BINPERSID", bytes({'N', 'Q'}), 3);
    }

    void refusesOpcodesThatRunCode()
    {
        QFETCH(QByteArray, data);
        QFETCH(QString, message);
        const QString error = QString::fromStdString(readError(data.toStdString()));
        QVERIFY2(error.startsWith(message), qPrintable(error));
        QVERIFY2(error.contains(QLatin1String("never runs code")), qPrintable(error));
    }

    void refusesWhatASnapshotNeverHolds_data()
    {
        QTest::addColumn<QByteArray>("data");
        QTest::addColumn<QString>("message");
        auto row = [](const char *name, const std::string &data, const char *message) {
            QTest::newRow(name) << QByteArray::fromStdString(data) << QString::fromLatin1(message);
        };
        row("protocol 0", "(lp0\n.", "not a pickle of protocol 2 or later");
        row("protocol 5", bytes({0x80, 5, 'N', '.'}), "pickle protocol 5");
        row("EMPTY_SET", pickle2(bytes({0x8f})), "EMPTY_SET (0x8f) is not one a memory snapshot uses");
        row("text INT", pickle2("I1\n"), "INT (0x49) is not one a memory snapshot uses");
        row("unknown byte", pickle2(bytes({0xff})), "unknown opcode (0xff)");
        row("63-bit overflow", pickle2(bytes({0x8a, 9, 0, 0, 0, 0, 0, 0, 0, 0, 1})), "wider than 64 bits");
        row("list key", pickle2(bytes({'}', ']', 'N', 's'})), "dict key of type list");
        row("list in itself", pickle2(bytes({']', 0x94, 'h', 0, 'a'})), "inside itself");
        row("changed after placed", pickle2(bytes({']', 0x94, 0x85, 'h', 0, 'N', 'a'})), "already placed");
        row("BINGET of nothing", pickle2(bytes({'h', 3})), "memo entry 3, which was never stored");
        row("APPEND on a dict", pickle2(bytes({'}', 'N', 'a'})), "APPEND (0x61) on a dict");
        row("empty stack", pickle2(bytes({'a'})), "on an empty stack");
        row("two values at STOP", pickle2(bytes({'N', 'N'})), "STOP with 2 values");
        row("empty", "", "the pickle is empty");
    }

    void refusesWhatASnapshotNeverHolds()
    {
        QFETCH(QByteArray, data);
        QFETCH(QString, message);
        const QString error = QString::fromStdString(readError(data.toStdString()));
        QVERIFY2(error.contains(message), qPrintable(error));
    }

    void truncationIsAnError_data()
    {
        QTest::addColumn<int>("cut");
        std::ifstream in(snapshotFile("training_timed.pickle"), std::ios::binary);
        const std::string whole((std::istreambuf_iterator<char>(in)), {});
        for (const int cut : {1, 2, 5, 11, 12, 40, int(whole.size()) / 2, int(whole.size()) - 1})
            QTest::addRow("cut at %d", cut) << cut;
    }

    void truncationIsAnError()
    {
        QFETCH(int, cut);
        std::ifstream in(snapshotFile("training_timed.pickle"), std::ios::binary);
        const std::string whole((std::istreambuf_iterator<char>(in)), {});
        QVERIFY(!readPickle(whole)->entries.empty());
        // Without its FRAME header, so that every cut reaches the opcode it falls in.
        const std::string unframed = whole.substr(0, 2) + whole.substr(11);
        const std::size_t at = std::min(std::size_t(cut), unframed.size() - 1);
        const QString error = QString::fromStdString(readError(unframed.substr(0, at)));
        QVERIFY2(error.contains(QLatin1String("truncated")) || error.contains(QLatin1String("empty"))
                     || error.contains(QLatin1String("not a pickle")),
                 qPrintable(error));
        const QString framed = QString::fromStdString(readError(whole.substr(0, std::size_t(cut))));
        QVERIFY2(!framed.isEmpty(), "a cut pickle must not read");
    }

    void depthAndSizeAreBounded()
    {
        std::string deep;
        for (int k = 0; k < 100; ++k)
            deep += ']';
        for (int k = 0; k < 99; ++k)
            deep += 'a';
        QVERIFY(readError(pickle2(deep)).find("deeper than 64 levels") != std::string::npos);
        PickleLimits limits;
        limits.maxValues = 10;
        try {
            readPickle(pickle2(bytes({']', '(', 'N', 'N', 'N', 'N', 'N', 'N', 'N', 'N', 'N', 'N', 'N', 'e'})), limits);
            QFAIL("11 values read with a limit of 10");
        } catch (const PickleError &e) {
            QVERIFY(std::string(e.what()).find("more than 10 values") != std::string::npos);
        }
        // A string longer than the input is refused before anything is allocated.
        QVERIFY(readError(pickle2(bytes({0x8d, 0, 0, 0, 0, 0, 0, 0, 0x40, 'x'}))).find("truncated")
                != std::string::npos);
    }

    void modelReadsTypesStrictly()
    {
        // {'segments': [5, {'device': 'x'}], 'device_traces': [[{'action': 'alloc', 'addr': 'no'}], 3]}
        std::string body = bytes({'}', '(', 0x8c, 8}) + "segments" + bytes({']', '(', 'K', 5, '}', 0x8c, 6}) + "device"
                           + bytes({0x8c, 1, 'x', 's', 'e', 0x8c, 13}) + "device_traces"
                           + bytes({']', '(', ']', '}', '(', 0x8c, 6}) + "action" + bytes({0x8c, 5}) + "alloc"
                           + bytes({0x8c, 4}) + "addr" + bytes({0x8c, 2}) + "no" + bytes({'u', 'a', 'K', 3, 'e', 'u'});
        const PickleRef root = readPickle(pickle2(body));
        Diagnostics diagnostics;
        const MemorySnapshot snapshot = readMemorySnapshot(*root, diagnostics);
        QVERIFY(snapshot.segments.empty());
        QCOMPARE(snapshot.deviceTraces.size(), std::size_t(2));
        QVERIFY(snapshot.deviceTraces[0].empty());
        QCOMPARE(diagnostics.count("snapshot-bad-segment"), std::uint64_t(2));
        QCOMPARE(diagnostics.count("snapshot-bad-trace"), std::uint64_t(1));
        QVERIFY(diagnostics.count("snapshot-wrong-type") >= 1);
        // A memo reference repeated past the budget is refused, not expanded.
        try {
            readMemorySnapshot(*root, diagnostics, 2);
            QFAIL("read past its budget");
        } catch (const SnapshotFormatError &e) {
            QVERIFY(std::string(e.what()).find("refused rather than expanded") != std::string::npos);
        }
    }

    void badFilesFailWithTheirCause_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("message");
        auto row = [](const char *name, const char *message) {
            QTest::newRow(name) << QString::fromStdString(snapshotFile(name)) << QString::fromLatin1(message);
        };
        row("bad_global_reduce.pickle", "at byte 20, pickle opcode GLOBAL (0x63) would import or call");
        row("bad_stack_global.pickle", "at byte 38, pickle opcode STACK_GLOBAL (0x93) would import or call");
        row("truncated.pickle", "the pickle is truncated");
        row("wrong_type.pickle", "'segments' is of type int, expected a list");
        row("deep_nesting.pickle", "nest deeper than 64 levels");
    }

    void badFilesFailWithTheirCause()
    {
        QFETCH(QString, file);
        QFETCH(QString, message);
        const ImportResult result = loadTrace(file.toStdString());
        QVERIFY(!result.ok());
        const QString error = QString::fromStdString(result.error);
        QVERIFY2(error.contains(message), qPrintable(error));
        QVERIFY2(error.contains(file), qPrintable(error));
    }

    // The [memory] instants carry Kineto's arguments; their totals equal the reference's.
    void memoryInstantsAgainstTheReference_data()
    {
        QTest::addColumn<QString>("stem");
        for (const char *stem : {"training_timed", "untimed", "oom", "multi_device"})
            QTest::newRow(stem) << QString::fromLatin1(stem);
    }

    void memoryInstantsAgainstTheReference()
    {
        QFETCH(QString, stem);
        const ImportResult result = loadTrace(snapshotFile((stem + QLatin1String(".pickle")).toLatin1().constData()));
        QVERIFY2(result.ok(), result.error.c_str());
        const Trace &trace = *result.trace;
        QCOMPARE(trace.source.format, std::string("pytorch-memory-snapshot"));
        QVERIFY(trace.memorySnapshot);
        QVERIFY(!trace.diagnostics.hasWarnings());
        const MemoryEvents events = collectMemoryEvents(trace);
        QVERIFY(events.recordedTotals);
        QCOMPARE(events.malformed, std::uint64_t(0));
        const auto expected =
            readSnapshotCsv(std::string(TRACELANE_TEST_DATA "/expected/snapshot/") + stem.toStdString() + "/memory_timeline.csv");
        QCOMPARE(events.events.size() + 1, expected.size());
        for (std::size_t k = 0; k < events.events.size(); ++k) {
            const MemoryEvent &e = events.events[k];
            const auto &row = expected[k + 1];
            QCOMPARE(memoryDeviceName(e.device), row[0]);
            QCOMPARE(std::to_string(e.time), row[1]);
            QCOMPARE(std::to_string(e.totalAllocated), row[2]);
            QCOMPARE(std::to_string(*e.totalReserved), row[3]);
            QVERIFY(e.address.has_value());
            QVERIFY(trace.arg(e.ref, "Stream").has_value());
            QVERIFY(trace.arg(e.ref, "Stack").has_value());
        }
        const bool timed = stem == QLatin1String("training_timed") || stem == QLatin1String("oom");
        QCOMPARE(trace.memorySnapshot->timed, timed);
        bool axisNoted = false;
        for (const auto &[key, value] : trace.source.metadata)
            if (key == "time axis")
                axisNoted = timed ? value.find("time_us") != std::string::npos
                                  : value.find("entry index") != std::string::npos;
        QVERIFY(axisNoted);
    }

    void oomInstantCarriesDeviceFree()
    {
        const ImportResult result = loadTrace(snapshotFile("oom.pickle"));
        QVERIFY(result.ok());
        const Trace &trace = *result.trace;
        int ooms = 0;
        for (std::uint32_t t = 0; t < trace.tracks.size(); ++t)
            for (std::uint32_t i = 0; i < trace.tracks[t].events.size(); ++i)
                if (trace.name({t, i}) == "OOM") {
                    ++ooms;
                    QCOMPARE(trace.arg({t, i}, "Device Free")->asInt().value_or(-1), std::int64_t(4194304));
                    QCOMPARE(trace.arg({t, i}, "Bytes")->asInt().value_or(-1), std::int64_t(9437184));
                }
        QCOMPARE(ooms, 1);
    }

    void sniffIgnoresOtherPickles()
    {
        const std::string path = QDir::tempPath().toStdString() + "/tracelane_plain.pickle";
        std::ofstream(path, std::ios::binary) << pickle2(bytes({'}', 0x8c, 1, 'k', 'N', 's'}));
        const ImportResult result = loadTrace(path);
        QVERIFY(!result.ok());
        QVERIFY2(result.error.find("not a trace format") != std::string::npos, result.error.c_str());
        std::remove(path.c_str());
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestImportSnapshot)
#include "tst_import_snapshot.moc"
