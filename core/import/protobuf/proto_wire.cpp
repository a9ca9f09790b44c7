#include "proto_wire.h"

#include "import/import_error.h"

#include <bit>
#include <string>

namespace tracelane {

std::int64_t ProtoField::asSint64() const
{
    return static_cast<std::int64_t>(value >> 1) ^ -static_cast<std::int64_t>(value & 1);
}

double ProtoField::asDouble() const
{
    return std::bit_cast<double>(value);
}

float ProtoField::asFloat() const
{
    return std::bit_cast<float>(static_cast<std::uint32_t>(value));
}

std::uint64_t takeVarint(std::string_view &bytes)
{
    std::uint64_t result = 0;
    for (int shift = 0; shift < 64; shift += 7) {
        if (bytes.empty())
            throw ImportError("protobuf: a varint is cut off by the end of its field");
        const auto byte = static_cast<unsigned char>(bytes.front());
        bytes.remove_prefix(1);
        result |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
        if ((byte & 0x80) == 0)
            return result;
    }
    throw ImportError("protobuf: a varint is longer than ten bytes");
}

void ProtoReader::fail(const char *what) const
{
    throw ImportError("protobuf: " + std::string(what) + " at byte " + std::to_string(m_base + m_fieldStart));
}

std::uint64_t ProtoReader::readVarintSlow()
{
    // Reads in place, without a copy or a throw (readVarint() took the one-byte case).
    const auto *p = reinterpret_cast<const unsigned char *>(m_data.data()) + m_pos;
    const std::size_t left = m_data.size() - m_pos;
    std::uint64_t result = 0;
    for (std::size_t i = 0; i < left && i < 10; ++i) {
        result |= static_cast<std::uint64_t>(p[i] & 0x7f) << (7 * i);
        if ((p[i] & 0x80) == 0) {
            m_pos += i + 1;
            return result;
        }
    }
    fail("a varint is cut off or too long");
}

void ProtoReader::skipGroup(std::uint32_t number, int depth)
{
    // Groups nest; a flat loop with a depth limit keeps hostile input from
    // exhausting the stack.
    if (depth > 64)
        fail("groups nested too deeply");
    ProtoField inner;
    for (;;) {
        if (m_pos >= m_data.size())
            fail("a group without its end");
        const std::size_t start = m_pos;
        const std::uint64_t tag = readVarint();
        const auto wire = tag & 7;
        if (wire == 4) {
            if ((tag >> 3) != number)
                fail("a group ended by another group's tag");
            return;
        }
        if (wire == 3) {
            skipGroup(static_cast<std::uint32_t>(tag >> 3), depth + 1);
            continue;
        }
        m_pos = start;
        if (!next(inner))
            fail("a group without its end");
    }
}

} // namespace tracelane
