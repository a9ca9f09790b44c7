#pragma once
// Paints one TimelineFrame: ruler, gutter labels, bands, boxes and their
// names, selection, flow arrows and cursor. Boxes are solid fills with
// antialiasing off (crisp at any device pixel ratio); only arrows are smoothed.

#include "timeline/timeline_frame.h"

#include <QCoreApplication>

class QPainter;

namespace tracelane {

// The words on a deep lane's expand handle.
class LaneHandleText
{
    Q_DECLARE_TR_FUNCTIONS(LaneHandleText)

public:
    static QString more(int rows);
    static QString fewer();
};

class LabelCache;

void paintTimeline(QPainter &painter, const TimelineFrame &frame);

// Parts, in their own files.
void paintRuler(QPainter &painter, const TimelineFrame &frame, LabelCache &labels);
void paintGridLines(QPainter &painter, const TimelineFrame &frame); // rows-area coordinates
void paintFlows(QPainter &painter, const TimelineFrame &frame);      // rows-area coordinates

} // namespace tracelane
