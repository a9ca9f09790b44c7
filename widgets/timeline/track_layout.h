#pragma once
// The tree of swimlanes as the user arranges it: groups (a process, a thread,
// a GPU) holding tracks, each collapsible, hideable and movable among its
// siblings. rows() flattens it into the bands the timeline paints. Knows
// nothing about painting; see track_grouping.h for the default arrangement.

#include "timeline/timeline_coordinates.h"

#include <QString>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace tracelane {

// Rows a lane shows before it needs expanding (its handle shows the rest).
constexpr int kLaneRowLimit = 12;

// What a track's band draws.
enum class LaneKind : std::uint8_t {
    Events,     // boxes, one row per nesting level
    Counter,    // a counter track's area chart
    QueueDepth, // a GPU stream's queue depth (efficiency_lanes.h), a child of the stream's node
};

struct RowMetrics
{
    int rowHeight = 18;     // one nesting level of a track
    int headerHeight = 20;  // a group's title band
    int counterHeight = 36; // an area chart
    int trackGap = 3;       // space below each track
};

struct TrackNode
{
    bool isGroup = false;
    QString label;
    int parent = -1;
    std::vector<int> children;
    std::int32_t track = -1; // index into Trace::tracks for tracks (for a queue lane: its stream's)
    int levels = 1;          // nesting levels of a track (maxDepth + 1)
    int levelsWithoutPython = 0; // the same with Python frames folded away; 0: no frames on it
    LaneKind lane = LaneKind::Events;
    bool expanded = true;
    bool visible = true;
    bool pinned = false;   // drawn in the band under the ruler that does not scroll
    bool allRows = false;  // a deep lane shows every row, not only the first kLaneRowLimit
};

// One band of the flattened tree, in pixels from the top of the rows area.
struct LayoutRow
{
    int node = -1;
    RowSpan span;
    int indent = 0;
    bool isGroup = false;
    std::int32_t track = -1;
    int levels = 1;    // rows shown (a deep lane shows at most kLaneRowLimit until expanded)
    int allLevels = 1; // rows it has (without Python frames while they are hidden)
    LaneKind lane = LaneKind::Events;
    bool pinned = false;

    // Has an expand handle: more rows than kLaneRowLimit.
    bool isDeep() const;
};

struct LayoutRows
{
    std::vector<LayoutRow> rows;
    std::vector<RowSpan> spans;     // rows[i].span, for rowAt()
    // per trace track: its row, the row of a collapsed ancestor, or -1 if hidden
    // (a stream's row, never its queue lane's)
    std::vector<int> rowOfTrack;
    int totalHeight = 0;
    // Pinned rows come first and take [0, pinnedHeight); they stay under the
    // ruler while the rest scrolls beneath them.
    int pinnedHeight = 0;
    bool pythonHidden = false; // lanes are laid out by depth without Python frames

    // Where content y (as in spans) is on screen, in rows-area pixels, and back.
    int screenY(int contentY, int scrollY) const { return contentY < pinnedHeight ? contentY : contentY - scrollY; }
    int contentY(int screenY, int scrollY) const { return screenY < pinnedHeight ? screenY : screenY + scrollY; }
};

// Calls fn(row, screenTop, clipTop) for each row in a rows area `height`
// pixels tall, pinned rows first. Scrolled rows slide under the pinned band:
// they may draw from clipTop down only. Rows are sorted by top.
template <typename Fn>
void forEachRowInView(const LayoutRows &rows, int scrollY, int height, Fn fn)
{
    const auto &all = rows.rows;
    auto it = all.begin();
    for (; it != all.end() && it->span.top < rows.pinnedHeight; ++it)
        if (it->span.top < height)
            fn(*it, it->span.top, 0);
    const int from = rows.pinnedHeight + scrollY; // content y under the pinned band
    it = std::upper_bound(it, all.end(), from, [](int y, const LayoutRow &row) { return y < row.span.bottom(); });
    for (; it != all.end() && it->span.top - scrollY < height; ++it)
        fn(*it, it->span.top - scrollY, rows.pinnedHeight);
}

inline bool LayoutRow::isDeep() const
{
    return !isGroup && lane == LaneKind::Events && allLevels > kLaneRowLimit;
}

class TrackLayout
{
public:

    int addGroup(int parent, const QString &label);
    int addTrack(int parent, const QString &label, std::int32_t track, int levels, LaneKind lane = LaneKind::Events);
    // A queue depth lane for the stream drawn by `streamNode`, as its child.
    int addQueueDepthLane(int streamNode, const QString &label);

    int nodeCount() const { return int(m_nodes.size()); }
    const TrackNode &node(int index) const { return m_nodes[std::size_t(index)]; }
    const std::vector<int> &roots() const { return m_roots; }
    const std::vector<int> &childrenOf(int parent) const;
    int nodeOfTrack(std::int32_t track) const;

    void setExpanded(int node, bool expanded);
    void setVisible(int node, bool visible);
    // Whether queue depth lanes are laid out at all (View > Queue Depth Lanes);
    // each one is still hidden with its stream or on its own, like any track.
    void setQueueDepthShown(bool shown);
    // Pinning applies to event lanes only; a pinned lane shows even under a collapsed group.
    void setPinned(int node, bool pinned);
    // A deep lane's expand handle: every row, or the first kLaneRowLimit.
    void setAllRows(int node, bool all);
    void setLevelsWithoutPython(int node, int levels);
    // Hide Python Frames: lanes with frames lay out by depth without them.
    void setPythonFramesHidden(bool hidden);
    bool pythonFramesHidden() const { return m_pythonHidden; }
    bool queueDepthShown() const { return m_queueDepthShown; }
    // Moves a node among its siblings by `delta` places; false if it cannot move.
    bool move(int node, int delta);
    // Bumped by every change, so views know when to lay out again.
    std::uint64_t version() const { return m_version; }

    LayoutRows rows(const RowMetrics &metrics, std::size_t trackCount) const
    {
        return rows(metrics, trackCount, m_queueDepthShown);
    }
    // The same, with or without queue depth lanes whatever the layout says (the offscreen renderer's choice).
    LayoutRows rows(const RowMetrics &metrics, std::size_t trackCount, bool queueDepthLanes) const;

private:
    struct FlattenInput
    {
        const RowMetrics &metrics;
        bool queueDepthLanes;
        bool pinnedPass; // laying out the pinned band: a pinned node is its own root
    };
    void collectPinned(int node, std::vector<int> &out) const;
    void flatten(int node, int depth, const FlattenInput &in, int collapsedRow, LayoutRows &out) const;

    std::vector<TrackNode> m_nodes;
    std::vector<int> m_roots;
    std::vector<int> m_nodeOfTrack;
    std::uint64_t m_version = 0;
    bool m_queueDepthShown = false;
    bool m_pythonHidden = false;
};

} // namespace tracelane
