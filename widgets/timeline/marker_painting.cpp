#include "timeline/marker_painting.h"

#include <QFontMetrics>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace tracelane {
namespace {

constexpr int kFlagMaxTextWidth = 140;
constexpr int kFlagHeight = 14;
constexpr int kSpanBarHeight = 3;
constexpr int kMinFlagWidth = 6;

// Time-area x of a time, kept within a few pixels of the view so huge zooms
// cannot overflow an int.
int xOf(const TimelineFrame &f, TimeNs t)
{
    return int(std::floor(std::clamp(f.axis.xOf(t), -4.0, f.axis.width + 4.0)));
}

bool inView(const TimelineFrame &f, const Marker &m)
{
    return m.end.value_or(m.time) >= f.axis.start && m.time <= f.axis.end;
}

QFont flagFont(const TimelineFrame &f)
{
    QFont font = f.font;
    font.setPixelSize(10);
    return font;
}

} // namespace

// A set holds at most MarkerSet::kMaxMarkers, so one pass over it per frame is cheap.
std::vector<MarkerFlag> markerFlags(const TimelineFrame &f)
{
    std::vector<MarkerFlag> flags;
    if (!f.markers)
        return flags;
    const QFontMetrics metrics(flagFont(f));
    for (std::size_t i = 0; i < f.markers->size(); ++i) {
        const Marker &m = (*f.markers)[i];
        if (!inView(f, m))
            continue;
        const int x = f.gutterWidth + std::max(0, xOf(f, m.time));
        const int width = std::min(metrics.horizontalAdvance(m.name), kFlagMaxTextWidth) + 8;
        flags.push_back({int(i), QRect(x, 1, width, kFlagHeight)});
    }
    // Markers are sorted by time, so flags by x: each ends where the next begins,
    // keeping at least a tab to click.
    for (std::size_t i = 0; i + 1 < flags.size(); ++i) {
        QRect &r = flags[i].rect;
        r.setWidth(std::clamp(flags[i + 1].rect.left() - 1 - r.left(), kMinFlagWidth, r.width()));
    }
    return flags;
}

int markerFlagAt(const TimelineFrame &f, QPoint pos)
{
    const auto flags = markerFlags(f);
    for (auto it = flags.rbegin(); it != flags.rend(); ++it)
        if (it->rect.adjusted(-1, 0, 0, f.rulerHeight - kFlagHeight - 1).contains(pos))
            return it->index;
    return -1;
}

void paintMarkerLines(QPainter &p, const TimelineFrame &f)
{
    if (!f.markers)
        return;
    const int height = f.rowsArea().height();
    for (std::size_t i = 0; i < f.markers->size(); ++i) {
        const Marker &m = (*f.markers)[i];
        if (!inView(f, m))
            continue;
        const int width = int(i) == f.selectedMarker ? 2 : 1;
        if (m.time >= f.axis.start)
            p.fillRect(QRect(xOf(f, m.time), 0, width, height), m.color);
        if (m.end && *m.end <= f.axis.end)
            p.fillRect(QRect(xOf(f, *m.end), 0, width, height), m.color);
    }
}

void paintMarkerFlags(QPainter &p, const TimelineFrame &f)
{
    if (!f.markers)
        return;
    p.save();
    p.setClipRect(QRect(f.gutterWidth, 0, f.size.width() - f.gutterWidth, f.rulerHeight));
    // Spans first: a bar along the ruler's foot from start to end.
    for (const Marker &m : *f.markers) {
        if (m.end && inView(f, m)) {
            const int x0 = xOf(f, m.time), x1 = xOf(f, *m.end);
            p.fillRect(
                QRect(f.gutterWidth + x0, f.rulerHeight - 1 - kSpanBarHeight, std::max(1, x1 - x0 + 1), kSpanBarHeight),
                m.color);
        }
    }
    const QFont font = flagFont(f);
    const QFontMetrics metrics(font);
    p.setFont(font);
    for (const MarkerFlag &flag : markerFlags(f)) {
        const Marker &m = (*f.markers)[std::size_t(flag.index)];
        p.fillRect(QRect(flag.rect.left(), flag.rect.top(), 1, f.rulerHeight - flag.rect.top()), m.color);
        p.fillRect(flag.rect, m.color);
        if (flag.index == f.selectedMarker) {
            p.setPen(QPen(f.palette.selectionOutline, 1));
            p.setBrush(Qt::NoBrush);
            p.drawRect(flag.rect.adjusted(0, 0, -1, -1));
        }
        const QRect textRect = flag.rect.adjusted(4, 0, -2, 0);
        const QString text = metrics.elidedText(m.name, Qt::ElideRight, textRect.width());
        if (textRect.width() < 12 || text.size() < 2)
            continue;
        p.setPen(f.palette.textOn(m.color.rgb()));
        p.drawText(textRect, Qt::AlignVCenter | Qt::AlignLeft, text);
    }
    p.restore();
}

} // namespace tracelane
