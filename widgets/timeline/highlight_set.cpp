#include "timeline/highlight_set.h"

#include <algorithm>

namespace tracelane {

void HighlightSet::set(const Trace &trace, std::vector<EventRef> events)
{
    m_items.clear();
    m_items.reserve(events.size());
    m_maxDuration = 0;
    for (EventRef ref : events) {
        if (!ref.isValid() || ref.track >= trace.tracks.size() || ref.index >= trace.tracks[ref.track].events.size())
            continue;
        const Event &e = trace.event(ref);
        m_items.push_back({e.start, e.end(), ref});
        m_maxDuration = std::max(m_maxDuration, e.duration);
    }
    std::sort(m_items.begin(), m_items.end(), [](const Item &a, const Item &b) { return a.start < b.start; });
}

void HighlightSet::clear()
{
    m_items.clear();
    m_maxDuration = 0;
}

bool HighlightSet::contains(EventRef ref) const
{
    return std::any_of(m_items.begin(), m_items.end(), [ref](const Item &i) { return i.ref == ref; });
}

std::span<const HighlightSet::Item> HighlightSet::candidatesIn(TimeNs start, TimeNs end) const
{
    // Nothing starting before start - maxDuration can reach the range.
    const auto first = std::lower_bound(m_items.begin(), m_items.end(), start - m_maxDuration,
                                        [](const Item &i, TimeNs t) { return i.start < t; });
    const auto last = std::upper_bound(first, m_items.end(), end, [](TimeNs t, const Item &i) { return t < i.start; });
    return {first, last};
}

} // namespace tracelane
