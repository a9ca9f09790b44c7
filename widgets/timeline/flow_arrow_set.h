#pragma once
// The arrows of "Show all flows" for one frame: every flow whose source or
// target starts in view, clipped to the rows area and merged when both ends
// land on the same pixels. A zoomed-out view of a million events then draws
// one arrow per pair of pixels, however many flows share it, and none is
// left out (a cap once hid every arrow after the first few thousand).

#include <QPoint>

#include <cstdint>
#include <vector>

namespace tracelane {

struct TimelineFrame;

struct FlowArrow
{
    QPoint from, to;              // rows-area pixels, after clipping
    bool head = false;            // the target is in view: the arrow gets its head
    bool forwardBackward = false; // drawn in the forward -> backward colour
    std::uint32_t flows = 1;      // how many flows this arrow stands for
};

struct FlowArrowSet
{
    std::vector<FlowArrow> arrows;
    std::uint64_t flows = 0; // every flow drawn, the sum of the arrows' counts
};

// Needs frame.model and frame.rows; the view caches the result with its draw list.
FlowArrowSet collectFlowArrows(const TimelineFrame &frame);

} // namespace tracelane
