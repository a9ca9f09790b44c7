#include "json_number_token.h"

#include <charconv>
#include <cmath>
#include <limits>

namespace tracelane {
namespace {

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?  ; sets isInteger when neither part is there.
bool matchesGrammar(std::string_view t, bool &isInteger, bool &hasExponent)
{
    std::size_t i = 0;
    const std::size_t n = t.size();
    if (i < n && t[i] == '-')
        ++i;
    if (i == n || !isDigit(t[i]))
        return false;
    if (t[i] == '0')
        ++i;
    else
        while (i < n && isDigit(t[i]))
            ++i;
    isInteger = true;
    if (i < n && t[i] == '.') {
        isInteger = false;
        if (++i == n || !isDigit(t[i]))
            return false;
        while (i < n && isDigit(t[i]))
            ++i;
    }
    if (i < n && (t[i] == 'e' || t[i] == 'E')) {
        isInteger = false;
        hasExponent = true;
        ++i;
        if (i < n && (t[i] == '+' || t[i] == '-'))
            ++i;
        if (i == n || !isDigit(t[i]))
            return false;
        while (i < n && isDigit(t[i]))
            ++i;
    }
    return i == n;
}

} // namespace

JsonNumberToken classifyJsonNumber(std::string_view token)
{
    JsonNumberToken result;
    bool isInteger = false, hasExponent = false;
    if (!matchesGrammar(token, isInteger, hasExponent))
        return result;
    const char *first = token.data();
    const char *last = first + token.size();
    if (isInteger) {
        if (token[0] == '-') {
            if (std::from_chars(first, last, result.integer).ec == std::errc()) {
                result.kind = JsonNumberToken::Kind::Integer;
                return result;
            }
        } else {
            std::uint64_t value = 0;
            if (std::from_chars(first, last, value).ec == std::errc()) {
                if (value <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
                    result.kind = JsonNumberToken::Kind::Integer;
                    result.integer = static_cast<std::int64_t>(value);
                } else {
                    result.kind = JsonNumberToken::Kind::Unsigned;
                    result.integer = static_cast<std::int64_t>(value);
                }
                return result;
            }
        }
        // Beyond 64 bits: a float, as nlohmann reads it.
    }
    // Without an exponent and under 300 digits a float is finite and not
    // subnormal; otherwise check, as nlohmann's conversion would.
    if (hasExponent || token.size() >= 300) {
        double value = 0.0;
        const auto [end, ec] = std::from_chars(first, last, value);
        if (ec != std::errc() || end != last || !std::isfinite(value))
            return result;
    }
    result.kind = JsonNumberToken::Kind::Float;
    return result;
}

} // namespace tracelane
