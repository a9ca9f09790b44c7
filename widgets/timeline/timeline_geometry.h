#pragma once
// The draw list of one frame: boxes for events and merged runs, bars for
// counters and queue depth lanes, grouped by band (one band per visible track
// depth), and under them a layer of shaded idle gaps. Built from the visible
// rows only, then painted; clicks and hovers are answered from it, so what the
// user points at is exactly what was drawn.

#include "model/event.h"
#include "timeline/timeline_coordinates.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_palette.h"
#include "timeline/track_layout.h"

#include <QRect>

#include <cstdint>
#include <optional>
#include <vector>

namespace tracelane {

struct DrawItem
{
    QRect rect;                // x from the left of the time area, y from the top of the rows area
    std::uint32_t track = 0;
    std::uint32_t event = 0;   // index in the track of the (first) event
    std::uint32_t count = 1;   // > 1: a merged run of sub-pixel events
    TimeNs start = 0, end = 0; // what the item covers
    QRgb color = 0;            // its fill (merged runs are a shade darker)
    LaneKind lane = LaneKind::Events; // QueueDepth: `event` indexes the stream's queue series, not the track
};

struct DrawBand
{
    std::uint32_t track = 0;
    int depth = 0;
    RowSpan span;              // rows-area coordinates, after scrolling
    std::uint32_t firstItem = 0, itemCount = 0;
    LaneKind lane = LaneKind::Events;

    bool isChart() const { return lane != LaneKind::Events; } // bars of a value, not events
};

// Rectangles of one fill colour: fillRects[first, first + count).
struct FillBatch
{
    QRgb color = 0;
    std::uint32_t first = 0, count = 0;
};

struct TimelineGeometry
{
    std::vector<DrawBand> bands;
    std::vector<DrawItem> items;
    // The items' boxes as painted, grouped by colour (see fill_batches.h).
    std::vector<FillBatch> fills;
    std::vector<QRect> fillRects;

    // Idle gaps shaded under GPU stream lanes (idle_shading.h): a layer of its
    // own, painted before the boxes and batched the same way. A shade's `event`
    // is its first gap in the stream's StreamGaps, `count` how many it merges.
    std::vector<DrawBand> shadeBands;
    std::vector<DrawItem> shadeItems;
    std::vector<FillBatch> shadeFills;
    std::vector<QRect> shadeRects;

    // The item under a point (rows-area coordinates), with a few pixels of tolerance.
    std::optional<DrawItem> itemAt(QPoint point, double tolerance = 3.0) const;
    // The shaded gap under a point, exactly.
    std::optional<DrawItem> shadeAt(QPoint point) const;
};

struct GeometryRequest
{
    const TimelineModel *model = nullptr;
    const LayoutRows *rows = nullptr;
    RowMetrics metrics;
    TimeAxis axis;
    int scrollY = 0;
    int height = 0; // of the rows area
    TimelinePalette palette;
    bool idleGaps = false; // shade the idle gaps of GPU stream lanes
};

TimelineGeometry buildGeometry(const GeometryRequest &request);

// Where [start, end) is drawn: whole pixels so boxes stay crisp, at least one
// pixel wide; spans that touch in time touch on screen.
QRect spanRect(const TimeAxis &axis, TimeNs start, TimeNs end, int top, int height);

} // namespace tracelane
