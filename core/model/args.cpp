#include "args.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <sstream>

namespace tracelane {
namespace {

constexpr std::size_t kMaxVarint = 10; // bytes of a 64-bit varint; a double takes 8

// Writes at p (room for 10 bytes) and returns the end.
std::uint8_t *putVarint(std::uint8_t *p, std::uint64_t v)
{
    while (v >= 0x80) {
        *p++ = static_cast<std::uint8_t>(v | 0x80);
        v >>= 7;
    }
    *p++ = static_cast<std::uint8_t>(v);
    return p;
}

std::uint64_t getVarint(const std::uint8_t *&p, const std::uint8_t *end)
{
    std::uint64_t v = 0;
    for (int shift = 0; p < end && shift < 64; shift += 7) {
        const std::uint8_t b = *p++;
        v |= std::uint64_t(b & 0x7F) << shift;
        if (!(b & 0x80))
            break;
    }
    return v;
}

std::uint64_t zigzag(std::int64_t v) { return (std::uint64_t(v) << 1) ^ std::uint64_t(v >> 63); }
std::int64_t unzigzag(std::uint64_t v) { return std::int64_t(v >> 1) ^ -std::int64_t(v & 1); }

// Reads one value of `type` at p; returns false at a malformed record.
bool readValue(const std::uint8_t *&p, const std::uint8_t *end, ArgType type, ArgValue &value)
{
    value = ArgValue{};
    value.type = type;
    switch (type) {
    case ArgType::Null:
        break;
    case ArgType::Bool:
    case ArgType::Int:
        if (p >= end)
            return false;
        value.i = unzigzag(getVarint(p, end));
        break;
    case ArgType::Double:
        if (end - p < 8)
            return false;
        std::memcpy(&value.d, p, 8);
        p += 8;
        break;
    case ArgType::String:
    case ArgType::Json:
        if (p >= end)
            return false;
        value.s = static_cast<StringId>(getVarint(p, end));
        break;
    default:
        return false;
    }
    return true;
}

} // namespace

std::optional<std::int64_t> ArgValue::asInt() const
{
    if (type == ArgType::Int || type == ArgType::Bool)
        return i;
    if (type == ArgType::Double)
        return static_cast<std::int64_t>(d);
    return std::nullopt;
}

std::optional<double> ArgValue::asDouble() const
{
    if (type == ArgType::Double)
        return d;
    if (type == ArgType::Int || type == ArgType::Bool)
        return static_cast<double>(i);
    return std::nullopt;
}

std::string ArgValue::toText(const StringTable &strings) const
{
    switch (type) {
    case ArgType::Null: return "null";
    case ArgType::Bool: return i ? "true" : "false";
    case ArgType::Int: return std::to_string(i);
    case ArgType::Double: {
        std::ostringstream out;
        out.precision(std::numeric_limits<double>::max_digits10 - 2);
        out << d;
        return out.str();
    }
    case ArgType::String:
    case ArgType::Json: return std::string(strings.view(s));
    }
    return {};
}

std::uint32_t ArgSchemas::intern(const std::vector<Arg> &args)
{
    // Importers write long runs of events with the same arguments (every CUDA API
    // call has just returnValue): compare with the last schema before hashing.
    if (m_last < m_offsets.size()) {
        const auto last = fields(m_last);
        if (std::equal(last.begin(), last.end(), args.begin(), args.end(),
                       [](const ArgField &f, const Arg &a) { return f.key == a.key && f.type == a.value.type; }))
            return m_last;
    }
    m_scratch.clear();
    for (const Arg &arg : args) {
        m_scratch.append(reinterpret_cast<const char *>(&arg.key), sizeof arg.key);
        m_scratch.push_back(static_cast<char>(arg.value.type));
    }
    auto [it, inserted] = m_lookup.try_emplace(m_scratch, static_cast<std::uint32_t>(m_offsets.size()));
    if (inserted) {
        m_offsets.push_back(static_cast<std::uint32_t>(m_fields.size()));
        for (const Arg &arg : args)
            m_fields.push_back({arg.key, arg.value.type});
    }
    m_last = it->second;
    return m_last;
}

std::span<const ArgField> ArgSchemas::fields(std::uint32_t schema) const
{
    if (schema >= m_offsets.size())
        return {};
    const std::uint32_t begin = m_offsets[schema];
    const std::uint32_t end = schema + 1 < m_offsets.size() ? m_offsets[schema + 1] : std::uint32_t(m_fields.size());
    return {m_fields.data() + begin, m_fields.data() + end};
}

std::size_t ArgSchemas::bytesUsed() const
{
    std::size_t bytes = m_fields.capacity() * sizeof(ArgField) + m_offsets.capacity() * sizeof(std::uint32_t);
    for (const auto &[key, id] : m_lookup)
        bytes += key.capacity() + sizeof(id) + 4 * sizeof(void *);
    return bytes;
}

ArgsOffset ArgWriter::flushTo(std::vector<std::uint8_t> &blob, ArgSchemas &schemas)
{
    if (m_pending.empty())
        return kNoArgs;
    if (blob.size() >= std::numeric_limits<ArgsOffset>::max() - 1024 * 1024) {
        m_pending.clear();
        return kNoArgs;
    }
    const auto offset = static_cast<ArgsOffset>(blob.size());
    // Encode into room reserved at the blob's end, then trim: one capacity check
    // per event instead of one per byte.
    blob.resize(blob.size() + kMaxVarint * (1 + m_pending.size()));
    std::uint8_t *p = putVarint(blob.data() + offset, schemas.intern(m_pending));
    for (const Arg &arg : m_pending) {
        switch (arg.value.type) {
        case ArgType::Null: break;
        case ArgType::Bool:
        case ArgType::Int: p = putVarint(p, zigzag(arg.value.i)); break;
        case ArgType::Double:
            std::memcpy(p, &arg.value.d, 8);
            p += 8;
            break;
        case ArgType::String:
        case ArgType::Json: p = putVarint(p, arg.value.s); break;
        }
    }
    blob.resize(static_cast<std::size_t>(p - blob.data()));
    m_pending.clear();
    return offset;
}

ArgsOffset transcodeArgs(const std::vector<std::uint8_t> &from, ArgsOffset offset, const ArgSchemas &fromSchemas,
                         std::span<const std::uint32_t> schemaMap, std::span<const StringId> stringMap,
                         std::vector<std::uint8_t> &to)
{
    if (offset == kNoArgs || offset >= from.size() || to.size() >= std::numeric_limits<ArgsOffset>::max() - 1024 * 1024)
        return kNoArgs;
    const std::uint8_t *p = from.data() + offset;
    const std::uint8_t *end = from.data() + from.size();
    const auto schema = static_cast<std::uint32_t>(getVarint(p, end));
    if (schema >= schemaMap.size() || schema >= fromSchemas.size())
        return kNoArgs;
    const auto fields = fromSchemas.fields(schema);
    const auto start = static_cast<ArgsOffset>(to.size());
    to.resize(to.size() + kMaxVarint * (1 + fields.size()));
    std::uint8_t *q = putVarint(to.data() + start, schemaMap[schema]);
    for (const ArgField &field : fields) {
        ArgValue value;
        if (!readValue(p, end, field.type, value)) {
            to.resize(start);
            return kNoArgs;
        }
        switch (field.type) {
        case ArgType::Null: break;
        case ArgType::Bool:
        case ArgType::Int: q = putVarint(q, zigzag(value.i)); break;
        case ArgType::Double:
            std::memcpy(q, &value.d, 8);
            q += 8;
            break;
        case ArgType::String:
        case ArgType::Json: q = putVarint(q, value.s < stringMap.size() ? stringMap[value.s] : 0); break;
        }
    }
    to.resize(static_cast<std::size_t>(q - to.data()));
    return start;
}

std::vector<Arg> decodeArgs(const ArgSchemas &schemas, const std::vector<std::uint8_t> &blob, ArgsOffset offset)
{
    std::vector<Arg> result;
    if (offset == kNoArgs || offset >= blob.size())
        return result;
    const std::uint8_t *p = blob.data() + offset;
    const std::uint8_t *end = blob.data() + blob.size();
    const auto fields = schemas.fields(static_cast<std::uint32_t>(getVarint(p, end)));
    for (const ArgField &field : fields) {
        Arg arg{field.key, {}};
        if (!readValue(p, end, field.type, arg.value))
            break;
        result.push_back(arg);
    }
    return result;
}

std::optional<ArgValue> findArg(const ArgSchemas &schemas, const std::vector<std::uint8_t> &blob, ArgsOffset offset,
                                StringId key)
{
    if (offset == kNoArgs || offset >= blob.size())
        return std::nullopt;
    const std::uint8_t *p = blob.data() + offset;
    const std::uint8_t *end = blob.data() + blob.size();
    const auto fields = schemas.fields(static_cast<std::uint32_t>(getVarint(p, end)));
    for (const ArgField &field : fields) {
        ArgValue value;
        if (!readValue(p, end, field.type, value))
            return std::nullopt;
        if (field.key == key)
            return value;
    }
    return std::nullopt;
}

void findArgs(const ArgSchemas &schemas, const std::vector<std::uint8_t> &blob, ArgsOffset offset,
              std::span<const StringId> keys, std::span<std::optional<ArgValue>> values)
{
    for (auto &value : values)
        value.reset();
    if (offset == kNoArgs || offset >= blob.size())
        return;
    const std::uint8_t *p = blob.data() + offset;
    const std::uint8_t *end = blob.data() + blob.size();
    const auto fields = schemas.fields(static_cast<std::uint32_t>(getVarint(p, end)));
    // Most records hold none of the keys: look at the schema before decoding any value.
    const auto wanted = [&](const ArgField &field) { return std::find(keys.begin(), keys.end(), field.key) != keys.end(); };
    if (std::none_of(fields.begin(), fields.end(), wanted))
        return;
    for (const ArgField &field : fields) {
        ArgValue value;
        if (!readValue(p, end, field.type, value))
            return;
        for (std::size_t k = 0; k < keys.size() && k < values.size(); ++k)
            if (field.key == keys[k])
                values[k] = value;
    }
}

} // namespace tracelane
