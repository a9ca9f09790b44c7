#include "timeline/track_layout.h"

#include <algorithm>

namespace tracelane {

int TrackLayout::addGroup(int parent, const QString &label)
{
    TrackNode n;
    n.isGroup = true;
    n.label = label;
    n.parent = parent;
    m_nodes.push_back(n);
    const int index = int(m_nodes.size()) - 1;
    (parent < 0 ? m_roots : m_nodes[std::size_t(parent)].children).push_back(index);
    ++m_version;
    return index;
}

int TrackLayout::addTrack(int parent, const QString &label, std::int32_t track, int levels, LaneKind lane)
{
    const int index = addGroup(parent, label);
    TrackNode &n = m_nodes[std::size_t(index)];
    n.isGroup = false;
    n.track = track;
    n.levels = std::max(1, levels);
    n.lane = lane;
    if (track >= 0 && lane != LaneKind::QueueDepth) {
        if (m_nodeOfTrack.size() <= std::size_t(track))
            m_nodeOfTrack.resize(std::size_t(track) + 1, -1);
        m_nodeOfTrack[std::size_t(track)] = index;
    }
    return index;
}

int TrackLayout::addQueueDepthLane(int streamNode, const QString &label)
{
    return addTrack(streamNode, label, m_nodes[std::size_t(streamNode)].track, 1, LaneKind::QueueDepth);
}

const std::vector<int> &TrackLayout::childrenOf(int parent) const
{
    return parent < 0 ? m_roots : m_nodes[std::size_t(parent)].children;
}

int TrackLayout::nodeOfTrack(std::int32_t track) const
{
    return track >= 0 && std::size_t(track) < m_nodeOfTrack.size() ? m_nodeOfTrack[std::size_t(track)] : -1;
}

void TrackLayout::setExpanded(int node, bool expanded)
{
    if (m_nodes[std::size_t(node)].expanded == expanded)
        return;
    m_nodes[std::size_t(node)].expanded = expanded;
    ++m_version;
}

void TrackLayout::setVisible(int node, bool visible)
{
    if (m_nodes[std::size_t(node)].visible == visible)
        return;
    m_nodes[std::size_t(node)].visible = visible;
    ++m_version;
}

void TrackLayout::setQueueDepthShown(bool shown)
{
    if (m_queueDepthShown == shown)
        return;
    m_queueDepthShown = shown;
    ++m_version;
}

void TrackLayout::setPinned(int node, bool pinned)
{
    TrackNode &n = m_nodes[std::size_t(node)];
    if (n.isGroup || n.lane != LaneKind::Events || n.pinned == pinned)
        return;
    n.pinned = pinned;
    ++m_version;
}

void TrackLayout::setAllRows(int node, bool all)
{
    if (m_nodes[std::size_t(node)].allRows == all)
        return;
    m_nodes[std::size_t(node)].allRows = all;
    ++m_version;
}

void TrackLayout::setLevelsWithoutPython(int node, int levels)
{
    m_nodes[std::size_t(node)].levelsWithoutPython = std::max(1, levels);
    ++m_version;
}

void TrackLayout::setPythonFramesHidden(bool hidden)
{
    if (m_pythonHidden == hidden)
        return;
    m_pythonHidden = hidden;
    ++m_version;
}

bool TrackLayout::move(int node, int delta)
{
    const int parent = m_nodes[std::size_t(node)].parent;
    std::vector<int> &siblings = parent < 0 ? m_roots : m_nodes[std::size_t(parent)].children;
    const auto it = std::find(siblings.begin(), siblings.end(), node);
    const int from = int(it - siblings.begin());
    const int to = std::clamp(from + delta, 0, int(siblings.size()) - 1);
    if (to == from)
        return false;
    siblings.erase(siblings.begin() + from);
    siblings.insert(siblings.begin() + to, node);
    ++m_version;
    return true;
}

LayoutRows TrackLayout::rows(const RowMetrics &metrics, std::size_t trackCount, bool queueDepthLanes) const
{
    LayoutRows out;
    out.rowOfTrack.assign(trackCount, -1);
    out.pythonHidden = m_pythonHidden;
    std::vector<int> pinned;
    for (int root : m_roots)
        collectPinned(root, pinned);
    for (int node : pinned)
        flatten(node, 0, FlattenInput{metrics, queueDepthLanes, true}, -1, out);
    out.pinnedHeight = out.totalHeight;
    const FlattenInput in{metrics, queueDepthLanes, false};
    for (int root : m_roots)
        flatten(root, 0, in, -1, out);
    out.spans.reserve(out.rows.size());
    for (const LayoutRow &row : out.rows)
        out.spans.push_back(row.span);
    return out;
}

void TrackLayout::collectPinned(int node, std::vector<int> &out) const
{
    if (m_nodes[std::size_t(node)].pinned)
        out.push_back(node);
    for (int child : m_nodes[std::size_t(node)].children)
        collectPinned(child, out);
}

// `collapsedRow` is the header row of the nearest collapsed ancestor: tracks
// under it get no band but point there, so flow arrows can still end somewhere.
void TrackLayout::flatten(int index, int depth, const FlattenInput &in, int collapsedRow, LayoutRows &out) const
{
    const TrackNode &n = m_nodes[std::size_t(index)];
    if (!n.visible || (n.lane == LaneKind::QueueDepth && !in.queueDepthLanes))
        return;
    if (n.pinned && !(in.pinnedPass && depth == 0))
        return; // laid out in the pinned band
    // A queue lane shares its stream's track: rowOfTrack stays the stream's.
    const bool ownsTrack = n.track >= 0 && std::size_t(n.track) < out.rowOfTrack.size() && n.lane != LaneKind::QueueDepth;
    if (collapsedRow >= 0) {
        if (ownsTrack)
            out.rowOfTrack[std::size_t(n.track)] = collapsedRow;
        for (int child : n.children)
            flatten(child, depth + 1, in, collapsedRow, out);
        return;
    }
    LayoutRow row;
    row.node = index;
    row.indent = depth;
    row.isGroup = n.isGroup;
    row.track = n.track;
    row.allLevels = m_pythonHidden && n.levelsWithoutPython > 0 ? n.levelsWithoutPython : n.levels;
    row.levels = n.allRows ? row.allLevels : std::min(row.allLevels, kLaneRowLimit);
    row.lane = n.lane;
    row.pinned = n.pinned;
    row.span.top = out.totalHeight;
    if (n.isGroup)
        row.span.height = in.metrics.headerHeight;
    else if (n.lane != LaneKind::Events)
        row.span.height = in.metrics.counterHeight + in.metrics.trackGap;
    else
        row.span.height = row.levels * in.metrics.rowHeight + in.metrics.trackGap;
    out.totalHeight += row.span.height;
    const int rowIndex = int(out.rows.size());
    out.rows.push_back(row);
    if (ownsTrack)
        out.rowOfTrack[std::size_t(n.track)] = rowIndex;
    for (int child : n.children)
        flatten(child, depth + 1, in, n.expanded ? -1 : rowIndex, out);
}

} // namespace tracelane
