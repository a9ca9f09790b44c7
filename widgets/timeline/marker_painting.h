#pragma once
// Markers on the timeline: a thin line over the lanes at each marker (both
// ends of a span), and a named flag in the ruler that can be clicked.

#include "timeline/timeline_frame.h"

#include <QRect>

#include <vector>

class QPainter;

namespace tracelane {

struct MarkerFlag
{
    int index = -1; // into frame.markers
    QRect rect;     // frame coordinates, inside the ruler
};

// The flags in view, in paint order (a later one lies on top of an earlier).
std::vector<MarkerFlag> markerFlags(const TimelineFrame &frame);
// The marker whose flag is at `pos` (frame coordinates), or -1.
int markerFlagAt(const TimelineFrame &frame, QPoint pos);

void paintMarkerLines(QPainter &painter, const TimelineFrame &frame); // rows-area coordinates
void paintMarkerFlags(QPainter &painter, const TimelineFrame &frame); // frame coordinates

} // namespace tracelane
