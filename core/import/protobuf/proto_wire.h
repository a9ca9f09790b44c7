#pragma once
// Protocol Buffers wire format, read without a schema: a message is a run of
// (field number, wire type, value) records. The XSpace and Perfetto importers
// walk their messages with it and pick the fields they know by number; the
// rest is skipped. Every length is checked against what is left, so a cut or
// damaged message throws ImportError naming the offset instead of reading
// past its end. See docs/DECISIONS_INPUTS.md for why not libprotobuf.

#include <algorithm>
#include <cstdint>
#include <string_view>

namespace tracelane {

enum class WireType : std::uint8_t { Varint = 0, Fixed64 = 1, Bytes = 2, StartGroup = 3, EndGroup = 4, Fixed32 = 5 };

struct ProtoField
{
    std::uint32_t number = 0;
    WireType type = WireType::Varint;
    std::uint64_t value = 0;     // Varint, Fixed64 and Fixed32 payloads
    std::string_view bytes;      // Bytes payload: a string, a message or packed numbers

    std::int64_t asInt64() const { return static_cast<std::int64_t>(value); }
    std::int64_t asSint64() const; // zigzag (sint32/sint64)
    double asDouble() const;       // fixed64 as IEEE double
    float asFloat() const;         // fixed32 as IEEE float
};

class ProtoReader
{
public:
    // `base` is the offset of `data` in the file, for error messages.
    explicit ProtoReader(std::string_view data, std::uint64_t base = 0) : m_data(data), m_base(base) {}

    // Reads the next field; false at the end of the message. Throws ImportError
    // on a malformed record. Groups (deprecated) are skipped whole.
    bool next(ProtoField &field);

    // Offset in the file of the field last read (its tag).
    std::uint64_t fieldOffset() const { return m_base + m_fieldStart; }
    // A reader over a Bytes field of the last next(): same file offsets.
    ProtoReader nested(const ProtoField &field) const
    {
        return ProtoReader(field.bytes, m_base + static_cast<std::uint64_t>(field.bytes.data() - m_data.data()));
    }

private:
    std::uint64_t readVarint();     // one-byte fast path, inline below
    std::uint64_t readVarintSlow(); // the rest
    [[noreturn]] void fail(const char *what) const;
    void skipGroup(std::uint32_t number, int depth);

    std::string_view m_data;
    std::uint64_t m_base = 0;
    std::size_t m_pos = 0;
    std::size_t m_fieldStart = 0;
};

// Packed repeated varints (proto3's default for repeated integers): calls
// `each(value)` for every number; throws ImportError on a cut varint.
template <typename Each>
void forEachPackedVarint(std::string_view bytes, Each &&each);

// One varint from the front of `bytes`, advancing it; throws ImportError.
std::uint64_t takeVarint(std::string_view &bytes);

template <typename Each>
void forEachPackedVarint(std::string_view bytes, Each &&each)
{
    while (!bytes.empty())
        each(takeVarint(bytes));
}

inline std::uint64_t ProtoReader::readVarint()
{
    if (m_pos < m_data.size()) {
        const auto *p = reinterpret_cast<const unsigned char *>(m_data.data()) + m_pos;
        if (p[0] < 0x80) {
            ++m_pos;
            return p[0];
        }
        // Timestamps and offsets are several bytes long: read them here too.
        const std::size_t limit = std::min<std::size_t>(m_data.size() - m_pos, 10);
        std::uint64_t result = p[0] & 0x7fu;
        for (std::size_t i = 1; i < limit; ++i) {
            result |= static_cast<std::uint64_t>(p[i] & 0x7fu) << (7 * i);
            if (p[i] < 0x80) {
                m_pos += i + 1;
                return result;
            }
        }
    }
    return readVarintSlow();
}

// Inline: called for every field of a trace, the hottest loop of both importers.
[[gnu::always_inline]] inline bool ProtoReader::next(ProtoField &field)
{
    for (;;) {
        if (m_pos >= m_data.size())
            return false;
        m_fieldStart = m_pos;
        // Tags of fields 1 to 15 are one byte: the common case, read here.
        const auto first = static_cast<unsigned char>(m_data[m_pos]);
        const std::uint64_t tag = first < 0x80 ? (++m_pos, first) : readVarint();
        const std::uint64_t number = tag >> 3;
        if (number == 0 || number > 0x1fffffff)
            fail("a field number out of range");
        field.number = static_cast<std::uint32_t>(number);
        field.bytes = {};
        field.value = 0;
        switch (tag & 7) {
        case 0:
            field.type = WireType::Varint;
            field.value = readVarint();
            return true;
        case 1:
            if (m_data.size() - m_pos < 8)
                fail("a 64-bit field is cut off");
            field.type = WireType::Fixed64;
            for (int i = 7; i >= 0; --i)
                field.value = (field.value << 8) | static_cast<unsigned char>(m_data[m_pos + i]);
            m_pos += 8;
            return true;
        case 2: {
            const auto lead = m_pos < m_data.size() ? static_cast<unsigned char>(m_data[m_pos]) : 0x80;
            const std::uint64_t length = lead < 0x80 ? (++m_pos, lead) : readVarint();
            if (length > m_data.size() - m_pos)
                fail("a length-delimited field runs past the end of its message");
            field.type = WireType::Bytes;
            field.bytes = std::string_view(m_data.data() + m_pos, length); // length checked above
            m_pos += length;
            return true;
        }
        case 3:
            skipGroup(field.number, 0);
            continue;
        case 5:
            if (m_data.size() - m_pos < 4)
                fail("a 32-bit field is cut off");
            field.type = WireType::Fixed32;
            for (int i = 3; i >= 0; --i)
                field.value = (field.value << 8) | static_cast<unsigned char>(m_data[m_pos + i]);
            m_pos += 4;
            return true;
        default:
            fail("an unknown wire type (or bytes that are not a protobuf message)");
        }
    }
}

} // namespace tracelane
