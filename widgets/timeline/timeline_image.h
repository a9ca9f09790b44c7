#pragma once
// The timeline drawn into an image without a window, exactly as TimelineView
// paints it: for `tracelane-cli render`, its --bench and tests.

#include "model/time_units.h"
#include "model/event.h"
#include "timeline/marker_set.h"

#include <QImage>
#include <QSize>

#include <optional>
#include <vector>

class QPainter;

namespace tracelane {

class LabelCache;
class TimelineModel;

struct RenderOptions
{
    QSize size{1920, 1080};
    qreal devicePixelRatio = 1.0;
    bool dark = false;
    std::optional<TimeNs> from, to; // trace time (absolute ns); default: the whole trace
    bool showAllFlows = false;
    bool idleGaps = false;   // shade idle gaps of GPU streams by cause
    bool queueDepth = false; // a queue depth lane under each GPU stream
    EventRef selected;
    int scrollY = 0;
    std::vector<Marker> markers; // drawn over the lanes and in the ruler
    // Text laid out by earlier repaints, as the view keeps it; null: none.
    LabelCache *labels = nullptr;
};

// The visible range the view would show for these options.
std::pair<TimeNs, TimeNs> renderRange(const TimelineModel &model, const RenderOptions &options);

QImage renderTimeline(const TimelineModel &model, const RenderOptions &options);
// Repaints into an existing image; the draw list is rebuilt every time, so this
// measures the full per-frame cost.
void paintTimelineInto(QImage &image, const TimelineModel &model, const RenderOptions &options);
// The same drawing on any paint device (SVG, PDF), options.size in its units.
void paintRenderedTimeline(QPainter &painter, const TimelineModel &model, const RenderOptions &options);

} // namespace tracelane
