#pragma once
// File > Export > Timeline as Image: what the view shows (its time range, the
// lanes not hidden or collapsed, as arranged, its markers and display toggles)
// drawn by the offscreen renderer that `tracelane-cli render` uses, at a chosen
// width; the height holds every shown lane. PNG, SVG or PDF by the file suffix.

#include "timeline/timeline_image.h"

#include <QCoreApplication>
#include <QString>

namespace tracelane {

class TimelineView;

struct TimelineExport
{
    Q_DECLARE_TR_FUNCTIONS(TimelineExport)

public:
    static constexpr int kMinWidth = 320; // as `render --size`
    static constexpr int kMaxSide = 16384;

    // The render options for the view's current state at `width` px (scale: the
    // PNG's device pixel ratio). Selection and hover are not drawn.
    static RenderOptions optionsFor(TimelineView &view, int width, qreal scale = 1.0);
    // png, svg or pdf; anything else is refused with a message.
    static bool isSupported(const QString &path);
    // Writes the drawing; on failure returns false and says why in `error`.
    static bool write(const TimelineModel &model, const RenderOptions &options, const QString &path,
                      QString *error = nullptr);
};

} // namespace tracelane
