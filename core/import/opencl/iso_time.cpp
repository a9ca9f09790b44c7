#include "iso_time.h"

#include <cstdint>
#include <limits>

namespace tracelane::opencl {
namespace {

bool digits(std::string_view text, std::size_t at, std::size_t count, int &value)
{
    if (at + count > text.size())
        return false;
    value = 0;
    for (std::size_t i = at; i < at + count; ++i) {
        if (text[i] < '0' || text[i] > '9')
            return false;
        value = value * 10 + (text[i] - '0');
    }
    return true;
}

// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's days_from_civil).
std::int64_t daysFromCivil(std::int64_t y, unsigned m, unsigned d)
{
    y -= m <= 2;
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const auto yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

} // namespace

std::optional<TimeNs> parseIsoTime(std::string_view text)
{
    int year, month, day, hour, minute, second;
    if (!digits(text, 0, 4, year) || text.size() < 19 || text[4] != '-' || !digits(text, 5, 2, month)
        || text[7] != '-' || !digits(text, 8, 2, day) || (text[10] != 'T' && text[10] != ' ')
        || !digits(text, 11, 2, hour) || text[13] != ':' || !digits(text, 14, 2, minute) || text[16] != ':'
        || !digits(text, 17, 2, second))
        return std::nullopt;
    if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60)
        return std::nullopt;
    std::int64_t fractionNs = 0;
    std::size_t at = 19;
    if (at < text.size() && text[at] == '.') {
        std::int64_t scale = 100'000'000;
        std::size_t count = 0;
        for (++at; at < text.size() && text[at] >= '0' && text[at] <= '9'; ++at, ++count) {
            if (count >= 9)
                return std::nullopt;
            fractionNs += (text[at] - '0') * scale;
            scale /= 10;
        }
        if (count == 0)
            return std::nullopt;
    }
    if (at < text.size() && text[at] == 'Z')
        ++at;
    if (at != text.size())
        return std::nullopt;
    const std::int64_t days = daysFromCivil(year, static_cast<unsigned>(month), static_cast<unsigned>(day));
    const std::int64_t seconds = days * 86400 + hour * 3600 + minute * 60 + second;
    // int64 nanoseconds only reach from 1677 to 2262 (a four-digit year goes further).
    constexpr std::int64_t kMaxSeconds = std::numeric_limits<TimeNs>::max() / 1'000'000'000 - 1;
    if (seconds > kMaxSeconds || seconds < -kMaxSeconds)
        return std::nullopt;
    return seconds * 1'000'000'000 + fractionNs;
}

} // namespace tracelane::opencl
