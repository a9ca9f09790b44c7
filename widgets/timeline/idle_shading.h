#pragma once
// Idle gaps shaded under a GPU stream's lane, coloured by cause (host wait,
// kernel wait, other; see EfficiencyLanes). The gaps are folded like events
// (event_folding.h): one shade per gap at least a pixel wide, one per run of
// narrower gaps, coloured by the cause with the most idle time in the run. So
// a frame costs O(pixels * log gaps) however many gaps the stream has.

#include "timeline/timeline_geometry.h"

namespace tracelane {

// Adds one band of shades to g.shadeBands / g.shadeItems for `track`'s gaps, if
// it has any: rows-area y from `top`, `height` pixels tall.
void addIdleShades(TimelineGeometry &g, const GeometryRequest &r, std::uint32_t track, int top, int height);

} // namespace tracelane
