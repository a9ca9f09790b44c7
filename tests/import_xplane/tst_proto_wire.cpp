// The schema-less protobuf wire reader (core/import/protobuf/proto_wire.h) on
// bytes written here by hand: varints of every length, zigzag, fixed 32/64,
// nested messages with file offsets, packed varints, groups skipped whole,
// and each way a cut or damaged message must be refused.
#include "import/import_error.h"
#include "import/protobuf/proto_wire.h"

#include "test_registry.h"

#include <QtTest>

#include <cstring>
#include <limits>
#include <string>
#include <vector>

using namespace tracelane;

namespace {

std::string wireBytes(std::initializer_list<int> values)
{
    std::string out;
    for (const int v : values)
        out.push_back(char(v));
    return out;
}

std::string wireVarint(std::uint64_t v)
{
    std::string out;
    do {
        const auto byte = static_cast<unsigned char>(v & 0x7f);
        v >>= 7;
        out.push_back(char(v ? byte | 0x80 : byte));
    } while (v);
    return out;
}

std::string wireTag(std::uint32_t number, int wire)
{
    return wireVarint((std::uint64_t(number) << 3) | std::uint64_t(wire));
}

std::string wireLengthDelimited(std::uint32_t number, const std::string &payload)
{
    return wireTag(number, 2) + wireVarint(payload.size()) + payload;
}

std::vector<ProtoField> wireReadAll(const std::string &data)
{
    ProtoReader reader(data);
    std::vector<ProtoField> out;
    ProtoField field;
    while (reader.next(field))
        out.push_back(field);
    return out;
}

QString wireError(const std::string &data)
{
    try {
        wireReadAll(data);
    } catch (const ImportError &e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

} // namespace

class TestProtoWire : public QObject
{
    Q_OBJECT

private slots:
    void varintsOfEveryLength()
    {
        const std::vector<std::uint64_t> values{0,
                                                1,
                                                127,
                                                128,
                                                300,
                                                16383,
                                                16384,
                                                (1ull << 32) - 1,
                                                1ull << 35,
                                                (1ull << 56) + 5,
                                                std::numeric_limits<std::uint64_t>::max()};
        std::string data;
        for (const std::uint64_t v : values)
            data += wireTag(1, 0) + wireVarint(v);
        const auto fields = wireReadAll(data);
        QCOMPARE(fields.size(), values.size());
        for (std::size_t i = 0; i < values.size(); ++i) {
            QCOMPARE(fields[i].number, 1u);
            QCOMPARE(int(fields[i].type), int(WireType::Varint));
            QCOMPARE(fields[i].value, values[i]);
        }
        // The ten-byte form of -1 is an int64 of -1.
        QCOMPARE(fields.back().asInt64(), std::int64_t(-1));
        // A large field number, in a five-byte tag.
        const auto big = wireReadAll(wireTag(0x1fffffff, 0) + wireVarint(9));
        QCOMPARE(big.at(0).number, 0x1fffffffu);
    }

    void zigzag()
    {
        const std::vector<std::pair<std::uint64_t, std::int64_t>> pairs{
            {0, 0},
            {1, -1},
            {2, 1},
            {3, -2},
            {4294967294ull, 2147483647},
            {4294967295ull, -2147483648ll},
            {std::numeric_limits<std::uint64_t>::max(), std::numeric_limits<std::int64_t>::min()}};
        for (const auto &[encoded, decoded] : pairs) {
            ProtoField f;
            f.value = encoded;
            QCOMPARE(f.asSint64(), decoded);
        }
    }

    void fixedWidths()
    {
        double d = -1234.5;
        std::uint64_t dbits = 0;
        std::memcpy(&dbits, &d, 8);
        float fl = 3.25f;
        std::uint32_t fbits = 0;
        std::memcpy(&fbits, &fl, 4);
        std::string data = wireTag(2, 1);
        for (int i = 0; i < 8; ++i)
            data.push_back(char((dbits >> (8 * i)) & 0xff));
        data += wireTag(3, 5);
        for (int i = 0; i < 4; ++i)
            data.push_back(char((fbits >> (8 * i)) & 0xff));
        data += wireTag(4, 1) + wireBytes({0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x88});
        const auto fields = wireReadAll(data);
        QCOMPARE(fields.size(), std::size_t(3));
        QCOMPARE(int(fields[0].type), int(WireType::Fixed64));
        QCOMPARE(fields[0].asDouble(), -1234.5);
        QCOMPARE(int(fields[1].type), int(WireType::Fixed32));
        QCOMPARE(fields[1].asFloat(), 3.25f);
        QCOMPARE(fields[2].value, 0x8807060504030201ull); // little-endian
    }

    void nestedMessagesKeepFileOffsets()
    {
        const std::string inner = wireTag(1, 0) + wireVarint(5) + wireLengthDelimited(2, "name");
        const std::string data = wireTag(7, 0) + wireVarint(1) + wireLengthDelimited(3, inner);
        ProtoReader outer(data, 1000);
        ProtoField field;
        QVERIFY(outer.next(field));
        QCOMPARE(outer.fieldOffset(), std::uint64_t(1000));
        QVERIFY(outer.next(field));
        QCOMPARE(field.number, 3u);
        QCOMPARE(outer.fieldOffset(), std::uint64_t(1002));
        ProtoReader nested = outer.nested(field);
        QVERIFY(nested.next(field));
        QCOMPARE(field.value, std::uint64_t(5));
        QCOMPARE(nested.fieldOffset(), std::uint64_t(1004)); // tag 1 byte, length 1 byte after 1002
        QVERIFY(nested.next(field));
        QCOMPARE(std::string(field.bytes), std::string("name"));
        QVERIFY(!nested.next(field));
        QVERIFY(!outer.next(field));
        // An empty message and an empty string are fine.
        QVERIFY(wireReadAll("").empty());
        QCOMPARE(wireReadAll(wireLengthDelimited(2, "")).at(0).bytes.size(), std::size_t(0));
    }

    void packedVarints()
    {
        const std::string packed = wireVarint(1) + wireVarint(300) + wireVarint(1ull << 40);
        std::vector<std::uint64_t> seen;
        forEachPackedVarint(std::string_view(packed), [&](std::uint64_t v) { seen.push_back(v); });
        QCOMPARE(seen, (std::vector<std::uint64_t>{1, 300, 1ull << 40}));
        std::string cut = packed;
        cut.back() = char(0x80);
        QVERIFY_THROWS_EXCEPTION(ImportError, forEachPackedVarint(std::string_view(cut), [](std::uint64_t) {}));
    }

    void groupsAreSkippedWhole()
    {
        // field 1 = 1, group 5 { field 1 = 2, group 6 { field 2 = "x" } }, field 3 = 3
        const std::string data = wireTag(1, 0) + wireVarint(1) + wireTag(5, 3) + wireTag(1, 0) + wireVarint(2)
            + wireTag(6, 3) + wireLengthDelimited(2, "x") + wireTag(6, 4) + wireTag(5, 4) + wireTag(3, 0)
            + wireVarint(3);
        const auto fields = wireReadAll(data);
        QCOMPARE(fields.size(), std::size_t(2));
        QCOMPARE(fields[0].number, 1u);
        QCOMPARE(fields[1].number, 3u);
        QCOMPARE(fields[1].value, std::uint64_t(3));
        // A group ended by another group's tag, and one never ended.
        QVERIFY(wireError(wireTag(5, 3) + wireTag(6, 4)).contains(QLatin1String("another group")));
        QVERIFY(wireError(wireTag(5, 3) + wireTag(1, 0) + wireVarint(1)).contains(QLatin1String("without its end")));
        // Nesting past the limit is refused, not recursed into.
        std::string deep;
        for (int i = 0; i < 100; ++i)
            deep += wireTag(5, 3);
        QVERIFY(wireError(deep).contains(QLatin1String("too deeply")));
    }

    void truncationAndDamageAreErrors_data()
    {
        QTest::addColumn<QByteArray>("data");
        QTest::addColumn<QString>("message");
        const auto row = [](const char *name, const std::string &bytes, const char *message) {
            QTest::newRow(name) << QByteArray(bytes.data(), qsizetype(bytes.size())) << QString::fromLatin1(message);
        };
        row("cut varint value", wireTag(1, 0) + wireBytes({0x80, 0x80}), "varint");
        row("cut tag", wireBytes({0x80}), "varint");
        row("eleven-byte varint", wireTag(1, 0) + std::string(10, char(0xff)) + wireBytes({0x01}), "varint");
        row("cut fixed64", wireTag(1, 1) + wireBytes({1, 2, 3}), "64-bit");
        row("cut fixed32", wireTag(1, 5) + wireBytes({1, 2}), "32-bit");
        row("length past the end", wireTag(2, 2) + wireVarint(10) + "abc", "past the end");
        row("huge length", wireTag(2, 2) + wireVarint(~0ull >> 1) + "abc", "past the end");
        row("field number zero", wireBytes({0x00, 0x01}), "field number");
        row("wire type 6", wireBytes({0x0e, 0x01}), "unknown wire type");
        row("stray end group", wireTag(1, 4), "unknown wire type");
    }

    void truncationAndDamageAreErrors()
    {
        QFETCH(QByteArray, data);
        QFETCH(QString, message);
        const QString error = wireError(data.toStdString());
        QVERIFY2(error.contains(message), qPrintable(error));
        QVERIFY2(error.contains(QLatin1String("at byte")), qPrintable(error));
    }

    void errorsNameTheFileOffset()
    {
        const std::string inner = wireTag(1, 1) + wireBytes({1, 2});
        const std::string data = wireTag(7, 0) + wireVarint(1) + wireLengthDelimited(3, inner);
        ProtoReader outer(data, 500);
        ProtoField field;
        QVERIFY(outer.next(field));
        QVERIFY(outer.next(field));
        ProtoReader nested = outer.nested(field);
        try {
            nested.next(field);
            QFAIL("a cut fixed64 was read");
        } catch (const ImportError &e) {
            QVERIFY2(QString::fromStdString(e.what()).contains(QLatin1String("at byte 504")), e.what());
        }
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestProtoWire)
#include "tst_proto_wire.moc"
