#pragma once
// Per-event arguments, stored compactly: all events of a track share one byte
// blob; an event refers to its record by offset. A record is
//   varint count, then per argument: varint key (StringId), type byte, value
// where integers are zigzag varints, strings and JSON texts interned ids, and
// doubles 8 raw bytes. Typical PyTorch args take 2-4 bytes each.

#include "event.h"
#include "string_table.h"

#include <cstdint>
#include <optional>
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

// Appends one event's arguments to a blob.
class ArgWriter
{
public:
    void add(StringId key, const ArgValue &value) { m_pending.push_back({key, value}); }
    bool empty() const { return m_pending.empty(); }
    void clear() { m_pending.clear(); }
    // Writes the pending arguments and returns their offset (kNoArgs if none, or
    // if the blob would pass 4 GiB).
    ArgsOffset flushTo(std::vector<std::uint8_t> &blob);

private:
    std::vector<Arg> m_pending;
};

std::vector<Arg> decodeArgs(const std::vector<std::uint8_t> &blob, ArgsOffset offset);
std::optional<ArgValue> findArg(const std::vector<std::uint8_t> &blob, ArgsOffset offset, StringId key);

} // namespace tracelane
