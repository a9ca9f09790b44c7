#pragma once
// Sort keys for a list of events, one integer per event, so a list of a
// million events sorts by comparing integers: times as they are, text columns
// as the rank of each distinct value (names by string id, grid and block by
// their text), computed once per sort instead of once per comparison.

#include "model/trace.h"

#include <QString>

#include <cstdint>
#include <limits>
#include <vector>

namespace tracelane {

// What sorts last when ascending: an event without a grid, a launching call...
constexpr std::int64_t kNoSortKey = std::numeric_limits<std::int64_t>::max();

// Rank of each event's name (case-insensitive, then exact), by distinct name.
std::vector<std::int64_t> nameRanks(const Trace &trace, const std::vector<EventRef> &events);
// Rank of each event's lane label; `laneLabels` is indexed by track.
std::vector<std::int64_t> laneRanks(const std::vector<EventRef> &events, const std::vector<QString> &laneLabels);
// Rank of an argument's text in natural order ("[64, 1, 1]" before "[128, 1, 1]").
std::vector<std::int64_t> argRanks(const Trace &trace, const std::vector<EventRef> &events, std::string_view key);
// Rank of the name of the call that launched each event (kNoSortKey: none).
std::vector<std::int64_t> launcherRanks(const Trace &trace, const std::vector<EventRef> &events);

// The API call that launched a kernel, memcpy or memset (the earliest, should a
// file link several); invalid for anything else.
EventRef launchingCall(const Trace &trace, EventRef ref);

// Text order with runs of digits compared as numbers.
bool naturalLess(std::string_view a, std::string_view b);

} // namespace tracelane
