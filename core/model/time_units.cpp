#include "time_units.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

namespace tracelane {
namespace {

constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();

// Accumulates value = value * 10 + digit, failing on overflow.
bool appendDigit(std::int64_t &value, char digit)
{
    const int d = digit - '0';
    if (value > (kMax - d) / 10)
        return false;
    value = value * 10 + d;
    return true;
}

std::optional<TimeNs> viaLongDouble(std::string_view text, long double scale)
{
    std::string copy(text);
    char *end = nullptr;
    const long double v = std::strtold(copy.c_str(), &end) * scale;
    if (end != copy.c_str() + copy.size() || !std::isfinite(v))
        return std::nullopt;
    const long double r = std::round(v);
    if (r >= 9.2e18L || r <= -9.2e18L)
        return std::nullopt;
    return static_cast<TimeNs>(r);
}

// Scales a plain decimal by 10^fractionDigitsKept exactly.
std::optional<TimeNs> parseDecimal(std::string_view text, int fractionDigitsKept, long double scale)
{
    if (text.empty())
        return std::nullopt;
    if (text.find_first_of("eE") != std::string_view::npos)
        return viaLongDouble(text, scale);

    std::size_t i = 0;
    bool negative = false;
    if (text[0] == '-' || text[0] == '+') {
        negative = text[0] == '-';
        i = 1;
    }
    std::int64_t value = 0;
    bool anyDigit = false;
    for (; i < text.size() && text[i] != '.'; ++i) {
        if (text[i] < '0' || text[i] > '9' || !appendDigit(value, text[i]))
            return std::nullopt;
        anyDigit = true;
    }
    int kept = 0;
    bool roundUp = false;
    if (i < text.size()) { // fraction
        ++i;
        for (; i < text.size(); ++i) {
            const char c = text[i];
            if (c < '0' || c > '9')
                return std::nullopt;
            anyDigit = true;
            if (kept < fractionDigitsKept) {
                if (!appendDigit(value, c))
                    return std::nullopt;
                ++kept;
            } else if (kept == fractionDigitsKept) {
                roundUp = c >= '5';
                ++kept; // later digits cannot change a half-away-from-zero decision
            }
        }
    }
    if (!anyDigit)
        return std::nullopt;
    for (; kept < fractionDigitsKept; ++kept)
        if (!appendDigit(value, '0'))
            return std::nullopt;
    if (roundUp) {
        if (value == kMax)
            return std::nullopt;
        ++value;
    }
    return negative ? -value : value;
}

} // namespace

std::optional<TimeNs> microsecondsTextToNs(std::string_view text)
{
    return parseDecimal(text, 3, 1000.0L);
}

std::optional<TimeNs> nanosecondsTextToNs(std::string_view text)
{
    return parseDecimal(text, 0, 1.0L);
}

} // namespace tracelane
