#include "time_units.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

namespace tracelane {
namespace {

constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();

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

// Digits of a decimal number gathered into an integer. Digits only ever make
// the value grow, so the number fits in an int64 if and only if the final value
// does; below 10^18 the next digit cannot overflow 64 bits.
struct DigitAccumulator
{
    std::uint64_t value = 0;
    bool overflow = false;

    void add(unsigned digit)
    {
        if (value >= 1'000'000'000'000'000'000ull)
            overflow = true;
        else
            value = value * 10 + digit;
    }
    bool fits() const { return !overflow && value <= static_cast<std::uint64_t>(kMax); }
};

unsigned digitValue(char c) { return static_cast<unsigned char>(c) - unsigned('0'); } // > 9 if not a digit

// Scales a plain decimal by 10^fractionDigitsKept exactly. Called for every
// timestamp of a Chrome trace: one pass, no allocation. Text that is not a
// plain decimal but has an exponent goes through long double.
std::optional<TimeNs> parseDecimal(std::string_view text, int fractionDigitsKept, long double scale)
{
    auto notPlain = [&]() -> std::optional<TimeNs> {
        if (text.find_first_of("eE") != std::string_view::npos)
            return viaLongDouble(text, scale);
        return std::nullopt;
    };
    const char *p = text.data();
    const char *const end = p + text.size();
    bool negative = false;
    if (p != end && (*p == '-' || *p == '+')) {
        negative = *p == '-';
        ++p;
    }
    DigitAccumulator value;
    const char *const digits = p;
    for (unsigned d; p != end && (d = digitValue(*p)) <= 9; ++p)
        value.add(d);
    bool anyDigit = p != digits;
    int kept = 0;
    bool roundUp = false;
    if (p != end) {
        if (*p != '.')
            return notPlain();
        for (++p; p != end; ++p) { // fraction
            const unsigned d = digitValue(*p);
            if (d > 9)
                return notPlain();
            anyDigit = true;
            if (kept < fractionDigitsKept) {
                value.add(d);
                ++kept;
            } else if (kept == fractionDigitsKept) {
                roundUp = d >= 5;
                ++kept; // later digits cannot change a half-away-from-zero decision
            }
        }
    }
    if (!anyDigit)
        return std::nullopt;
    for (; kept < fractionDigitsKept; ++kept)
        value.add(0);
    if (!value.fits())
        return std::nullopt;
    auto result = static_cast<std::int64_t>(value.value);
    if (roundUp) {
        if (result == kMax)
            return std::nullopt;
        ++result;
    }
    return negative ? -result : result;
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
