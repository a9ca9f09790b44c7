#include "chrome_trace_json.h"

#include "table.h"

#include <charconv>
#include <cmath>
#include <cstdint>

namespace tracelane::chrome_json {

void appendMicroseconds(std::string &out, TimeNs ns)
{
    // Unsigned, so the magnitude of INT64_MIN fits too.
    std::uint64_t magnitude = ns < 0 ? 0 - static_cast<std::uint64_t>(ns) : static_cast<std::uint64_t>(ns);
    if (ns < 0)
        out += '-';
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, magnitude / 1000).ptr;
    out.append(digits, end);
    const auto fraction = static_cast<unsigned>(magnitude % 1000);
    const char decimals[4] = {'.', char('0' + fraction / 100), char('0' + fraction / 10 % 10),
                              char('0' + fraction % 10)};
    out.append(decimals, 4);
}

void appendDouble(std::string &out, double value)
{
    if (!std::isfinite(value)) {
        out += "null";
        return;
    }
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, value).ptr;
    out.append(text, end);
    if (std::string_view(text, std::size_t(end - text)).find_first_of(".e") == std::string_view::npos)
        out += ".0";
}

namespace {

// Length of the valid UTF-8 sequence at text[i], or 0.
std::size_t utf8Length(std::string_view text, std::size_t i)
{
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char c = byte(i);
    std::size_t n;
    std::uint32_t code;
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF) {
        n = 2;
        code = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        code = c & 0x0F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        code = c & 0x07;
    } else {
        return 0;
    }
    if (i + n > text.size())
        return 0;
    for (std::size_t k = 1; k < n; ++k) {
        if ((byte(i + k) & 0xC0) != 0x80)
            return 0;
        code = code << 6 | (byte(i + k) & 0x3F);
    }
    const bool overlong = (n == 3 && code < 0x800) || (n == 4 && code < 0x10000);
    const bool surrogate = code >= 0xD800 && code <= 0xDFFF;
    return overlong || surrogate || code > 0x10FFFF ? 0 : n;
}

} // namespace

void appendString(std::string &out, std::string_view text)
{
    std::size_t i = 0;
    while (i < text.size() && static_cast<unsigned char>(text[i]) < 0x80)
        ++i;
    if (i == text.size()) { // ASCII, the usual case
        appendJsonString(out, text);
        return;
    }
    std::string clean;
    clean.reserve(text.size() + 8);
    for (i = 0; i < text.size();) {
        const std::size_t n = utf8Length(text, i);
        if (n == 0) {
            clean += "\xEF\xBF\xBD";
            ++i;
        } else {
            clean.append(text.data() + i, n);
            i += n;
        }
    }
    appendJsonString(out, clean);
}

void appendArgValue(std::string &out, const ArgValue &value, const StringTable &strings)
{
    switch (value.type) {
    case ArgType::Null: out += "null"; return;
    case ArgType::Bool: out += value.i ? "true" : "false"; return;
    case ArgType::Int: {
        char digits[24];
        out.append(digits, std::to_chars(digits, digits + sizeof digits, value.i).ptr);
        return;
    }
    case ArgType::Double: appendDouble(out, value.d); return;
    case ArgType::String: appendString(out, strings.view(value.s)); return;
    case ArgType::Json: {
        // Compact JSON text as the importer captured it: written as it is.
        const std::string_view json = strings.view(value.s);
        if (json.empty())
            out += "null";
        else
            out += json;
        return;
    }
    }
}

} // namespace tracelane::chrome_json
