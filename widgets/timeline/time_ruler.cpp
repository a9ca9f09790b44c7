// The time ruler: ticks at 1/2/5 steps at least ~110 px apart, labelled as the
// offset from the trace start in the unit the step needs; the cursor readout
// and the time selection's start, end and length (ruler_labels.h); marker flags.
#include "timeline/label_cache.h"
#include "timeline/marker_painting.h"
#include "time_format.h"
#include "timeline/ruler_labels.h"
#include "timeline/timeline_painter.h"

#include <QFontMetrics>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <vector>

namespace tracelane {
namespace {

void paintLabelIn(QPainter &p, const TimelineFrame &f, const QRect &box, const QString &text, const QColor &color)
{
    p.fillRect(box, color);
    p.setPen(f.palette.textOn(color.rgb()));
    p.drawText(box, Qt::AlignCenter, text);
}

} // namespace

void paintGridLines(QPainter &p, const TimelineFrame &f)
{
    const RulerTicks t = rulerTicks(f);
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
    const RulerTicks t = rulerTicks(f);
    const std::vector<RulerLabel> boxes = rulerLabels(f);
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

    for (const RulerLabel &label : boxes)
        paintLabelIn(p, f, label.box, label.text, label.color);
    // Top-left corner: the visible length, so the scale is always known.
    p.setPen(f.palette.rulerText);
    LabelCache::drawLeftCentred(p, QRect(6, 0, f.gutterWidth - 12, f.rulerHeight),
                                labels.text(p, TimeFormat::tr("View: %1").arg(TimeFormat::duration(f.axis.end - f.axis.start))));
}

} // namespace tracelane
