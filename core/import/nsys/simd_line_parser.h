#pragma once
// Parses one line of an nsys JSON export with simdjson's DOM parser, about five
// times as fast as nlohmann. simdjson takes only what nlohmann takes too (checked
// in tst_nsys_json_parsers_agree), so a line it rejects goes to nlohmann, which
// reads what simdjson refused (a UTF-8 byte order mark, integers beyond 64 bits)
// or counts the line as bad, as before.

#include <simdjson.h>

#include <string>
#include <string_view>

namespace tracelane::nsys {

class SimdLineParser
{
public:
    // Lines nested deeper than `maxDepth` are rejected (and so left to the caller's
    // own depth check): a document that parses nests at most this deep. (simdjson
    // counts a non-empty container one level deeper, so it leaves those at
    // exactly `maxDepth` to the caller too.)
    explicit SimdLineParser(std::size_t maxDepth);

    // Longer lines go to nlohmann: simdjson's index takes several bytes per byte
    // of text, and nsys's longest lines (the string table) are far shorter.
    static constexpr std::size_t kMaxLineBytes = 16u << 20;

    // The line's root value, valid until the next call; false if simdjson rejects it.
    bool parse(std::string_view line, simdjson::dom::element &root);

private:
    simdjson::dom::parser m_parser{kMaxLineBytes};
    bool m_ready = false; // the parser's buffers were allocated
    std::string m_padded; // the line, followed by the SIMDJSON_PADDING bytes simdjson may read
};

} // namespace tracelane::nsys
