#pragma once
// The rows of the `event` table that a WHERE clause can select without a full
// scan, and the walk over them in id order.
//
// Candidates come from the cheapest source the constraints give: a list of ids
// (id = / IN), the GPU work one call launched (launch_id =, via the trace's
// flows), or a set of tracks (track =, thread =, process =, and only tracks
// holding a wanted kind) each cut by binary search on start: tracks are sorted by start,
// so ts bounds cut directly, and end bounds cut through the track's longest and
// shortest event (end >= t implies start >= t - maxDuration). Every candidate is
// then checked against all the constraints, so the scan returns exactly the
// matching rows, in ascending id.

#include "trace_index.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

namespace tracelane::sql {

struct EventFilter
{
    bool none = false;                            // a constraint no event can meet
    std::optional<std::vector<EventRef>> ids;     // id = / IN, valid refs only
    std::optional<EventRef> launchedBy;           // launch_id =
    std::optional<std::vector<std::uint32_t>> tracks; // track = / IN, valid tracks only
    std::optional<std::int64_t> thread;           // thread =
    std::optional<std::int64_t> process;          // process =
    KindMask kinds = kAllKinds;
    std::optional<StringId> name;
    TimeNs tsMin = std::numeric_limits<TimeNs>::min(); // inclusive bounds
    TimeNs tsMax = std::numeric_limits<TimeNs>::max();
    TimeNs endMin = std::numeric_limits<TimeNs>::min();
    TimeNs endMax = std::numeric_limits<TimeNs>::max();

    bool matches(const Trace &trace, EventRef ref) const;
};

class EventScan
{
public:
    EventScan(const TraceIndex &index, EventFilter filter);

    bool atEnd() const { return m_atEnd; }
    EventRef current() const { return m_current; }
    void next();

private:
    bool nextCandidate(); // sets m_current; false at the end
    void settle();        // skips to the first candidate that matches

    const TraceIndex &m_index;
    EventFilter m_filter;
    std::vector<EventRef> m_list; // list mode: ids or launched work, sorted
    std::size_t m_listPos = 0;
    bool m_listMode = false;
    std::vector<std::uint32_t> m_tracks; // track mode: in ascending order
    std::size_t m_trackPos = 0;
    std::uint32_t m_next = 0;  // next index in m_tracks[m_trackPos - 1]
    std::uint32_t m_limit = 0; // end of its cut
    EventRef m_current;
    bool m_atEnd = false;
};

} // namespace tracelane::sql
