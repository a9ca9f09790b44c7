#pragma once
// The tree of swimlanes as the user arranges it: groups (a process, a thread,
// a GPU) holding tracks, each collapsible, hideable and movable among its
// siblings. rows() flattens it into the bands the timeline paints. Knows
// nothing about painting; see track_grouping.h for the default arrangement.

#include "timeline_coordinates.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace tracelane {

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
    std::int32_t track = -1; // index into Trace::tracks for tracks
    int levels = 1;          // nesting levels of a track (maxDepth + 1)
    bool counter = false;    // drawn as an area chart
    bool expanded = true;
    bool visible = true;
};

// One band of the flattened tree, in pixels from the top of the rows area.
struct LayoutRow
{
    int node = -1;
    RowSpan span;
    int indent = 0;
    bool isGroup = false;
    std::int32_t track = -1;
    int levels = 1;
};

struct LayoutRows
{
    std::vector<LayoutRow> rows;
    std::vector<RowSpan> spans;     // rows[i].span, for rowAt()
    std::vector<int> rowOfTrack;    // per trace track: its row, the row of a collapsed ancestor, or -1 if hidden
    int totalHeight = 0;
};

class TrackLayout
{
public:
    int addGroup(int parent, const QString &label);
    int addTrack(int parent, const QString &label, std::int32_t track, int levels, bool counter = false);

    int nodeCount() const { return int(m_nodes.size()); }
    const TrackNode &node(int index) const { return m_nodes[std::size_t(index)]; }
    const std::vector<int> &roots() const { return m_roots; }
    const std::vector<int> &childrenOf(int parent) const;
    int nodeOfTrack(std::int32_t track) const;

    void setExpanded(int node, bool expanded);
    void setVisible(int node, bool visible);
    // Moves a node among its siblings by `delta` places; false if it cannot move.
    bool move(int node, int delta);
    // Bumped by every change, so views know when to lay out again.
    std::uint64_t version() const { return m_version; }

    LayoutRows rows(const RowMetrics &metrics, std::size_t trackCount) const;

private:
    void flatten(int node, int depth, const RowMetrics &metrics, int collapsedRow, LayoutRows &out) const;

    std::vector<TrackNode> m_nodes;
    std::vector<int> m_roots;
    std::vector<int> m_nodeOfTrack;
    std::uint64_t m_version = 0;
};

} // namespace tracelane
