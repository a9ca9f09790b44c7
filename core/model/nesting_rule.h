#pragma once
// When an open event stops enclosing the next one on its track, as Perfetto's
// slice tracker decides: slices are closed on the left and open on the right,
// so an event starting where the open one ends is its sibling; only a
// zero-duration event stays inside another zero-duration one at the same time
// (several instants at one moment stack). TraceBuilder's depths and the
// parents of `tracelane-cli events` both follow this one rule.

#include "event.h"

namespace tracelane {

inline bool closedBefore(TimeNs openEnd, bool openIsZero, const Event &next)
{
    return openEnd < next.start || (openEnd == next.start && !(openIsZero && next.duration == 0));
}

} // namespace tracelane
