#pragma once
// Events the timeline outlines on top of everything else (the GPU work of the
// selected range). Kept sorted by start with the longest duration, so a frame
// finds the highlights in view with two binary searches: painting costs what
// is visible, not what is highlighted.

#include "model/trace.h"

#include <span>
#include <vector>

namespace tracelane {

class HighlightSet
{
public:
    void set(const Trace &trace, std::vector<EventRef> events);
    void clear();
    bool empty() const { return m_items.empty(); }
    std::size_t size() const { return m_items.size(); }
    bool contains(EventRef ref) const;

    struct Item
    {
        TimeNs start = 0;
        TimeNs end = 0;
        EventRef ref;
    };
    // Every highlight that intersects [start, end], possibly with a few before it
    // that end earlier (callers clip); in start order.
    std::span<const Item> candidatesIn(TimeNs start, TimeNs end) const;

private:
    std::vector<Item> m_items; // by start
    TimeNs m_maxDuration = 0;
};

} // namespace tracelane
