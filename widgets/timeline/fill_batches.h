#pragma once
// Groups a draw list's boxes by colour, so painting issues one drawRects call
// per colour instead of one fillRect per box (Qt Creator's trackpainterbase
// batches the same way).
//
// Painting order stops mattering once no two boxes overlap: within a band a box
// is cut where the next one starts (boxes forced to a pixel's width can reach
// into the next one, which used to paint over them), so the batched frame is
// pixel-identical to painting the items one by one. Touching boxes of the same
// colour in a band become one rectangle.

#include "timeline/timeline_geometry.h"

namespace tracelane {

// Fills `fills` and `rects` from the items of `bands` (a layer of a TimelineGeometry).
void batchFills(const std::vector<DrawBand> &bands, const std::vector<DrawItem> &items, std::vector<FillBatch> &fills,
                std::vector<QRect> &rects);
// Fills g.fills and g.fillRects from g.bands and g.items.
inline void batchFills(TimelineGeometry &g)
{
    batchFills(g.bands, g.items, g.fills, g.fillRects);
}

} // namespace tracelane
