#pragma once
// What Chrome and Perfetto accept but strict JSON (and nlohmann's parser) does
// not: a trailing comma before '}' or ']', and raw control characters inside
// strings. Text that failed to parse is rewritten into strict JSON with the same
// meaning and parsed again; well-formed text never comes here, so it costs
// nothing on the usual path and one linear pass on the rare one.
//
// Example:  {"name":"a<TAB>b","args":{"x":1,},}
// becomes   {"name":"a\u0009b","args":{"x":1 } }
//
// Only a single comma after a value is dropped: "{,}", "[1,,]" and "{"a":1,,}"
// stay invalid, as they are for Perfetto.

#include <cstdint>
#include <string>
#include <vector>

namespace tracelane {

struct LenientRepair
{
    std::uint64_t trailingCommas = 0;
    std::uint64_t controlCharacters = 0;
    // Each escaped control character grows the text by 5 bytes; where they
    // were, in the rewritten text, for mapping positions back.
    std::vector<std::size_t> escapedAt;

    bool changed() const { return trailingCommas || controlCharacters; }
    // Position in the original text of position `at` in the rewritten one.
    std::size_t originalPosition(std::size_t at) const;
};

// Rewrites `text` in place; returns what it did (nothing if there was nothing to do).
LenientRepair makeStrictJson(std::string &text);

} // namespace tracelane
