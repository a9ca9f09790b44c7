#pragma once
// Arithmetic on nanosecond times that cannot overflow.
//
// The model keeps every event's start and end within ±kMaxTimeNs (TraceBuilder
// drops or clamps what is outside, and counts it). That range is what makes the
// rest of the code simple: the difference of any two model times fits in an
// int64, so `end - start`, gaps between events and lengths of unions of
// intervals need no checks. Sums of many durations can still pass 2^63 (a
// million events of a century each), so totals are added with TimeSum or
// saturatingAdd. Importers convert what the file says with the checked helpers
// before the builder sees it, since a file may hold any int64.

#include "time_units.h"

#include <cstdint>
#include <limits>
#include <optional>

namespace tracelane {

// ±(2^62 - 1) ns is ±146 years around the clock's zero: epoch-based timestamps
// (about 1.8e18 ns today) fit with a century to spare.
constexpr TimeNs kMaxTimeNs = (TimeNs(1) << 62) - 1;
constexpr TimeNs kMinTimeNs = -kMaxTimeNs;

constexpr bool isModelTime(TimeNs t) { return t >= kMinTimeNs && t <= kMaxTimeNs; }

constexpr TimeNs saturatingAdd(TimeNs a, TimeNs b)
{
    TimeNs sum = 0;
    if (__builtin_add_overflow(a, b, &sum))
        return b > 0 ? std::numeric_limits<TimeNs>::max() : std::numeric_limits<TimeNs>::min();
    return sum;
}

constexpr TimeNs saturatingSub(TimeNs a, TimeNs b)
{
    TimeNs difference = 0;
    if (__builtin_sub_overflow(a, b, &difference))
        return b < 0 ? std::numeric_limits<TimeNs>::max() : std::numeric_limits<TimeNs>::min();
    return difference;
}

constexpr TimeNs saturatingMul(TimeNs a, TimeNs b)
{
    TimeNs product = 0;
    if (__builtin_mul_overflow(a, b, &product))
        return (a < 0) != (b < 0) ? std::numeric_limits<TimeNs>::min() : std::numeric_limits<TimeNs>::max();
    return product;
}

// __extension__: -Wpedantic rejects the GNU type without it.
__extension__ typedef __int128 Int128;

// An exact sum of int64 values: 128 bits cannot overflow before 2^64 terms.
class TimeSum
{
public:
    constexpr TimeSum &operator+=(TimeNs value)
    {
        m_sum += value;
        return *this;
    }
    constexpr TimeSum &operator+=(const TimeSum &other)
    {
        m_sum += other.m_sum;
        return *this;
    }
    // The sum as an int64, saturated at its limits.
    constexpr TimeNs saturated() const
    {
        if (m_sum > std::numeric_limits<TimeNs>::max())
            return std::numeric_limits<TimeNs>::max();
        if (m_sum < std::numeric_limits<TimeNs>::min())
            return std::numeric_limits<TimeNs>::min();
        return static_cast<TimeNs>(m_sum);
    }
    // For averages: 64 bits of mantissa hold any sum below 2^64 exactly.
    constexpr long double asLongDouble() const { return static_cast<long double>(m_sum); }

private:
    Int128 m_sum = 0;
};

} // namespace tracelane
