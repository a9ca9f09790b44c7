// The default pins: when the GPU streams would open below the first screen
// (a deep CPU side, or a small window), they go to the pinned band so they are
// on screen at first open (docs/DECISIONS_PANELS.md).
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

bool isStream(const LayoutRow &row, const Trace &trace)
{
    return !row.isGroup && row.lane == LaneKind::Events && row.track >= 0
           && trace.tracks[std::size_t(row.track)].kind == TrackKind::GpuStream;
}

// Pins the streams from `first` on, in tree order, while the band fits `maxHeight`.
void pinStreams(TrackLayout &layout, const Trace &trace, const LayoutRows &rows,
                std::vector<LayoutRow>::const_iterator first, int maxHeight)
{
    int pinnedHeight = 0;
    for (auto it = first; it != rows.rows.end(); ++it) {
        if (!isStream(*it, trace))
            continue;
        if (pinnedHeight + it->span.height > maxHeight)
            break;
        pinnedHeight += it->span.height;
        layout.setPinned(it->node, true);
    }
}

} // namespace

void TrackGrouping::pinGpuStreamsIfDeep(TrackLayout &layout, const Trace &trace)
{
    // Several traces in one window: the pinned band would hold the first
    // rank's streams only, under labels that do not say whose they are.
    if (trace.parts.size() > 1)
        return;
    const LayoutRows rows = layout.rows(RowMetrics{}, trace.tracks.size(), false);
    const auto first = std::find_if(rows.rows.begin(), rows.rows.end(),
                                    [&](const LayoutRow &row) { return isStream(row, trace); });
    if (first == rows.rows.end() || first->span.bottom() <= kDeepCpuSide)
        return;
    const bool deepLane = std::any_of(rows.rows.begin(), rows.rows.end(), [&](const LayoutRow &row) {
        if (row.isGroup || row.lane != LaneKind::Events || row.track < 0)
            return false;
        const TrackKind kind = trace.tracks[std::size_t(row.track)].kind;
        return kind != TrackKind::GpuStream && kind != TrackKind::GpuRanges && row.allLevels >= kDeepLaneRows;
    });
    if (deepLane)
        pinStreams(layout, trace, rows, first, kMaxDefaultPinnedHeight);
}

bool TrackGrouping::pinGpuStreamsBelow(TrackLayout &layout, const Trace &trace, int rowsAreaHeight)
{
    if (trace.parts.size() > 1)
        return false;
    const LayoutRows rows = layout.rows(RowMetrics{}, trace.tracks.size(), false);
    if (rows.pinnedHeight > 0)
        return false; // pinned already, by the rule above or by the user
    const auto first = std::find_if(rows.rows.begin(), rows.rows.end(),
                                    [&](const LayoutRow &row) { return isStream(row, trace); });
    if (first == rows.rows.end() || first->span.bottom() <= rowsAreaHeight)
        return false;
    // A third of a small view at most, so the lanes above still have room.
    pinStreams(layout, trace, rows, first, std::min(kMaxDefaultPinnedHeight, rowsAreaHeight / 3));
    return layout.rows(RowMetrics{}, trace.tracks.size(), false).pinnedHeight > 0;
}

} // namespace tracelane
