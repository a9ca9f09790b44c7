#pragma once
// Paints one TimelineFrame: ruler, gutter labels, bands, boxes and their
// names, selection, flow arrows and cursor. Boxes are solid fills with
// antialiasing off (crisp at any device pixel ratio); only arrows are smoothed.

#include "timeline/timeline_frame.h"

class QPainter;

namespace tracelane {

class LabelCache;

void paintTimeline(QPainter &painter, const TimelineFrame &frame);

// Parts, in their own files.
void paintRuler(QPainter &painter, const TimelineFrame &frame, LabelCache &labels);
void paintGridLines(QPainter &painter, const TimelineFrame &frame); // rows-area coordinates
void paintFlows(QPainter &painter, const TimelineFrame &frame);      // rows-area coordinates

} // namespace tracelane
