#pragma once
// The one thing the record readers ask of a parsed JSON value, so that they read
// simdjson's DOM (the fast path) and nlohmann's (the fallback) alike. A value
// either exists or is "absent" (a missing key, an object asked of a non-object).

#include <charconv>
#include <cstdint>
#include <optional>
#include <string_view>

namespace tracelane::nsys {

// A decimal integer written as a JSON string, as nsys writes 64-bit numbers.
inline std::optional<std::int64_t> integerFromText(std::string_view text)
{
    std::int64_t v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec == std::errc() && end == text.data() + text.size() && !text.empty())
        return v;
    return std::nullopt;
}

// A JSON number or a string holding a decimal integer; absent, fractional or
// beyond int64 gives nullopt.
template <class Value> std::optional<std::int64_t> jsonInt(const Value &object, const char *key)
{
    return object.find(key).integer();
}

} // namespace tracelane::nsys
