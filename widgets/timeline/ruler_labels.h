#pragma once
// What the time ruler writes over its ticks: the time selection's start, end
// and length, and the time under the mouse. Laid out apart from painting so
// that no label covers another (tests read the boxes back).

#include "model/time_units.h"

#include <QColor>
#include <QRect>
#include <QString>

#include <vector>

namespace tracelane {

struct TimelineFrame;

// Ticks at 1/2/5 steps at least ~110 px apart, counted from the trace start.
struct RulerTicks
{
    TimeNs origin = 0; // labels count from here (the trace start)
    TimeNs step = 1;
    TimeNs first = 0; // first tick time at or after the left edge
};

RulerTicks rulerTicks(const TimelineFrame &frame);
constexpr double kMinTickSpacing = 110.0;

struct RulerLabel
{
    enum class Role { SelectionLength, SelectionEnd, SelectionStart, Cursor };
    Role role;
    QRect box; // frame coordinates, inside the ruler's time area
    QString text;
    QColor color;
};

// The labels to draw, in painting order. The selection's length is never left
// out, and neither is the cursor's time: it moves beside the selection's
// labels rather than cover them, and only its start and end give way.
std::vector<RulerLabel> rulerLabels(const TimelineFrame &frame);

} // namespace tracelane
