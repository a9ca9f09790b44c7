// The default pins: when the CPU side of a trace is deep, its GPU streams go
// to the pinned band so they are on screen at first open (docs/DECISIONS_PANELS.md).
#include "timeline/track_grouping.h"

#include <algorithm>

namespace tracelane {
namespace {

// A CPU-side lane this many rows deep makes the CPU side deep: module
// hierarchies, Python stacks. Several shallow threads are only a long list,
// which the track tree folds; those traces open as they always did.
constexpr int kDeepLaneRows = 8;
// Where the first GPU stream must end for it to be on the first screen of a
// default-size window without pinning (its rows area is about 420 pixels tall).
constexpr int kDeepCpuSide = 360;
// The pinned band takes at most this much of the rows area by default.
constexpr int kMaxDefaultPinnedHeight = 160;

} // namespace

void TrackGrouping::pinGpuStreamsIfDeep(TrackLayout &layout, const Trace &trace)
{
    // Several traces in one window: the pinned band would hold the first
    // rank's streams only, under labels that do not say whose they are.
    if (trace.parts.size() > 1)
        return;
    const LayoutRows rows = layout.rows(RowMetrics{}, trace.tracks.size(), false);
    const auto isStream = [&](const LayoutRow &row) {
        return !row.isGroup && row.lane == LaneKind::Events && row.track >= 0
               && trace.tracks[std::size_t(row.track)].kind == TrackKind::GpuStream;
    };
    const auto first = std::find_if(rows.rows.begin(), rows.rows.end(), isStream);
    if (first == rows.rows.end() || first->span.bottom() <= kDeepCpuSide)
        return;
    const bool deepLane = std::any_of(rows.rows.begin(), rows.rows.end(), [&](const LayoutRow &row) {
        if (row.isGroup || row.lane != LaneKind::Events || row.track < 0)
            return false;
        const TrackKind kind = trace.tracks[std::size_t(row.track)].kind;
        return kind != TrackKind::GpuStream && kind != TrackKind::GpuRanges && row.allLevels >= kDeepLaneRows;
    });
    if (!deepLane)
        return;
    int pinnedHeight = 0;
    for (auto it = first; it != rows.rows.end(); ++it) {
        if (!isStream(*it))
            continue;
        if (pinnedHeight + it->span.height > kMaxDefaultPinnedHeight)
            break;
        pinnedHeight += it->span.height;
        layout.setPinned(it->node, true);
    }
}

} // namespace tracelane
