#pragma once
// What Chrome and Perfetto accept but strict JSON (and nlohmann's parser) does
// not: a trailing comma before '}' or ']', raw control characters inside
// strings, and bytes inside strings that are not UTF-8 (a profiler that wrote a
// Latin-1 file path). Text that failed to parse is rewritten into strict JSON
// with the same meaning and parsed again; well-formed text never comes here,
// so it costs nothing on the usual path and one linear pass on the rare one.
//
// Example:  {"name":"a<TAB>b<0xFF>","args":{"x":1,},}
// becomes   {"name":"a\u0009b\xEF\xBF\xBD","args":{"x":1 } }     (U+FFFD for the stray byte)
//
// Only a single comma after a value is dropped: "{,}", "[1,,]" and "{"a":1,,}"
// stay invalid, as they are for Perfetto.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tracelane {

struct LenientRepair
{
    std::uint64_t trailingCommas = 0;
    std::uint64_t controlCharacters = 0;
    std::uint64_t invalidUtf8 = 0; // bytes replaced by U+FFFD
    // Where the text grew (an escaped control character by 5 bytes, a
    // replaced byte by 2), in the rewritten text, with the growth up to and
    // including that place: for mapping positions back.
    std::vector<std::pair<std::size_t, std::size_t>> grownAt;

    bool changed() const { return trailingCommas || controlCharacters || invalidUtf8; }
    std::size_t growth() const { return grownAt.empty() ? 0 : grownAt.back().second; }
    // Position in the original text of position `at` in the rewritten one.
    std::size_t originalPosition(std::size_t at) const;
};

// Rewrites `text` in place; returns what it did (nothing if there was nothing to do).
LenientRepair makeStrictJson(std::string &text);

} // namespace tracelane
