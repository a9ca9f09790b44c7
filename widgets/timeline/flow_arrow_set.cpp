#include "timeline/flow_arrow_set.h"

#include "timeline/timeline_frame.h"

#include <algorithm>
#include <cmath>

namespace tracelane {
namespace {

// Arrows reach this far past the rows area, so heads just outside stay whole.
constexpr int kClipMargin = 20;
// A merge key packs both clipped ends, 15 bits per coordinate (offset past the
// margin), with the head and colour bits above them.
constexpr int kKeyOffset = kClipMargin + 12;
constexpr int kCoordinateBits = 15;
constexpr std::uint64_t kCoordinateMask = (1u << kCoordinateBits) - 1;

std::uint64_t packed(int value, int slot)
{
    return (std::uint64_t(value + kKeyOffset) & kCoordinateMask) << (slot * kCoordinateBits);
}

int unpacked(std::uint64_t key, int slot)
{
    return int((key >> (slot * kCoordinateBits)) & kCoordinateMask) - kKeyOffset;
}

constexpr std::uint64_t kHeadBit = 1ull << (4 * kCoordinateBits);
constexpr std::uint64_t kForwardBackwardBit = kHeadBit << 1;

class Collector
{
public:
    explicit Collector(const TimelineFrame &frame)
        : m_frame(frame)
        , m_trace(frame.model->trace())
        , m_right(frame.rowsArea().width() + kClipMargin)
        , m_bottom(frame.rowsArea().height() + kClipMargin)
    {
    }

    bool rowShown(std::uint32_t track) const
    {
        const auto &rowOf = m_frame.rows->rowOfTrack;
        return track < rowOf.size() && rowOf[track] >= 0;
    }

    bool startsInView(EventRef ref) const
    {
        const TimeNs start = m_trace.event(ref).start;
        return start >= m_frame.axis.start && start <= m_frame.axis.end;
    }

    // Flows already taken from their source's side.
    bool takenAtSource(const Flow &flow) const { return rowShown(flow.from.track) && startsInView(flow.from); }

    void add(const Flow &flow)
    {
        const auto from = m_frame.eventRect(flow.from);
        const auto to = m_frame.eventRect(flow.to);
        if (!from || !to)
            return;
        const PointF a{from->left(), from->center().y()};
        const PointF b{to->left(), to->center().y()};
        const auto clipped = clipSegment(a, b, -kClipMargin, -kClipMargin, m_right, m_bottom);
        if (!clipped)
            return;
        const QPoint start(int(std::lround(clipped->first.x)), int(std::lround(clipped->first.y)));
        const QPoint end(int(std::lround(clipped->second.x)), int(std::lround(clipped->second.y)));
        const bool endVisible = std::abs(clipped->second.x - b.x) < 0.5 && std::abs(clipped->second.y - b.y) < 0.5;
        std::uint64_t key = packed(start.x(), 0) | packed(start.y(), 1) | packed(end.x(), 2) | packed(end.y(), 3);
        if (endVisible && (end - start).manhattanLength() >= 4)
            key |= kHeadBit;
        if (flow.kind == FlowKind::ForwardBackward)
            key |= kForwardBackwardBit;
        // Neighbouring flows mostly share their pixels: count them in place.
        if (!m_keys.empty() && m_keys.back().first == key)
            ++m_keys.back().second;
        else
            m_keys.emplace_back(key, 1u);
    }

    FlowArrowSet result()
    {
        std::sort(m_keys.begin(), m_keys.end());
        FlowArrowSet set;
        for (const auto &[key, count] : m_keys) {
            set.flows += count;
            if (!set.arrows.empty() && m_lastKey == key) {
                set.arrows.back().flows += count;
                continue;
            }
            m_lastKey = key;
            set.arrows.push_back({QPoint(unpacked(key, 0), unpacked(key, 1)),
                                  QPoint(unpacked(key, 2), unpacked(key, 3)), (key & kHeadBit) != 0,
                                  (key & kForwardBackwardBit) != 0, count});
        }
        return set;
    }

private:
    const TimelineFrame &m_frame;
    const Trace &m_trace;
    int m_right, m_bottom;
    std::vector<std::pair<std::uint64_t, std::uint32_t>> m_keys;
    std::uint64_t m_lastKey = 0;
};

} // namespace

FlowArrowSet collectFlowArrows(const TimelineFrame &f)
{
    if (!f.model || !f.rows)
        return {};
    const Trace &trace = f.model->trace();
    Collector collector(f);
    const auto startOf = [&trace](EventRef ref) { return trace.event(ref).start; };
    for (std::uint32_t track = 0; track < trace.tracks.size(); ++track) {
        if (!collector.rowShown(track))
            continue;
        // A track's events are sorted by start, so its flows (sorted by source,
        // or by target) are too: the ones starting in view are one stretch.
        const auto fromBegin = std::lower_bound(trace.flows.begin(), trace.flows.end(), EventRef{track, 0},
                                                [](const Flow &flow, EventRef ref) { return flow.from < ref; });
        const auto fromEnd = std::lower_bound(fromBegin, trace.flows.end(), EventRef{track + 1, 0},
                                              [](const Flow &flow, EventRef ref) { return flow.from < ref; });
        auto flow = std::lower_bound(fromBegin, fromEnd, f.axis.start,
                                     [&](const Flow &fl, TimeNs t) { return startOf(fl.from) < t; });
        for (; flow != fromEnd && startOf(flow->from) <= f.axis.end; ++flow)
            collector.add(*flow);

        const auto toBegin = std::lower_bound(trace.flowsByTo.begin(), trace.flowsByTo.end(), EventRef{track, 0},
                                              [&](std::uint32_t i, EventRef ref) { return trace.flows[i].to < ref; });
        const auto toEnd = std::lower_bound(toBegin, trace.flowsByTo.end(), EventRef{track + 1, 0},
                                            [&](std::uint32_t i, EventRef ref) { return trace.flows[i].to < ref; });
        auto into = std::lower_bound(toBegin, toEnd, f.axis.start,
                                     [&](std::uint32_t i, TimeNs t) { return startOf(trace.flows[i].to) < t; });
        for (; into != toEnd && startOf(trace.flows[*into].to) <= f.axis.end; ++into)
            if (!collector.takenAtSource(trace.flows[*into]))
                collector.add(trace.flows[*into]);
    }
    return collector.result();
}

} // namespace tracelane
