#include "timeline/ruler_labels.h"

#include "time_format.h"
#include "timeline/timeline_frame.h"

#include <QFontMetrics>

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace tracelane {
namespace {

constexpr int kLabelGap = 3; // between a moved cursor label and the one it avoids

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

// The selection's length centred over it, its start left of its left edge and
// its end right of its right edge. A label that would cover another is left
// out, the length last; a length that does not fit inside goes after the end.
std::vector<RulerLabel> selectionLabels(const TimelineFrame &f, const RulerTicks &t)
{
    const int width = f.size.width() - f.gutterWidth;
    const double x0 = f.axis.xOf(f.selectionStart), x1 = f.axis.xOf(f.selectionEnd);
    QColor color = f.palette.rangeSelection;
    color.setAlpha(255);
    QColor edgeColor = color.darker(f.palette.dark ? 140 : 115);
    const TimeNs precision = std::max<TimeNs>(1, t.step / 100);
    const QString length = TimeFormat::duration(f.selectionEnd - f.selectionStart);
    const QString start = TimeFormat::offset(f.selectionStart - t.origin, precision);
    const QString end = TimeFormat::offset(f.selectionEnd - t.origin, precision);
    const int lw = labelBoxWidth(f, length), sw = labelBoxWidth(f, start), ew = labelBoxWidth(f, end);

    const QRect endBox = labelBoxAt(f, int(std::ceil(x1)) + 1, ew);
    const QRect startBox = labelBoxAt(f, int(std::floor(x0)) - sw, sw);
    const int centre = int(std::clamp((x0 + x1) / 2, 0.0, double(width)));
    QRect lengthBox = labelBoxAt(f, centre - lw / 2, lw);
    if (lengthBox.intersects(startBox) || lengthBox.intersects(endBox))
        lengthBox = labelBoxAt(f, endBox.right() + 1 - f.gutterWidth + 4, lw);
    using Role = RulerLabel::Role;
    std::vector<RulerLabel> labels{{Role::SelectionLength, lengthBox, length, color}};
    if (!endBox.intersects(lengthBox) && !endBox.intersects(startBox))
        labels.push_back({Role::SelectionEnd, endBox, end, edgeColor});
    if (!startBox.intersects(lengthBox))
        labels.push_back({Role::SelectionStart, startBox, start, edgeColor});
    return labels;
}

bool coversAny(const QRect &box, const std::vector<RulerLabel> &labels)
{
    return std::any_of(labels.begin(), labels.end(), [&](const RulerLabel &l) { return l.box.intersects(box); });
}

// The cursor's label centred on the cursor, or else the nearest place beside a
// selection label that covers nothing. Without such a place the selection's
// start and end labels give way.
QRect placeCursorLabel(const TimelineFrame &f, int width, std::vector<RulerLabel> &selection)
{
    const QRect centred = labelBoxAt(f, f.cursorX - width / 2, width);
    for (int attempt = 0; attempt < 2; ++attempt) {
        if (!coversAny(centred, selection))
            return centred;
        std::vector<QRect> beside;
        for (const RulerLabel &l : selection) {
            beside.push_back(labelBoxAt(f, l.box.right() + 1 + kLabelGap - f.gutterWidth, width));
            beside.push_back(labelBoxAt(f, l.box.left() - kLabelGap - width - f.gutterWidth, width));
        }
        std::stable_sort(beside.begin(), beside.end(), [&](const QRect &a, const QRect &b) {
            return std::abs(a.center().x() - centred.center().x()) < std::abs(b.center().x() - centred.center().x());
        });
        for (const QRect &box : beside)
            if (!coversAny(box, selection))
                return box;
        std::erase_if(selection, [](const RulerLabel &l) { return l.role != RulerLabel::Role::SelectionLength; });
    }
    return centred; // a view too narrow for two labels
}

} // namespace

RulerTicks rulerTicks(const TimelineFrame &f)
{
    RulerTicks t;
    t.origin = f.model ? f.model->trace().startNs : 0;
    t.step = TimeFormat::niceStep(kMinTickSpacing * f.axis.nsPerPixel());
    const TimeNs fromOrigin = f.axis.start - t.origin;
    // The first multiple of the step at or after the left edge, also before the origin.
    TimeNs k = fromOrigin / t.step;
    if (k * t.step < fromOrigin)
        ++k;
    t.first = t.origin + k * t.step;
    return t;
}

std::vector<RulerLabel> rulerLabels(const TimelineFrame &f)
{
    const RulerTicks t = rulerTicks(f);
    std::vector<RulerLabel> labels = f.hasRangeSelection ? selectionLabels(f, t) : std::vector<RulerLabel>{};
    if (f.cursorX >= 0) {
        const QString text = TimeFormat::offset(f.axis.timeAt(f.cursorX) - t.origin, std::max<TimeNs>(1, t.step / 100));
        const int width = labelBoxWidth(f, text);
        const QRect box = placeCursorLabel(f, width, labels);
        labels.push_back({RulerLabel::Role::Cursor, box, text, f.palette.cursor});
    }
    return labels;
}

} // namespace tracelane
