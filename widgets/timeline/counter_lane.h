#pragma once
// A counter track drawn as a filled step area (a sample holds until the next;
// the last until the trace ends), scaled to the track's largest sample. Each
// pixel column shows the largest value held at any moment of its time, so a
// peak (a memory high-water mark) shows at every zoom instead of falling
// between samples; columns of one height share a bar. Per column: two
// searches and one range-maximum query, so a frame costs pixels, not samples.

#include "timeline/timeline_geometry.h"

namespace tracelane {

// Adds the counter band of `track` (rows-area y from `top`).
void addCounterBand(TimelineGeometry &g, const GeometryRequest &r, std::uint32_t track, int top);

// The sample holding at `time` (the last one at or before it), or -1 before the first.
std::int64_t counterSampleAt(const Track &track, TimeNs time);

} // namespace tracelane
