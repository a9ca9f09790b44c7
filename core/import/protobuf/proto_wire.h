#pragma once
// Protocol Buffers wire format, read without a schema: a message is a run of
// (field number, wire type, value) records. The XSpace and Perfetto importers
// walk their messages with it and pick the fields they know by number; the
// rest is skipped. Every length is checked against what is left, so a cut or
// damaged message throws ImportError naming the offset instead of reading
// past its end. See docs/DECISIONS_INPUTS.md for why not libprotobuf.

#include <cstdint>
#include <string_view>

namespace tracelane {

enum class WireType : std::uint8_t { Varint = 0, Fixed64 = 1, Bytes = 2, StartGroup = 3, EndGroup = 4, Fixed32 = 5 };

struct ProtoField
{
    std::uint32_t number = 0;
    WireType type = WireType::Varint;
    std::uint64_t value = 0; // Varint, Fixed64 and Fixed32 payloads
    std::string_view bytes;  // Bytes payload: a string, a message or packed numbers

    std::int64_t asInt64() const { return static_cast<std::int64_t>(value); }
    std::int64_t asSint64() const; // zigzag (sint32/sint64)
    double asDouble() const;       // fixed64 as IEEE double
    float asFloat() const;         // fixed32 as IEEE float
};

class ProtoReader
{
public:
    // `base` is the offset of `data` in the file, for error messages.
    explicit ProtoReader(std::string_view data, std::uint64_t base = 0)
        : m_data(data)
        , m_base(base)
    {
    }

    // Reads the next field; false at the end of the message. Throws ImportError
    // on a malformed record. Groups (deprecated) are skipped whole. Inline:
    // an XSpace has a few fields per event and millions of events, and the
    // varints and lengths it reads are one byte in the common case.
    bool next(ProtoField &field)
    {
        for (;;) {
            if (m_pos >= m_data.size())
                return false;
            m_fieldStart = m_pos;
            const std::uint64_t tag = readVarint();
            const std::uint64_t number = tag >> 3;
            if (number == 0 || number > 0x1fffffff) [[unlikely]]
                fail("a field number out of range");
            field.number = static_cast<std::uint32_t>(number);
            field.bytes = {};
            field.value = 0;
            if ((tag & 7) == 0) {
                field.type = WireType::Varint;
                field.value = readVarint();
                return true;
            }
            if ((tag & 7) == 2) {
                const std::uint64_t length = readVarint();
                if (length > m_data.size() - m_pos) [[unlikely]]
                    fail("a length-delimited field runs past the end of its message");
                field.type = WireType::Bytes;
                field.bytes = m_data.substr(m_pos, length);
                m_pos += length;
                return true;
            }
            if (readOther(field, tag))
                return true;
            // a group was skipped: read on
        }
    }

    // Offset in the file of the field last read (its tag).
    std::uint64_t fieldOffset() const { return m_base + m_fieldStart; }
    // A reader over a Bytes field of the last next(): same file offsets.
    ProtoReader nested(const ProtoField &field) const;

private:
    std::uint64_t readVarint()
    {
        // At most ten bytes, and never past the message: the loop's only bound.
        const auto *p = reinterpret_cast<const unsigned char *>(m_data.data()) + m_pos;
        const std::size_t left = m_data.size() - m_pos;
        const std::size_t n = left < 10 ? left : 10;
        std::uint64_t result = 0;
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint64_t byte = p[i];
            result |= (byte & 0x7f) << (7 * i);
            if (byte < 0x80) {
                m_pos += i + 1;
                return result;
            }
        }
        return readVarintSlow(); // cut off or too long: throws
    }
    std::uint64_t readVarintSlow();
    // Fixed64, Fixed32 (true), a group skipped (false), or an error.
    bool readOther(ProtoField &field, std::uint64_t tag);
    [[noreturn]] void fail(const char *what) const;
    void skipGroup(std::uint32_t number, int depth);

    std::string_view m_data;
    std::uint64_t m_base = 0;
    std::size_t m_pos = 0;
    std::size_t m_fieldStart = 0;
};

// Packed repeated varints (proto3's default for repeated integers): calls
// `each(value)` for every number; throws ImportError on a cut varint.
template <typename Each> void forEachPackedVarint(std::string_view bytes, Each &&each);

// One varint from the front of `bytes`, advancing it; throws ImportError.
std::uint64_t takeVarint(std::string_view &bytes);

template <typename Each> void forEachPackedVarint(std::string_view bytes, Each &&each)
{
    while (!bytes.empty())
        each(takeVarint(bytes));
}

} // namespace tracelane
