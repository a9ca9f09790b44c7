#pragma once
// The colour the timeline gives each idle cause, to find idle spans in a rendering.

#include "analysis/efficiency/idle_causes.h"
#include "timeline/timeline_palette.h"

namespace tracelane::test {

inline QRgb causeColour(const TimelinePalette &palette, IdleCause cause)
{
    switch (cause) {
    case IdleCause::HostWait: return palette.idleHostWait.rgb();
    case IdleCause::KernelWait: return palette.idleKernelWait.rgb();
    case IdleCause::Other: return palette.idleOther.rgb();
    }
    return 0;
}

} // namespace tracelane::test
