#pragma once
// Per-event arguments, stored compactly: all events of a track share one byte
// blob; an event refers to its record by offset. A record is
//   varint schema id, then one value per argument of the schema
// where a schema is an interned list of (key, type) shared by every event with
// the same argument names and types (a trace has a few hundred at most).
// Integers are zigzag varints, strings and JSON texts interned ids, doubles 8
// raw bytes, null nothing. A typical PyTorch cpu_op's nine arguments take ~16 bytes.

#include "event.h"
#include "string_table.h"

#include <cstdint>
#include <optional>
#include <span>
#include <unordered_map>
#include <string>
#include <vector>

namespace tracelane {

enum class ArgType : std::uint8_t { Null, Bool, Int, Double, String, Json };

struct ArgValue
{
    ArgType type = ArgType::Null;
    std::int64_t i = 0;   // Int, Bool
    double d = 0.0;       // Double
    StringId s = 0;       // String, Json (compact JSON text of an array or object)

    static ArgValue ofInt(std::int64_t v) { return {ArgType::Int, v, 0.0, 0}; }
    static ArgValue ofDouble(double v) { return {ArgType::Double, 0, v, 0}; }
    static ArgValue ofBool(bool v) { return {ArgType::Bool, v ? 1 : 0, 0.0, 0}; }
    static ArgValue ofString(StringId v) { return {ArgType::String, 0, 0.0, v}; }
    static ArgValue ofJson(StringId v) { return {ArgType::Json, 0, 0.0, v}; }

    std::optional<std::int64_t> asInt() const;
    std::optional<double> asDouble() const;
    // Human-readable text (numbers formatted, strings and JSON as stored).
    std::string toText(const StringTable &strings) const;
};

struct Arg
{
    StringId key = 0;
    ArgValue value;
};

struct ArgField
{
    StringId key = 0;
    ArgType type = ArgType::Null;
    friend bool operator==(const ArgField &, const ArgField &) = default;
};

// The distinct (key, type) lists of a trace.
class ArgSchemas
{
public:
    std::uint32_t intern(const std::vector<Arg> &args);
    std::span<const ArgField> fields(std::uint32_t schema) const;
    std::size_t size() const { return m_offsets.size(); }
    std::size_t bytesUsed() const;

private:
    std::vector<ArgField> m_fields;
    std::vector<std::uint32_t> m_offsets; // start of each schema in m_fields; end = next start
    std::unordered_map<std::string, std::uint32_t> m_lookup; // packed fields -> schema
    std::string m_scratch;
    std::uint32_t m_last = 0xFFFFFFFFu; // schema of the previous intern(), none yet
};

// Appends one event's arguments to a blob.
class ArgWriter
{
public:
    void add(StringId key, const ArgValue &value) { m_pending.push_back({key, value}); }
    bool empty() const { return m_pending.empty(); }
    void clear() { m_pending.clear(); }
    // Writes the pending arguments and returns their offset (kNoArgs if none, or
    // if the blob would pass 4 GiB).
    ArgsOffset flushTo(std::vector<std::uint8_t> &blob, ArgSchemas &schemas);

private:
    std::vector<Arg> m_pending;
};

// Re-encodes one event's arguments for another trace's tables: `schemaMap`
// takes the source's schema ids to the destination's, `stringMap` its string
// ids (keys are in the schemas). Appends to `to` and returns the new offset;
// kNoArgs for none or for a record that does not decode.
ArgsOffset transcodeArgs(const std::vector<std::uint8_t> &from, ArgsOffset offset, const ArgSchemas &fromSchemas,
                         std::span<const std::uint32_t> schemaMap, std::span<const StringId> stringMap,
                         std::vector<std::uint8_t> &to);

std::vector<Arg> decodeArgs(const ArgSchemas &schemas, const std::vector<std::uint8_t> &blob, ArgsOffset offset);
std::optional<ArgValue> findArg(const ArgSchemas &schemas, const std::vector<std::uint8_t> &blob, ArgsOffset offset,
                                StringId key);
// Several keys in one pass over the record: values[i] is set when keys[i] is present.
void findArgs(const ArgSchemas &schemas, const std::vector<std::uint8_t> &blob, ArgsOffset offset,
              std::span<const StringId> keys, std::span<std::optional<ArgValue>> values);

} // namespace tracelane
