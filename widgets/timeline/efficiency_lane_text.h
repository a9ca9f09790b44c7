#pragma once
// The words of the efficiency lanes: cause names, the max written on a queue
// lane, and what hovering a shaded gap, a queue lane or a stream's title says.

#include "timeline/efficiency_lanes.h"
#include "timeline/timeline_geometry.h"

#include <QCoreApplication>
#include <QString>

namespace tracelane {

class EfficiencyLaneText
{
    Q_DECLARE_TR_FUNCTIONS(EfficiencyLaneText)

public:
    static QString causeName(IdleCause cause);
    static QString queueMaximum(std::int32_t depth); // "max 12"
    // A shaded gap or merged run of gaps (an item of TimelineGeometry::shadeItems).
    static QString gapToolTip(const Trace &trace, const StreamGaps &gaps, const DrawItem &shade);
    // The queue of stream `track` at `time`, and its deepest within the pixel [time, pixelEnd).
    static QString queueToolTip(const Trace &trace, const StreamQueue &queue, std::uint32_t track, TimeNs time,
                                TimeNs pixelEnd);
    // What the shading's colours mean, for a GPU stream's title in the gutter.
    static QString shadingLegend();
};

} // namespace tracelane
