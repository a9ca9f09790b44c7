#pragma once
// Host timestamps of dv/dt prof traces: ISO-8601 local times with microseconds,
// "2018-02-09T10:36:48.553314", no zone. Read as UTC: only differences and the
// alignment with the device clock matter, and those do not depend on the zone.

#include "model/time_units.h"

#include <optional>
#include <string_view>

namespace tracelane::opencl {

// Nanoseconds since 1970-01-01T00:00:00; up to nine fraction digits; a trailing
// "Z" is accepted. nullopt for anything else, and for times int64 nanoseconds
// cannot hold (before 1677-09-22, after 2262-04-11).
std::optional<TimeNs> parseIsoTime(std::string_view text);

} // namespace tracelane::opencl
