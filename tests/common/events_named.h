#pragma once
// Events found by name, straight from the tracks (no index), to check the analyses against.

#include "model/trace.h"

#include <string_view>
#include <vector>

namespace tracelane::test {

// Events of that name, in track order.
inline std::vector<EventRef> eventsNamed(const Trace &trace, std::string_view name)
{
    std::vector<EventRef> refs;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t)
        for (std::uint32_t i = 0; i < trace.tracks[t].events.size(); ++i)
            if (trace.strings.view(trace.tracks[t].events[i].name) == name)
                refs.push_back({t, i});
    return refs;
}

} // namespace tracelane::test
