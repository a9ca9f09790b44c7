#include "xplane_stats.h"

#include "model/time_math.h"

#include <charconv>
#include <limits>

namespace tracelane::xplane {
namespace {

TimeNs xplaneFloorToNs(Int128 ps)
{
    Int128 ns = ps / 1000;
    if (ps % 1000 < 0)
        --ns;
    if (ns > std::numeric_limits<TimeNs>::max())
        return std::numeric_limits<TimeNs>::max();
    if (ns < std::numeric_limits<TimeNs>::min())
        return std::numeric_limits<TimeNs>::min();
    return static_cast<TimeNs>(ns);
}

// "1024,1,1" at the front of `text`.
bool xplaneParseDim3(std::string_view text, std::array<std::int64_t, 3> &out)
{
    const char *p = text.data();
    const char *end = text.data() + text.size();
    for (int i = 0; i < 3; ++i) {
        const auto [next, error] = std::from_chars(p, end, out[i]);
        if (error != std::errc())
            return false;
        p = next;
        if (i < 2) {
            if (p == end || *p != ',')
                return false;
            ++p;
        }
    }
    return true;
}

bool xplaneFindDim3(std::string_view text, std::string_view key, std::array<std::int64_t, 3> &out)
{
    for (std::size_t at = text.find(key); at != std::string_view::npos; at = text.find(key, at + 1))
        if (at == 0 || text[at - 1] == ' ')
            return xplaneParseDim3(text.substr(at + key.size()), out);
    return false;
}

} // namespace

NsSpan eventSpan(std::int64_t lineTimestampNs, std::int64_t offsetPs, std::int64_t durationPs)
{
    // floor((ts * 1000 + x) / 1000) = ts + floor(x / 1000): 64-bit arithmetic
    // unless the offsets themselves are extreme.
    std::int64_t endPs = 0;
    if (!__builtin_add_overflow(offsetPs, durationPs, &endPs)) {
        const auto floorDiv = [](std::int64_t ps) { return ps / 1000 - (ps % 1000 < 0 ? 1 : 0); };
        return {saturatingAdd(lineTimestampNs, floorDiv(offsetPs)), saturatingAdd(lineTimestampNs, floorDiv(endPs))};
    }
    const Int128 start = Int128(lineTimestampNs) * 1000 + offsetPs;
    return {xplaneFloorToNs(start), xplaneFloorToNs(start + durationPs)};
}

std::optional<LaunchDims> parseKernelDetails(std::string_view text)
{
    LaunchDims dims;
    if (xplaneFindDim3(text, "grid:", dims.grid) && xplaneFindDim3(text, "block:", dims.block))
        return dims;
    return std::nullopt;
}

FlowStat decodeFlow(std::uint64_t encoded)
{
    return {(encoded >> 2) & ((std::uint64_t(1) << 56) - 1), static_cast<std::uint8_t>(encoded & 3)};
}

} // namespace tracelane::xplane
