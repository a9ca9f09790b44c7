#pragma once
// A pivot table over the events of a trace or of a selection: the events are
// grouped by an ordered list of dimensions (name, kind, thread, ... one level
// each) and every group gets count, total, self, mean, min and max duration.
// docs/ANALYSIS_PIVOT.md gives the definitions.

#include "pivot_dimension.h"

#include "model/trace.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tracelane {

struct PivotFilter
{
    std::vector<EventKind> kinds;        // empty: every kind
    std::optional<TimeNs> from, to;      // keep events that START in [from, to) (absolute ns)
    std::vector<std::uint32_t> tracks;   // empty: every track
};

struct PivotOptions
{
    std::vector<PivotBy> dimensions; // outermost first
    PivotFilter filter;
};

constexpr std::uint32_t kPivotNoGroup = 0xFFFFFFFFu;

struct PivotGroup
{
    std::string key;            // the dimension's value as text, kPivotNone when missing; empty for the root
    int level = -1;             // index into the dimensions; -1 for the root (every event kept)
    std::uint32_t parent = kPivotNoGroup;
    std::vector<std::uint32_t> children; // total descending, then key
    std::int64_t count = 0;
    TimeNs total = 0;           // sum of durations
    TimeNs self = 0;            // sum of durations less their direct children's on the same track
    TimeNs min = 0;
    TimeNs max = 0;
    EventRef longest;           // an event of maximal duration

    double mean() const { return count > 0 ? double(total) / double(count) : 0.0; }
};

struct PivotResult
{
    std::vector<PivotBy> dimensions;
    std::vector<PivotGroup> groups; // [0] is the root; children after their parents
    std::string error;              // why there is no result (no dimension chosen)

    const PivotGroup &root() const { return groups.front(); }
    // Groups depth-first, each before its subgroups, the root left out.
    std::vector<std::uint32_t> depthFirst() const;
};

PivotResult computePivot(const Trace &trace, const PivotOptions &options);

// The self time of every event of one track: its duration less its direct
// children's, each clipped to it. Async and counter tracks do not nest: there
// self time is the duration.
std::vector<TimeNs> pivotSelfTimes(const Track &track);

} // namespace tracelane
