// The time ruler: ticks at 1/2/5 steps at least ~110 px apart, labelled as the
// offset from the trace start in the unit the step needs; the cursor readout;
// the time selection's start, end and length; marker flags.
#include "timeline/label_cache.h"
#include "timeline/marker_painting.h"
#include "time_format.h"
#include "timeline/timeline_painter.h"

#include <QFontMetrics>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <vector>

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

int labelBoxWidth(const TimelineFrame &f, const QString &text)
{
    return QFontMetrics(f.font).horizontalAdvance(text) + 10;
}

// A box of `width` whose left edge is at time-area x `left`, kept inside the time area.
QRect labelBoxAt(const TimelineFrame &f, int left, int width)
{
    const int areaRight = f.size.width();
    left = std::clamp(f.gutterWidth + left, f.gutterWidth, std::max(f.gutterWidth, areaRight - width));
    return QRect(left, 3, width, f.rulerHeight - 6);
}

void paintLabelIn(QPainter &p, const TimelineFrame &f, const QRect &box, const QString &text, const QColor &color)
{
    p.fillRect(box, color);
    p.setPen(f.palette.textOn(color.rgb()));
    p.drawText(box, Qt::AlignCenter, text);
}

struct RulerLabel
{
    QRect box;
    QString text;
    QColor color;
};

// The selection's length centred over it, its start left of its left edge and
// its end right of its right edge. A label that would cover another is left
// out, the length last; a length that does not fit inside goes after the end.
std::vector<RulerLabel> selectionLabels(const TimelineFrame &f, TimeNs origin, TimeNs step)
{
    const int width = f.size.width() - f.gutterWidth;
    const double x0 = f.axis.xOf(f.selectionStart), x1 = f.axis.xOf(f.selectionEnd);
    QColor color = f.palette.rangeSelection;
    color.setAlpha(255);
    QColor edgeColor = color.darker(f.palette.dark ? 140 : 115);
    const TimeNs precision = std::max<TimeNs>(1, step / 100);
    const QString length = TimeFormat::duration(f.selectionEnd - f.selectionStart);
    const QString start = TimeFormat::offset(f.selectionStart - origin, precision);
    const QString end = TimeFormat::offset(f.selectionEnd - origin, precision);
    const int lw = labelBoxWidth(f, length), sw = labelBoxWidth(f, start), ew = labelBoxWidth(f, end);

    const QRect endBox = labelBoxAt(f, int(std::ceil(x1)) + 1, ew);
    const QRect startBox = labelBoxAt(f, int(std::floor(x0)) - sw, sw);
    const int centre = int(std::clamp((x0 + x1) / 2, 0.0, double(width)));
    QRect lengthBox = labelBoxAt(f, centre - lw / 2, lw);
    if (lengthBox.intersects(startBox) || lengthBox.intersects(endBox))
        lengthBox = labelBoxAt(f, endBox.right() + 1 - f.gutterWidth + 4, lw);
    std::vector<RulerLabel> labels{{lengthBox, length, color}};
    if (!endBox.intersects(lengthBox) && !endBox.intersects(startBox))
        labels.push_back({endBox, end, edgeColor});
    if (!startBox.intersects(lengthBox))
        labels.push_back({startBox, start, edgeColor});
    return labels;
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
    std::vector<RulerLabel> boxes =
        f.hasRangeSelection ? selectionLabels(f, t.origin, t.step) : std::vector<RulerLabel>{};
    if (f.cursorX >= 0) {
        const QString text = TimeFormat::offset(f.axis.timeAt(f.cursorX) - t.origin, std::max<TimeNs>(1, t.step / 100));
        const int w = labelBoxWidth(f, text);
        boxes.push_back({labelBoxAt(f, f.cursorX - w / 2, w), text, f.palette.cursor});
    }
    p.save();
    p.setClipRect(QRect(f.gutterWidth, 0, width, f.rulerHeight));
    p.translate(f.gutterWidth, 0);
    const QFontMetrics metrics(f.font);
    for (TimeNs time = t.first; time <= f.axis.end; time += t.step) {
        const int x = int(std::floor(f.axis.xOf(time)));
        p.fillRect(QRect(x, f.rulerHeight - 8, 1, 7), f.palette.rulerText);
        const QString text = TimeFormat::offset(time - t.origin, t.step);
        // A tick label half hidden under a selection or cursor label reads as garbage: leave it out.
        const QRect textRect(f.gutterWidth + x + 4, 0, metrics.horizontalAdvance(text), f.rulerHeight);
        if (std::any_of(boxes.begin(), boxes.end(),
                        [&](const RulerLabel &l) { return l.box.intersects(textRect); }))
            continue;
        LabelCache::drawLeftCentred(p, QRect(x + 4, 0, int(kMinTickSpacing) - 8, f.rulerHeight - 2),
                                    labels.text(p, text));
    }
    p.restore();
    paintMarkerFlags(p, f);

    for (const RulerLabel &label : boxes) // the cursor's last, on top
        paintLabelIn(p, f, label.box, label.text, label.color);
    // Top-left corner: the visible length, so the scale is always known.
    p.setPen(f.palette.rulerText);
    LabelCache::drawLeftCentred(p, QRect(6, 0, f.gutterWidth - 12, f.rulerHeight),
                                labels.text(p, TimeFormat::tr("View: %1").arg(TimeFormat::duration(f.axis.end - f.axis.start))));
}

} // namespace tracelane
