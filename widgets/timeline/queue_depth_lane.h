#pragma once
// A GPU stream's queue depth (launched, not yet started operations) drawn as a
// counter lane: a filled step area scaled to the stream's deepest queue. Each
// pixel column shows the deepest queue at any moment of its time, so a burst
// never vanishes between samples at low zoom; columns of one height share a
// bar. Per column: two searches and one RangeMax query, so a frame costs
// pixels, not the length of the series.

#include "timeline/timeline_geometry.h"

namespace tracelane {

// Adds the queue lane band of stream `track` (rows-area y from `top`).
void addQueueDepthBand(TimelineGeometry &g, const GeometryRequest &r, std::uint32_t track, int top);

} // namespace tracelane
