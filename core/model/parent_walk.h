#pragma once
// The enclosing event of each event of one track, found while walking the
// track in order with the stack TraceBuilder::computeDepths() uses: the parent
// is the event one level up, so parent.depth == depth - 1 (below the 255-level
// cap, where deeper events all sit at 255 and their parent may too). Amortised
// O(1) per event, memory one index per open level.
//
// Async and counter tracks do not nest (an async event's depth is its lane):
// their events have no parent.

#include "nesting_rule.h"
#include "track.h"

#include <cstdint>
#include <vector>

namespace tracelane {

constexpr std::uint32_t kNoParent = 0xFFFFFFFFu;

class ParentWalk
{
public:
    explicit ParentWalk(const Track &track)
        : m_events(track.events), m_nested(track.kind != TrackKind::Async && track.kind != TrackKind::Counter)
    {
    }

    // The parent of events[i] (kNoParent for none). Call for i = 0, 1, 2, ...
    // in turn: every event must be visited, even those not shown.
    std::uint32_t next(std::uint32_t i)
    {
        if (!m_nested)
            return kNoParent;
        const Event &e = m_events[i];
        while (!m_stack.empty()) {
            const Event &open = m_events[m_stack.back()];
            if (!closedBefore(open.end(), open.duration == 0, e))
                break;
            m_stack.pop_back();
        }
        const std::uint32_t parent = m_stack.empty() ? kNoParent : m_stack.back();
        m_stack.push_back(i);
        return parent;
    }

private:
    const std::vector<Event> &m_events;
    bool m_nested;
    std::vector<std::uint32_t> m_stack;
};

} // namespace tracelane
