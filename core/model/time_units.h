#pragma once
// Time inside the model is always int64 nanoseconds. Importers convert once, here.

#include <cstdint>
#include <optional>
#include <string_view>

namespace tracelane {

using TimeNs = std::int64_t;

// Parses a decimal number of microseconds as written in a Chrome trace
// ("4502771130805.835", "1712195495519689.047", "12", "-3.5", "1.5e3") into
// exact nanoseconds. Digits beyond nanosecond resolution are rounded half away
// from zero. Plain decimals never go through a double: epoch-based timestamps
// in nanoseconds exceed 2^53 and would lose tens of nanoseconds. Exponent forms
// (rare) fall back to long double. Returns nullopt for text that is not a number
// or a value outside the int64 range.
std::optional<TimeNs> microsecondsTextToNs(std::string_view text);

// The same for a decimal number of nanoseconds ("3876059907"), as Nsight Systems writes.
std::optional<TimeNs> nanosecondsTextToNs(std::string_view text);

} // namespace tracelane
