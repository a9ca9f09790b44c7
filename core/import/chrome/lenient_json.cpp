#include "lenient_json.h"

#include <algorithm>

namespace tracelane {

namespace {

bool isSpace(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

} // namespace

std::size_t LenientRepair::originalPosition(std::size_t at) const
{
    // Escapes strictly before `at`, each 5 bytes longer than the byte it replaced.
    const auto before = std::lower_bound(escapedAt.begin(), escapedAt.end(), at) - escapedAt.begin();
    return at - 5 * static_cast<std::size_t>(before);
}

LenientRepair makeStrictJson(std::string &text)
{
    LenientRepair repair;
    // First pass: count control characters inside strings, so the text grows once.
    std::size_t controls = 0;
    {
        bool inString = false, escape = false;
        for (const char c : text) {
            if (!inString) {
                inString = c == '"';
            } else if (escape) {
                escape = false;
            } else if (c == '\\') {
                escape = true;
            } else if (c == '"') {
                inString = false;
            } else if (static_cast<unsigned char>(c) < 0x20) {
                ++controls;
            }
        }
    }
    std::string out;
    std::string *target = &text;
    if (controls) {
        out.reserve(text.size() + 5 * controls);
        target = &out;
    }
    // Second pass: escape control characters (into `out`), blank trailing commas
    // (in place when nothing grows). The previous significant byte outside
    // strings, and where the last comma is, decide whether a comma is trailing.
    bool inString = false, escape = false;
    char previous = 0;           // last non-space byte outside strings
    char beforeComma = 0;        // the significant byte before that comma
    std::size_t commaAt = 0;     // position of the last comma in the target text
    static const char kHex[] = "0123456789abcdef";
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (escape) {
                escape = false;
            } else if (c == '\\') {
                escape = true;
            } else if (c == '"') {
                inString = false;
            } else if (static_cast<unsigned char>(c) < 0x20) {
                repair.escapedAt.push_back(out.size());
                out += "\\u00";
                out += kHex[(c >> 4) & 0xF];
                out += kHex[c & 0xF];
                ++repair.controlCharacters;
                continue;
            }
            if (controls)
                out += c;
            continue;
        }
        const std::size_t at = controls ? out.size() : i;
        if (controls)
            out += c;
        if (isSpace(c))
            continue;
        if ((c == '}' || c == ']') && previous == ',' && beforeComma && beforeComma != '{' && beforeComma != '['
            && beforeComma != ',' && beforeComma != ':') {
            (*target)[commaAt] = ' ';
            ++repair.trailingCommas;
        }
        if (c == ',') {
            beforeComma = previous;
            commaAt = at;
        }
        if (c == '"')
            inString = true;
        previous = c;
    }
    if (controls)
        text.swap(out);
    return repair;
}

} // namespace tracelane
