#include "lenient_json.h"

#include <algorithm>

namespace tracelane {

namespace {

bool isSpace(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

// Length of the well-formed UTF-8 sequence at text[i] (1 to 4), or 0 if the
// byte there does not start one (RFC 3629: no overlong forms, no surrogates).
std::size_t utf8Length(const std::string &text, std::size_t i)
{
    const auto byte = [&](std::size_t k) { return i + k < text.size() ? static_cast<unsigned char>(text[i + k]) : 0; };
    const unsigned char b = byte(0);
    auto continuation = [&](std::size_t k, unsigned char low = 0x80, unsigned char high = 0xBF) {
        return byte(k) >= low && byte(k) <= high;
    };
    if (b < 0x80)
        return 1;
    if (b >= 0xC2 && b <= 0xDF)
        return continuation(1) ? 2 : 0;
    if (b == 0xE0)
        return continuation(1, 0xA0) && continuation(2) ? 3 : 0;
    if ((b >= 0xE1 && b <= 0xEC) || b == 0xEE || b == 0xEF)
        return continuation(1) && continuation(2) ? 3 : 0;
    if (b == 0xED)
        return continuation(1, 0x80, 0x9F) && continuation(2) ? 3 : 0;
    if (b == 0xF0)
        return continuation(1, 0x90) && continuation(2) && continuation(3) ? 4 : 0;
    if (b >= 0xF1 && b <= 0xF3)
        return continuation(1) && continuation(2) && continuation(3) ? 4 : 0;
    if (b == 0xF4)
        return continuation(1, 0x80, 0x8F) && continuation(2) && continuation(3) ? 4 : 0;
    return 0;
}

// How a string's byte at text[i] is rewritten: kept (with the length of its
// UTF-8 sequence), escaped (a control character) or replaced (not UTF-8).
enum class ByteFix { Keep, Escape, Replace };

ByteFix fixOf(const std::string &text, std::size_t i, std::size_t &length)
{
    const auto c = static_cast<unsigned char>(text[i]);
    length = 1;
    if (c < 0x20)
        return ByteFix::Escape;
    if (c < 0x80)
        return ByteFix::Keep;
    length = utf8Length(text, i);
    if (length == 0) {
        length = 1;
        return ByteFix::Replace;
    }
    return ByteFix::Keep;
}

} // namespace

std::size_t LenientRepair::originalPosition(std::size_t at) const
{
    // The growth of every place strictly before `at`.
    const auto after = std::lower_bound(grownAt.begin(), grownAt.end(), std::make_pair(at, std::size_t(0)));
    return at - (after == grownAt.begin() ? 0 : std::prev(after)->second);
}

LenientRepair makeStrictJson(std::string &text)
{
    LenientRepair repair;
    // First pass: count what grows inside strings, so the text grows once.
    std::size_t growth = 0;
    {
        bool inString = false, escape = false;
        for (std::size_t i = 0; i < text.size(); ++i) {
            const char c = text[i];
            if (!inString) {
                inString = c == '"';
            } else if (escape) {
                escape = false;
            } else if (c == '\\') {
                escape = true;
            } else if (c == '"') {
                inString = false;
            } else {
                std::size_t length = 1;
                const ByteFix fix = fixOf(text, i, length);
                growth += fix == ByteFix::Escape ? 5 : fix == ByteFix::Replace ? 2 : 0;
                i += length - 1;
            }
        }
    }
    std::string out;
    std::string *target = &text;
    if (growth) {
        out.reserve(text.size() + growth);
        target = &out;
    }
    // Second pass: escape control characters and replace stray bytes (into
    // `out`), blank trailing commas (in place when nothing grows). The previous
    // significant byte outside strings, and where the last comma is, decide
    // whether a comma is trailing.
    bool inString = false, escape = false;
    char previous = 0;           // last non-space byte outside strings
    char beforeComma = 0;        // the significant byte before that comma
    std::size_t commaAt = 0;     // position of the last comma in the target text
    std::size_t grown = 0;
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
            } else {
                std::size_t length = 1;
                const ByteFix fix = fixOf(text, i, length);
                if (fix == ByteFix::Escape) {
                    out += "\\u00";
                    out += kHex[(c >> 4) & 0xF];
                    out += kHex[c & 0xF];
                    grown += 5;
                    repair.grownAt.emplace_back(out.size() - 6, grown);
                    ++repair.controlCharacters;
                    continue;
                }
                if (fix == ByteFix::Replace) {
                    out += "\xEF\xBF\xBD";
                    grown += 2;
                    repair.grownAt.emplace_back(out.size() - 3, grown);
                    ++repair.invalidUtf8;
                    continue;
                }
                if (growth)
                    out.append(text, i, length);
                i += length - 1;
                continue;
            }
            if (growth)
                out += c;
            continue;
        }
        const std::size_t at = growth ? out.size() : i;
        if (growth)
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
    if (growth)
        text.swap(out);
    return repair;
}

} // namespace tracelane
