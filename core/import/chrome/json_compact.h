#pragma once
// Copies one JSON value as compact text (no whitespace between tokens), the
// form argument values are kept in. It is the fast path for the common case
// only: it declines (returns false) on anything it would have to rewrite
// rather than copy -- escapes in strings, "-0", nesting deeper than `maxDepth`
// -- and on anything that is not strict JSON, leaving those to the parser that
// validates and rewrites them.
//
// Example: [[64, 3, 224], ["float", ""], null]  ->  [[64,3,224],["float",""],null]

#include <cstddef>
#include <string>

namespace tracelane {

// Reads from `begin` (the value's first byte) up to `end`; appends to `out`.
// On false `out` holds a partial copy that the caller discards.
bool compactJsonValue(const char *begin, const char *end, std::size_t maxDepth, std::string &out);

} // namespace tracelane
