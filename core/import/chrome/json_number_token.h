#pragma once
// Classifies a JSON number token the way nlohmann_json's lexer does, so that a
// second parser reports the same values: integers that fit int64 (negative) or
// uint64 (positive) stay integers, anything else is a float kept with its text.

#include <cstdint>
#include <string_view>

namespace tracelane {

struct JsonNumberToken
{
    enum class Kind : std::uint8_t { Invalid, Integer, Unsigned, Float };
    Kind kind = Kind::Invalid;
    std::int64_t integer = 0; // Integer: the value; Unsigned: its bits (16 bytes: returned in registers)
    std::uint64_t unsignedValue() const { return static_cast<std::uint64_t>(integer); }
};

// `token` without surrounding space. Invalid for anything outside JSON's number
// grammar and for floats beyond double's range (nlohmann rejects those too, and
// underflow is left to it as well). A float's value is not computed: most floats
// are times, read from their text.
JsonNumberToken classifyJsonNumber(std::string_view token);

} // namespace tracelane
