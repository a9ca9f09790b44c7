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
    std::uint64_t result = 0;
    for (int shift = 0; shift < 64; shift += 7) {
        if (m_pos >= m_data.size())
            fail("a varint is cut off or too long");
        const auto byte = static_cast<unsigned char>(m_data[m_pos++]);
        result |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
        if ((byte & 0x80) == 0)
            return result;
    }
    fail("a varint is cut off or too long");
}

bool ProtoReader::readOther(ProtoField &field, std::uint64_t tag)
{
    switch (tag & 7) {
    case 1:
        if (m_data.size() - m_pos < 8)
            fail("a 64-bit field is cut off");
        field.type = WireType::Fixed64;
        for (int i = 7; i >= 0; --i)
            field.value = (field.value << 8) | static_cast<unsigned char>(m_data[m_pos + i]);
        m_pos += 8;
        return true;
    case 3: skipGroup(field.number, 0); return false;
    case 5:
        if (m_data.size() - m_pos < 4)
            fail("a 32-bit field is cut off");
        field.type = WireType::Fixed32;
        for (int i = 3; i >= 0; --i)
            field.value = (field.value << 8) | static_cast<unsigned char>(m_data[m_pos + i]);
        m_pos += 4;
        return true;
    default: fail("an unknown wire type (or bytes that are not a protobuf message)");
    }
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

ProtoReader ProtoReader::nested(const ProtoField &field) const
{
    const auto offset = static_cast<std::uint64_t>(field.bytes.data() - m_data.data());
    return ProtoReader(field.bytes, m_base + offset);
}

} // namespace tracelane
