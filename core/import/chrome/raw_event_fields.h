#pragma once
// What a Chrome event's own fields ("ph", "ts", "pid", ...) mean, shared by the
// two parsers (nlohmann SAX and simdjson On-Demand) so that both fill a
// RawEvent exactly alike.

#include "raw_event.h"

#include <cstdint>
#include <string_view>

namespace tracelane {

enum class EventField : std::uint8_t { Other, Phase, Timestamp, Duration, Pid, Tid, Id, BindId, FlowIn, FlowOut,
                                       BindingPoint, Category, Name, Scope, Args };

EventField eventFieldOf(std::string_view key);

// One scalar value of `field`. Numbers: kind Int with `i`, or with isFloat and
// the number's text (times keep every digit: a double cannot hold epoch ns).
void setEventField(RawEvent &event, EventField field, RawArg::Kind kind, std::int64_t i, std::string_view text,
                   bool isFloat);

// An object or array where "ts" or "dur" belongs: present, but not a number.
void markNonScalarTime(RawEvent &event, EventField field);

} // namespace tracelane
