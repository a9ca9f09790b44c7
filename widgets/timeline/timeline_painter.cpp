#include "timeline/timeline_painter.h"

#include "timeline/counter_lane_text.h"
#include "timeline/efficiency_lane_text.h"
#include "timeline/label_cache.h"
#include "timeline/marker_painting.h"

#include <QFontMetrics>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace tracelane {

QString LaneHandleText::more(int rows)
{
    return rows == 1 ? tr("▸ 1 more row") : tr("▸ %1 more rows").arg(rows);
}

QString LaneHandleText::fewer()
{
    return tr("▾ fewer rows");
}

namespace {

constexpr int kIndent = 14;     // per tree level in the gutter
constexpr int kMinLabelWidth = 28; // narrower boxes get no name

QString nameText(const Trace &trace, StringId name)
{
    const std::string_view v = trace.strings.view(name);
    return QString::fromUtf8(v.data(), qsizetype(v.size()));
}

void paintBandBackgrounds(QPainter &p, const TimelineFrame &f, int width)
{
    const auto &rows = f.rows->rows;
    forEachRowInView(*f.rows, f.scrollY, f.rowsArea().height(), [&](const LayoutRow &row, int top, int clipTop) {
        const int from = std::max(top, clipTop);
        const QRect band(0, from, width, top + row.span.height - from);
        if (band.height() <= 0)
            return;
        if (row.isGroup)
            p.fillRect(band, f.palette.groupHeader);
        else if ((&row - rows.data()) % 2)
            p.fillRect(band, f.palette.alternateRow);
    });
}

// The pinned band's lower edge, across gutter and lanes.
void paintPinnedEdge(QPainter &p, const TimelineFrame &f)
{
    if (f.rows->pinnedHeight <= 0)
        return;
    p.fillRect(QRect(0, f.rulerHeight + f.rows->pinnedHeight - 1, f.size.width(), 2), f.palette.tick);
}

// One drawRects per colour; the batches never overlap, so their order is free.
void paintFills(QPainter &p, const std::vector<FillBatch> &fills, const std::vector<QRect> &rects)
{
    p.setPen(Qt::NoPen);
    for (const FillBatch &batch : fills) {
        p.setBrush(QColor(batch.color));
        p.drawRects(rects.data() + batch.first, int(batch.count));
    }
    p.setBrush(Qt::NoBrush);
}

// A queue depth lane's scale, right-aligned in its title's line (in the lane
// it would hide the bars it measures); returns what is left for the title.
QRect paintQueueMaximum(QPainter &p, const TimelineFrame &f, LabelCache &labels, const LayoutRow &row, QRect line)
{
    const StreamQueue *queue = f.model->efficiency().queue(std::uint32_t(row.track));
    if (!queue)
        return line;
    const QStaticText &text = labels.text(p, EfficiencyLaneText::queueMaximum(queue->max));
    const int width = int(std::ceil(text.size().width()));
    p.setPen(f.palette.chartLabel);
    LabelCache::drawLeftCentred(p, QRect(line.right() + 1 - width, line.top(), width, line.height()), text);
    p.setPen(f.palette.gutterText);
    return line.adjusted(0, 0, -width - 6, 0);
}

// A counter lane's scale (its largest sample), placed as a queue lane's.
QRect paintCounterMaximum(QPainter &p, const TimelineFrame &f, LabelCache &labels, const LayoutRow &row, QRect line)
{
    const auto track = std::uint32_t(row.track);
    const double maximum = f.model->counterMaximum(track);
    if (maximum <= 0)
        return line;
    const QStaticText &text = labels.text(p, CounterLaneText::value(f.model->trace().tracks[track], maximum));
    const int width = int(std::ceil(text.size().width()));
    p.setPen(f.palette.chartLabel);
    LabelCache::drawLeftCentred(p, QRect(line.right() + 1 - width, line.top(), width, line.height()), text);
    p.setPen(f.palette.gutterText);
    return line.adjusted(0, 0, -width - 6, 0);
}

void paintLabels(QPainter &p, const TimelineFrame &f, LabelCache &labels)
{
    const Trace &trace = f.model->trace();
    for (const DrawBand &band : f.geometry->bands) {
        if (band.isChart())
            continue;
        const auto &events = trace.tracks[band.track].events;
        const auto first = f.geometry->items.begin() + band.firstItem;
        for (auto it = first; it != first + band.itemCount; ++it) {
            if (it->count != 1 || it->rect.width() < kMinLabelWidth || it->rect.height() < 8)
                continue;
            const QRect textRect = it->rect.adjusted(3, 0, -3, 0).intersected(QRect(0, it->rect.top(), int(f.axis.width), it->rect.height()));
            if (textRect.width() < kMinLabelWidth - 6)
                continue;
            const StringId name = events[it->event].name;
            const QStaticText &text = labels.name(p, name, textRect.width(), [&] { return nameText(trace, name); });
            if (text.text().size() < 2)
                continue;
            p.setPen(f.palette.textOn(it->color));
            LabelCache::drawLeftCentred(p, textRect, text);
        }
    }
}

void paintOutline(QPainter &p, const TimelineFrame &f, EventRef ref, const QColor &color, int width)
{
    const auto rect = f.eventRect(ref);
    if (!rect)
        return;
    QRect r = rect->toAlignedRect();
    r.setWidth(std::max(r.width(), 3));
    p.setPen(QPen(color, width));
    p.setBrush(Qt::NoBrush);
    p.drawRect(r.adjusted(0, 0, -1, -1));
}

// A pinned lane is out of its group, so its title says where it belongs.
QString gutterLabel(const TimelineFrame &f, const LayoutRow &row)
{
    const TrackLayout &layout = f.model->layout();
    const TrackNode &node = layout.node(row.node);
    if (!row.pinned || node.parent < 0)
        return node.label;
    return node.label + QStringLiteral(" · ") + layout.node(node.parent).label;
}

// "▸ 10 more rows" on a folded deep lane's last row, "▾ fewer rows" once expanded.
void paintExpandHandle(QPainter &p, const TimelineFrame &f, LabelCache &labels, const LayoutRow &row)
{
    const auto handle = f.expandHandle(row);
    if (!handle)
        return;
    const QString text = row.levels < row.allLevels ? LaneHandleText::more(row.allLevels - row.levels)
                                                    : LaneHandleText::fewer();
    p.setPen(f.palette.chartLabel);
    const QStaticText &label = labels.text(p, text, handle->width());
    const int width = int(std::ceil(label.size().width()));
    LabelCache::drawLeftCentred(p, QRect(handle->right() + 1 - width, handle->top(), width, handle->height()), label);
}

void paintGutterRow(QPainter &p, const TimelineFrame &f, LabelCache &labels, const LayoutRow &row, int top)
{
    const TrackNode &node = f.model->layout().node(row.node);
    const int x = 4 + row.indent * kIndent;
    const int lineHeight = row.isGroup ? row.span.height : std::min(row.span.height, f.metrics.rowHeight);
    if (row.isGroup) {
        p.fillRect(QRect(0, top, f.gutterWidth, row.span.height), f.palette.groupHeader);
        // Expand / collapse triangle, clicked in TimelineView.
        const int cx = x + 4, cy = top + row.span.height / 2;
        QPolygon triangle;
        if (node.expanded)
            triangle << QPoint(cx - 4, cy - 2) << QPoint(cx + 4, cy - 2) << QPoint(cx, cy + 3);
        else
            triangle << QPoint(cx - 2, cy - 4) << QPoint(cx + 3, cy) << QPoint(cx - 2, cy + 4);
        p.setPen(Qt::NoPen);
        p.setBrush(f.palette.gutterText);
        p.drawPolygon(triangle);
        QFont bold = f.font;
        bold.setBold(true);
        p.setFont(bold);
        p.setPen(f.palette.gutterText);
        const QRect textRect(x + 12, top, f.gutterWidth - x - 16, lineHeight);
        LabelCache::drawLeftCentred(p, textRect, labels.text(p, node.label, textRect.width()));
        return;
    }
    p.setFont(f.font);
    if (row.pinned) // a mark of the pinned band, beside the title
        p.fillRect(QRect(x + 2, top + 4, 3, lineHeight - 8), f.palette.selectionOutline);
    p.setPen(f.palette.gutterText);
    QRect textRect(x + 12, top, f.gutterWidth - x - 16, lineHeight);
    if (row.lane == LaneKind::QueueDepth)
        textRect = paintQueueMaximum(p, f, labels, row, textRect);
    else if (row.lane == LaneKind::Counter && row.track >= 0)
        textRect = paintCounterMaximum(p, f, labels, row, textRect);
    LabelCache::drawLeftCentred(p, textRect, labels.text(p, gutterLabel(f, row), textRect.width()));
    paintExpandHandle(p, f, labels, row);
    p.setPen(f.palette.gutterText);
    p.fillRect(QRect(0, top + row.span.height - 1, f.gutterWidth, 1), f.palette.tick);
}

void paintGutter(QPainter &p, const TimelineFrame &f, LabelCache &labels)
{
    const QRect area(0, f.rulerHeight, f.gutterWidth, f.rowsArea().height());
    p.fillRect(area, f.palette.gutter);
    p.save();
    p.setClipRect(area);
    p.translate(0, f.rulerHeight);
    const int height = area.height();
    forEachRowInView(*f.rows, f.scrollY, height, [&](const LayoutRow &row, int top, int clipTop) {
        p.setClipRect(QRect(0, clipTop, f.gutterWidth, height - clipTop));
        paintGutterRow(p, f, labels, row, top);
    });
    p.restore();
    p.fillRect(QRect(f.gutterWidth - 1, f.rulerHeight, 1, height), f.palette.tick);
}

void paintRangeSelection(QPainter &p, const TimelineFrame &f, int height)
{
    if (!f.hasRangeSelection)
        return;
    const double x0 = std::clamp(f.axis.xOf(f.selectionStart), -2.0, f.axis.width + 2.0);
    const double x1 = std::clamp(f.axis.xOf(f.selectionEnd), -2.0, f.axis.width + 2.0);
    const QRect band(int(x0), 0, std::max(1, int(x1) - int(x0)), height);
    // With lanes chosen, the rest of the band is only a hint of the time range.
    QColor fill = f.palette.rangeSelection;
    if (!f.areaTracks.empty())
        fill.setAlpha(fill.alpha() / 2);
    p.fillRect(band, fill);
    QColor edge = f.palette.rangeSelection;
    edge.setAlpha(200);
    p.fillRect(QRect(band.left(), 0, 1, height), edge);
    p.fillRect(QRect(band.right(), 0, 1, height), edge);
    // The selected lanes' part of the band, tinted twice and edged.
    if (!f.rows)
        return;
    std::vector<int> laneRows; // several tracks share the row of a collapsed group
    for (std::uint32_t track : f.areaTracks)
        if (track < f.rows->rowOfTrack.size() && f.rows->rowOfTrack[track] >= 0)
            laneRows.push_back(f.rows->rowOfTrack[track]);
    std::sort(laneRows.begin(), laneRows.end());
    laneRows.erase(std::unique(laneRows.begin(), laneRows.end()), laneRows.end());
    for (int row : laneRows) {
        const RowSpan &span = f.rows->rows[std::size_t(row)].span;
        const QRect lane(band.left(), f.rows->screenY(span.top, f.scrollY), band.width(), span.height);
        if (lane.bottom() < 0 || lane.top() > height)
            continue;
        p.fillRect(lane, f.palette.rangeSelection);
        p.fillRect(lane, f.palette.rangeSelection);
        p.fillRect(lane, fill);
        p.fillRect(QRect(lane.left(), lane.top(), lane.width(), 1), edge);
        p.fillRect(QRect(lane.left(), lane.bottom(), lane.width(), 1), edge);
    }
}

// Each counter lane's value at the selection (an event, else a range): a line
// at its start (and end) and the value there, on a plate so the area under it stays readable.
void paintCounterValuesAtSelection(QPainter &p, const TimelineFrame &f, LabelCache &labels)
{
    TimeNs start = 0, end = 0;
    if (f.selected.isValid()) {
        const Event &e = f.model->trace().event(f.selected);
        start = e.start;
        end = e.end();
    } else if (f.hasRangeSelection) {
        start = f.selectionStart;
        end = f.selectionEnd;
    } else {
        return;
    }
    const Trace &trace = f.model->trace();
    const int width = int(f.axis.width);
    const int x0 = int(std::floor(std::clamp(f.axis.xOf(start), -2.0, width + 2.0)));
    const int x1 = int(std::floor(std::clamp(f.axis.xOf(end), -2.0, width + 2.0)));
    for (const DrawBand &band : f.geometry->bands) {
        if (band.lane != LaneKind::Counter || band.span.height < 12)
            continue;
        const QString value = CounterLaneText::atSelection(trace.tracks[band.track], start, end);
        if (value.isEmpty())
            continue;
        p.fillRect(QRect(x0, band.span.top, 1, band.span.height), f.palette.selectionOutline);
        if (x1 > x0)
            p.fillRect(QRect(x1, band.span.top, 1, band.span.height), f.palette.selectionOutline);
        const QStaticText &text = labels.text(p, value);
        const int textWidth = int(std::ceil(text.size().width()));
        const int lineHeight = QFontMetrics(p.font()).height();
        // Right of the start line, or left of it where the lane ends first.
        int left = x0 + 4;
        if (left + textWidth + 4 > width)
            left = std::max(0, x0 - textWidth - 8);
        const QRect plate(left, band.span.top + 1, textWidth + 6, std::min(lineHeight + 2, band.span.height - 2));
        p.fillRect(plate, f.palette.background);
        p.setPen(f.palette.text);
        LabelCache::drawLeftCentred(p, plate.adjusted(3, 0, -3, 0), text);
    }
}

} // namespace

void paintTimeline(QPainter &p, const TimelineFrame &f)
{
    LabelCache frameOnly;
    LabelCache &labels = f.labels ? *f.labels : frameOnly;
    labels.setSource(f.model ? &f.model->trace() : nullptr);
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setFont(f.font);
    p.fillRect(QRect(QPoint(0, 0), f.size), f.palette.background);
    if (f.model && f.model->trace().isEmpty()) { // no time to show: a bare ruler, no made-up ticks
        p.fillRect(QRect(0, 0, f.size.width(), f.rulerHeight), f.palette.ruler);
        p.fillRect(QRect(0, f.rulerHeight - 1, f.size.width(), 1), f.palette.tick);
        return;
    }
    if (!f.model || !f.rows || !f.geometry) {
        paintRuler(p, f, labels);
        return;
    }
    const QRect area = f.rowsArea();
    p.save();
    p.setClipRect(area);
    p.translate(area.topLeft());
    paintBandBackgrounds(p, f, area.width());
    paintFills(p, f.geometry->shadeFills, f.geometry->shadeRects); // idle gaps lie under everything
    paintGridLines(p, f);
    paintFills(p, f.geometry->fills, f.geometry->fillRects);
    paintLabels(p, f, labels);
    for (const EventRef &partner : f.partners)
        paintOutline(p, f, partner, f.palette.partnerOutline, 2);
    if (f.selected.isValid())
        paintOutline(p, f, f.selected, f.palette.selectionOutline, 2);
    paintFlows(p, f);
    paintRangeSelection(p, f, area.height());
    paintCounterValuesAtSelection(p, f, labels);
    paintMarkerLines(p, f);
    if (f.cursorX >= 0)
        p.fillRect(QRect(f.cursorX, 0, 1, area.height()), f.palette.cursor);
    p.restore();
    paintGutter(p, f, labels);
    paintPinnedEdge(p, f);
    paintRuler(p, f, labels);
}

} // namespace tracelane
