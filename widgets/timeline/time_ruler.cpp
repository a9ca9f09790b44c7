// The time ruler: ticks at 1/2/5 steps at least ~110 px apart, labelled as the
// offset from the trace start in the unit the step needs; the cursor readout;
// the length of the time selection; marker flags.
#include "timeline/label_cache.h"
#include "timeline/marker_painting.h"
#include "time_format.h"
#include "timeline/timeline_painter.h"

#include <QFontMetrics>
#include <QPainter>

#include <cmath>

namespace tracelane {
namespace {

constexpr double kMinTickSpacing = 110.0;

struct Ticks
{
    TimeNs origin = 0; // labels count from here (the trace start)
    TimeNs step = 1;
    TimeNs first = 0;  // first tick time at or after the left edge
};

Ticks ticksFor(const TimelineFrame &f)
{
    Ticks t;
    t.origin = f.model ? f.model->trace().startNs : 0;
    t.step = TimeFormat::niceStep(kMinTickSpacing * f.axis.nsPerPixel());
    const TimeNs fromOrigin = f.axis.start - t.origin;
    // Floor division, also for times before the origin.
    TimeNs k = fromOrigin / t.step;
    if (k * t.step < fromOrigin)
        ++k;
    t.first = t.origin + k * t.step;
    return t;
}

void paintLabelBox(QPainter &p, const TimelineFrame &f, int centreX, const QString &text, const QColor &color)
{
    const QFontMetrics metrics(f.font);
    const int w = metrics.horizontalAdvance(text) + 10;
    const int areaRight = f.size.width();
    int left = std::clamp(f.gutterWidth + centreX - w / 2, f.gutterWidth, std::max(f.gutterWidth, areaRight - w));
    const QRect box(left, 3, w, f.rulerHeight - 6);
    p.fillRect(box, color);
    p.setPen(f.palette.textOn(color.rgb()));
    p.drawText(box, Qt::AlignCenter, text);
}

} // namespace

void paintGridLines(QPainter &p, const TimelineFrame &f)
{
    const Ticks t = ticksFor(f);
    const int height = f.rowsArea().height();
    for (TimeNs time = t.first; time <= f.axis.end; time += t.step)
        p.fillRect(QRect(int(std::floor(f.axis.xOf(time))), 0, 1, height), f.palette.tick);
}

void paintRuler(QPainter &p, const TimelineFrame &f, LabelCache &labels)
{
    const int width = f.size.width() - f.gutterWidth;
    p.fillRect(QRect(0, 0, f.size.width(), f.rulerHeight), f.palette.ruler);
    p.fillRect(QRect(0, f.rulerHeight - 1, f.size.width(), 1), f.palette.tick);
    p.setPen(f.palette.rulerText);
    p.setFont(f.font);
    const Ticks t = ticksFor(f);
    p.save();
    p.setClipRect(QRect(f.gutterWidth, 0, width, f.rulerHeight));
    p.translate(f.gutterWidth, 0);
    for (TimeNs time = t.first; time <= f.axis.end; time += t.step) {
        const int x = int(std::floor(f.axis.xOf(time)));
        p.fillRect(QRect(x, f.rulerHeight - 8, 1, 7), f.palette.rulerText);
        LabelCache::drawLeftCentred(p, QRect(x + 4, 0, int(kMinTickSpacing) - 8, f.rulerHeight - 2),
                                    labels.text(p, TimeFormat::offset(time - t.origin, t.step)));
    }
    p.restore();
    paintMarkerFlags(p, f);

    if (f.hasRangeSelection) {
        const double x0 = f.axis.xOf(f.selectionStart), x1 = f.axis.xOf(f.selectionEnd);
        const int centre = int(std::clamp((x0 + x1) / 2, 0.0, double(width)));
        QColor box = f.palette.rangeSelection;
        box.setAlpha(255);
        paintLabelBox(p, f, centre, TimeFormat::duration(f.selectionEnd - f.selectionStart), box);
    }
    if (f.cursorX >= 0) {
        const TimeNs time = f.axis.timeAt(f.cursorX);
        paintLabelBox(p, f, f.cursorX, TimeFormat::offset(time - t.origin, std::max<TimeNs>(1, t.step / 100)),
                      f.palette.cursor);
    }
    // Top-left corner: the visible length, so the scale is always known.
    p.setPen(f.palette.rulerText);
    LabelCache::drawLeftCentred(p, QRect(6, 0, f.gutterWidth - 12, f.rulerHeight),
                                labels.text(p, TimeFormat::tr("View: %1").arg(TimeFormat::duration(f.axis.end - f.axis.start))));
}

} // namespace tracelane
