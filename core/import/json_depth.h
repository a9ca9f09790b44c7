#pragma once
// How deep JSON text nests, measured without parsing it: importers that build a
// DOM (nlohmann::json costs ~100 bytes per nested bracket, and its dump()
// recurses once per level) check the text first and refuse what no profiler
// writes. Brackets inside strings do not count.

#include <cstddef>
#include <optional>
#include <string_view>

namespace tracelane {

// Offset of the first '[' or '{' that opens level `limit + 1`, or nullopt if
// the text never nests deeper than `limit`.
std::optional<std::size_t> firstBracketDeeperThan(std::string_view text, int limit);

} // namespace tracelane
