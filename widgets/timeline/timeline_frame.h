#pragma once
// Everything one frame of the timeline shows, independent of any widget, so
// the view, the offscreen renderer and tests paint the same thing.
//
//   +---------+----------------------------+
//   |         | ruler (rulerHeight)        |
//   | gutter  +----------------------------+
//   | labels  | rows area: bands of tracks |
//   +---------+----------------------------+

#include "model/event.h"
#include "timeline/marker_set.h"
#include "timeline/timeline_coordinates.h"
#include "timeline/timeline_geometry.h"
#include "timeline/timeline_model.h"
#include "timeline/timeline_palette.h"
#include "timeline/track_layout.h"

#include <QFont>
#include <QRect>
#include <QSize>

#include <optional>
#include <vector>

namespace tracelane {

class LabelCache;
struct FlowArrowSet;

struct TimelineFrame
{
    const TimelineModel *model = nullptr;
    const LayoutRows *rows = nullptr;
    const TimelineGeometry *geometry = nullptr;
    TimelinePalette palette = TimelinePalette::light();
    RowMetrics metrics;
    QFont font;
    QSize size;
    int gutterWidth = 260;
    int rulerHeight = 26;
    int scrollY = 0;
    TimeAxis axis; // width = size.width() - gutterWidth

    EventRef selected;
    std::vector<EventRef> partners; // correlated with the selection
    bool hasRangeSelection = false;
    TimeNs selectionStart = 0, selectionEnd = 0;
    std::vector<std::uint32_t> areaTracks; // lanes of an area selection, drawn stronger; empty: all alike
    int cursorX = -1; // time-area x of the mouse, -1 when outside
    bool showAllFlows = false;
    // Its arrows as collected for this range (the view caches them); null: collect while painting.
    const FlowArrowSet *allFlows = nullptr;
    bool idleGaps = false; // shade the idle gaps of GPU stream lanes
    const std::vector<Marker> *markers = nullptr; // sorted by time; null: none
    int selectedMarker = -1;
    // Text laid out in earlier frames; null: lay out everything this frame.
    LabelCache *labels = nullptr;

    QRect rowsArea() const
    {
        return QRect(gutterWidth, rulerHeight, size.width() - gutterWidth, size.height() - rulerHeight);
    }
    // Where an event is drawn, in rows-area coordinates: its box at its depth, or
    // the band of a collapsed group holding it; nullopt when its track is hidden.
    std::optional<QRectF> eventRect(EventRef ref) const;
    // A deep lane's expand / fold handle in the gutter (rows-area y, x from the
    // window's left), on the lane's last shown row; nullopt for other lanes.
    std::optional<QRect> expandHandle(const LayoutRow &row) const;
};

// Sets up geometry input from a frame (the view caches the result).
GeometryRequest geometryRequest(const TimelineFrame &frame);

} // namespace tracelane
