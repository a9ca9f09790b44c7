#pragma once
// What a Chrome-trace event is, from its category: the lane it is drawn on and
// its kind in the model. Kineto categories (current and pre-2022 spellings),
// ROCm (same names) and MTIA; anything else is a generic slice on its thread.

#include "model/event.h"
#include "raw_event.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tracelane {

enum class Lane : std::uint8_t { Cpu, Ranges, Api, Gpu, GpuRanges };

struct Category
{
    Lane lane;
    EventKind kind;
};

Category classify(const std::string &cat);
bool equalsIgnoreCase(const std::string &a, const char *b);
std::optional<std::int64_t> parseInteger(const std::string &text);
// A decimal number written as text ("25.7", ".75", "246.", "+10.5", "-1.5e2"):
// the whole text, finite, no spaces, no "nan" / "inf" / hex.
std::optional<double> parseDecimal(std::string_view text);
std::optional<std::int64_t> intArg(const RawEvent &event, const char *key); // an integer argument, or its text

} // namespace tracelane
