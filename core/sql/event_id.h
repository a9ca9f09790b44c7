#pragma once
// How SQL names an event: one 64-bit integer, (track << 32) | index, where
// track is the index into Trace::tracks and index the event's position in
// that track's sorted array. Ids are stable for a given file and importer
// version and lead straight back to the event (no lookup table).

#include "model/trace.h"

#include <cstdint>
#include <optional>

namespace tracelane {

constexpr std::int64_t sqlEventId(EventRef ref)
{
    return static_cast<std::int64_t>((std::uint64_t(ref.track) << 32) | ref.index);
}

// The event an id names, or nullopt when it names none in `trace`.
inline std::optional<EventRef> eventRefFromSqlId(const Trace &trace, std::int64_t id)
{
    if (id < 0)
        return std::nullopt;
    const EventRef ref{static_cast<std::uint32_t>(std::uint64_t(id) >> 32), static_cast<std::uint32_t>(id & 0xFFFFFFFF)};
    if (ref.track >= trace.tracks.size() || ref.index >= trace.tracks[ref.track].events.size())
        return std::nullopt;
    return ref;
}

} // namespace tracelane
