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
    // Longer lines go to nlohmann: simdjson's index takes several bytes per byte
    // of text, and nsys's longest lines (the string table) are far shorter.
    static constexpr std::size_t kMaxLineBytes = 16u << 20;

    // The line's root value, valid until the next call; false if simdjson rejects it.
    bool parse(std::string_view line, simdjson::dom::element &root);

private:
    simdjson::dom::parser m_parser;
    std::string m_padded; // the line, followed by the SIMDJSON_PADDING bytes simdjson may read
};

} // namespace tracelane::nsys
