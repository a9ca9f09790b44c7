#include "qcustomplot_include.h" // first: see there

#include "active_memory_chart.h"

#include "byte_axis_ticker.h"
#include "byte_format.h"
#include "chart_style.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>

#include <algorithm>
#include <array>
#include <cmath>
#include <set>

namespace tracelane::charts {
namespace {

// The series colours that stay apart from each other (the palette's later
// blue, green and yellow are close to its first ones).
constexpr std::array<int, 8> kBandColors = {0, 1, 2, 3, 4, 5, 6, 10};

// A stable colour per allocation: its address picks one, so that the same
// tensor of every training step (the caching allocator hands it the same
// block) has the same colour; the next one where that is the colour of the
// band it was put on.
std::vector<QColor> bandColors(const SnapshotTimeline &timeline, const SnapshotAllocations &allocations)
{
    std::vector<std::size_t> picked(timeline.bands.size());
    std::vector<std::size_t> below; // bands still alive, the latest on top
    for (std::size_t b = 0; b < timeline.bands.size(); ++b) {
        const TimelineBand &band = timeline.bands[b];
        const std::uint64_t h = (allocations.allocations[band.allocation].address >> 9) * 0x9E3779B97F4A7C15ull;
        std::size_t color = std::size_t((h >> 40) % kBandColors.size());
        if (!band.pieces.empty()) {
            // A band goes on top of the latest one still alive: those freed
            // before it was made leave the stack here (each once).
            const TimeNs made = band.pieces.front().from;
            while (!below.empty() && timeline.bands[below.back()].pieces.back().to <= made)
                below.pop_back();
            if (!below.empty() && picked[below.back()] == color)
                color = (color + 1) % kBandColors.size();
            below.push_back(b);
        }
        picked[b] = color;
    }
    std::vector<QColor> colors;
    colors.reserve(picked.size());
    for (std::size_t c : picked)
        colors.push_back(seriesColor(kBandColors[c]));
    return colors;
}

// The summarised allocations: a run of rectangles, one per step or envelope of
// steps, filled column by column. A single outline polygon of thousands of
// steps costs Qt's rasteriser about a second (the edges of every step cross
// the scanlines of the others); rectangles merged per pixel column cost what
// the plot is wide.
class SummaryBand : public QCPAbstractPlottable
{
public:
    struct Span
    {
        double from, to, bottom, top; // plot coordinates
    };

    SummaryBand(QCPAxis *keyAxis, QCPAxis *valueAxis, std::vector<Span> spans)
        : QCPAbstractPlottable(keyAxis, valueAxis)
        , m_spans(std::move(spans))
    {
        setSelectable(QCP::stNone);
    }

    double selectTest(const QPointF &, bool, QVariant *) const override { return -1; }

    QCPRange getKeyRange(bool &foundRange, QCP::SignDomain) const override
    {
        foundRange = !m_spans.empty();
        return foundRange ? QCPRange(m_spans.front().from, m_spans.back().to) : QCPRange();
    }

    QCPRange getValueRange(bool &foundRange, QCP::SignDomain, const QCPRange &) const override
    {
        foundRange = !m_spans.empty();
        QCPRange range(0, 0);
        for (const Span &s : m_spans)
            range.upper = std::max(range.upper, s.top);
        return range;
    }

protected:
    void draw(QCPPainter *painter) override
    {
        QCPAxis *keyAxis = mKeyAxis.data();
        QCPAxis *valueAxis = mValueAxis.data();
        if (!keyAxis || !valueAxis || m_spans.empty())
            return;
        // A span a pixel wide or more is a rectangle of its own; those narrower
        // share their pixel column: one rectangle, their lowest bottom to their
        // highest top.
        QVector<QRectF> rects;
        double column = 0, low = 0, high = 0;
        bool open = false;
        const auto flush = [&] {
            if (open)
                rects << QRectF(QPointF(column, high), QPointF(column + 1, low));
            open = false;
        };
        for (const Span &s : m_spans) {
            const double x0 = std::floor(keyAxis->coordToPixel(s.from));
            const double x1 = std::floor(keyAxis->coordToPixel(s.to));
            const double y0 = valueAxis->coordToPixel(s.bottom), y1 = valueAxis->coordToPixel(s.top);
            if (x1 > x0) {
                flush();
                rects << QRectF(QPointF(x0, y1), QPointF(x1, y0));
                continue;
            }
            if (open && x0 != column)
                flush();
            if (!open) {
                column = x0, low = y0, high = y1;
                open = true;
            }
            low = std::max(low, y0); // pixels grow downwards
            high = std::min(high, y1);
        }
        flush();
        painter->setAntialiasing(false);
        painter->setPen(Qt::NoPen);
        painter->setBrush(mBrush);
        painter->drawRects(rects);
    }

    void drawLegendIcon(QCPPainter *painter, const QRectF &rect) const override
    {
        painter->setPen(Qt::NoPen);
        painter->setBrush(mBrush);
        painter->drawRect(rect);
    }

private:
    std::vector<Span> m_spans;
};

} // namespace

ActiveMemoryChart::ActiveMemoryChart(QWidget *parent)
    : ChartView(parent)
{
    setTitle(tr("Active memory: every allocation as a block, stacked as allocated"));
    auto *label = new QLabel(tr("Device:"), this);
    m_deviceBox = new QComboBox(this);
    controls()->addWidget(label);
    controls()->addWidget(m_deviceBox);
    m_streamBox = new QComboBox(this);
    controls()->addWidget(new QLabel(tr("Stream:"), this));
    controls()->addWidget(m_streamBox);
    controls()->addStretch(1);
    connect(m_streamBox, &QComboBox::activated, this, [this](int index) {
        if (index == 0)
            setStream(std::nullopt);
        else if (std::size_t(index) <= m_streams.size())
            setStream(m_streams[std::size_t(index) - 1]);
    });
    connect(m_deviceBox, &QComboBox::activated, this, [this](int index) {
        if (index >= 0 && std::size_t(index) < m_devices.size())
            setDevice(m_devices[std::size_t(index)]);
    });
    connect(plot(), &QCustomPlot::mouseMove, this,
            [this](QMouseEvent *event) { showToolTip(event->pos(), toolTipAt(event->pos())); });
    connect(plot(), &QCustomPlot::mousePress, this, [this](QMouseEvent *event) {
        const int band = bandAt(event->pos());
        if (band >= 0)
            emit allocationClicked(m_timeline.bands[std::size_t(band)].allocation);
    });
    setTrace(nullptr);
}

void ActiveMemoryChart::setTrace(std::shared_ptr<const Trace> trace)
{
    m_trace = trace && trace->memorySnapshot ? std::move(trace) : nullptr;
    m_allocations = m_trace ? snapshotAllocations(*m_trace->memorySnapshot) : SnapshotAllocations{};
    m_devices.clear();
    if (m_trace) {
        const MemorySnapshot &snapshot = *m_trace->memorySnapshot;
        std::set<std::int32_t> devices;
        for (std::size_t d = 0; d < snapshot.deviceTraces.size(); ++d)
            if (!snapshot.deviceTraces[d].empty())
                devices.insert(std::int32_t(d));
        for (const SnapshotSegment &s : snapshot.segments)
            devices.insert(s.device);
        m_devices.assign(devices.begin(), devices.end());
    }
    m_deviceBox->clear();
    for (std::int32_t d : m_devices)
        m_deviceBox->addItem(tr("GPU %1").arg(d));
    m_deviceBox->setEnabled(m_devices.size() > 1);
    setDevice(m_devices.empty() ? 0 : m_devices.front());
}

void ActiveMemoryChart::setDevice(std::int32_t device)
{
    m_timeline.device = device;
    const auto it = std::find(m_devices.begin(), m_devices.end(), device);
    if (it != m_devices.end())
        m_deviceBox->setCurrentIndex(int(it - m_devices.begin()));
    fillStreams();
    setStream(std::nullopt);
}

void ActiveMemoryChart::fillStreams()
{
    std::set<std::int64_t> streams;
    for (const SnapshotAllocation &a : m_allocations.allocations)
        if (a.device == m_timeline.device)
            streams.insert(a.stream);
    m_streams.assign(streams.begin(), streams.end());
    m_streamBox->clear();
    m_streamBox->addItem(tr("All streams"));
    for (std::int64_t stream : m_streams)
        m_streamBox->addItem(QString::number(stream));
    m_streamBox->setEnabled(m_streams.size() > 1);
}

void ActiveMemoryChart::setStream(std::optional<std::int64_t> stream)
{
    const std::int32_t device = m_timeline.device;
    m_timeline = m_trace ? snapshotTimeline(*m_trace->memorySnapshot, m_allocations, device, stream, kMaxPieces)
                         : SnapshotTimeline{};
    m_timeline.device = device;
    m_timeline.stream = stream;
    const auto it = stream ? std::find(m_streams.begin(), m_streams.end(), *stream) : m_streams.end();
    m_streamBox->setCurrentIndex(it == m_streams.end() ? 0 : int(it - m_streams.begin()) + 1);
    draw();
}

void ActiveMemoryChart::draw()
{
    QCustomPlot *p = plot();
    p->clearPlottables();
    p->clearItems();
    m_curves.clear();
    const bool timed = m_trace && m_trace->memorySnapshot->timed;
    const TimeNs span = std::max<TimeNs>(m_timeline.end - m_timeline.start, 1);
    const TimeScale scale = timed ? timeScaleFor(span) : TimeScale{1.0, QString()};
    m_nsPerUnit = scale.nsPerUnit;
    m_origin = timed ? m_timeline.start : 0; // a timed axis starts at the device's first entry

    // One closed outline per band: along its top piece by piece, back along its bottom.
    const auto addOutline = [&](QCPCurve *curve, const std::vector<std::pair<TimeNs, TimeNs>> &spans,
                                const std::vector<std::pair<std::int64_t, std::int64_t>> &levels) {
        QVector<double> keys, values;
        for (std::size_t i = 0; i < spans.size(); ++i) {
            keys << keyOf(spans[i].first) << keyOf(spans[i].second);
            values << double(levels[i].second) << double(levels[i].second);
        }
        for (std::size_t i = spans.size(); i-- > 0;) {
            keys << keyOf(spans[i].second) << keyOf(spans[i].first);
            values << double(levels[i].first) << double(levels[i].first);
        }
        curve->setData(keys, values);
    };
    std::vector<std::pair<TimeNs, TimeNs>> spans;
    std::vector<std::pair<std::int64_t, std::int64_t>> levels;
    // The bands are too many for a legend entry each (QCustomPlot would add one per curve).
    const bool autoLegend = p->autoAddPlottableToLegend();
    p->setAutoAddPlottableToLegend(false);
    const std::vector<QColor> colors = bandColors(m_timeline, m_allocations);
    for (const TimelineBand &band : m_timeline.bands) {
        const SnapshotAllocation &a = m_allocations.allocations[band.allocation];
        spans.clear();
        levels.clear();
        for (const TimelinePiece &piece : band.pieces) {
            spans.push_back({piece.from, std::max(piece.to, piece.from + 1)});
            levels.push_back({piece.offset, piece.offset + a.size});
        }
        auto *curve = new QCPCurve(p->xAxis, p->yAxis);
        const QColor &color = colors[m_curves.size()];
        curve->setPen(QPen(color.darker(140), 0.5));
        curve->setBrush(color);
        curve->setSelectable(QCP::stNone);
        addOutline(curve, spans, levels);
        m_curves.push_back(curve);
    }
    if (!m_timeline.summarized.empty()) {
        std::vector<SummaryBand::Span> envelopes;
        // A long trace has a step per entry: beyond kMaxSummarySteps, each run of
        // steps is drawn as its envelope (lowest bottom, highest top), so the
        // outline costs a few thousand vertices, not one per entry.
        const std::vector<SummarizedStep> &steps = m_timeline.summarized;
        const std::size_t run = (steps.size() + kMaxSummarySteps - 1) / kMaxSummarySteps;
        for (std::size_t i = 0; i < steps.size(); i += run) {
            const std::size_t last = std::min(steps.size(), i + run);
            const TimeNs to = last < steps.size() ? steps[last].time : m_timeline.end;
            std::int64_t bottom = steps[i].offset, top = steps[i].offset + steps[i].size;
            for (std::size_t k = i + 1; k < last; ++k) {
                bottom = std::min(bottom, steps[k].offset);
                top = std::max(top, steps[k].offset + steps[k].size);
            }
            envelopes.push_back({keyOf(steps[i].time), keyOf(std::max(to, steps[i].time + 1)), double(bottom),
                                 double(top)});
        }
        auto *others = new SummaryBand(p->xAxis, p->yAxis, std::move(envelopes));
        // Under the bands: its envelope may reach below their tops.
        if (!p->layer(QStringLiteral("summarized")))
            p->addLayer(QStringLiteral("summarized"), p->layer(QStringLiteral("main")), QCustomPlot::limBelow);
        others->setLayer(QStringLiteral("summarized"));
        others->setBrush(restColor());
    }

    p->setAutoAddPlottableToLegend(autoLegend);
    const bool empty = m_timeline.bands.empty() && m_timeline.summarized.empty();
    p->xAxis->setLabel(timed ? tr("Time from the first trace entry (%1)").arg(scale.unit)
                             : tr("Allocator event (the snapshot records no times)"));
    p->yAxis->setLabel(tr("Allocated memory"));
    p->yAxis->setTicker(QSharedPointer<ByteAxisTicker>::create());
    // An out-of-memory is often the last entry: a little room on the right keeps
    // its line off the axis rectangle's edge.
    const std::vector<SnapshotOom> ooms = m_trace ? snapshotOoms(*m_trace->memorySnapshot) : std::vector<SnapshotOom>{};
    const double left = keyOf(m_timeline.start), right = keyOf(std::max(m_timeline.end, m_timeline.start + 1));
    double room = 0;
    for (const SnapshotOom &oom : ooms)
        if (oom.device == m_timeline.device && keyOf(oom.time) >= right - (right - left) * 0.02)
            room = (right - left) * 0.02;
    p->xAxis->setRange(left, right + room);
    const double top = m_timeline.peak > 0 ? double(m_timeline.peak) * 1.12 : 1.0;
    p->yAxis->setRange(0, top);
    for (QCPAxis *axis : {p->xAxis, p->yAxis})
        axis->setTickLabels(!empty);
    if (empty) {
        auto *note = addEmptyNote(p);
        note->setText(m_trace ? tr("No allocations on this device") : tr("Open a memory snapshot to see its allocations"));
        setCaption({});
    } else {
        auto *peak = new QCPItemStraightLine(p);
        peak->setPen(QPen(ChartColors::from(palette()).mutedText, 1, Qt::DashLine));
        peak->point1->setCoords(0, double(m_timeline.peak));
        peak->point2->setCoords(1, double(m_timeline.peak));
        auto *label = new QCPItemText(p);
        label->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
        label->position->setTypeY(QCPItemPosition::ptPlotCoords);
        label->position->setCoords(0.01, double(m_timeline.peak));
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
        label->setFont(axisFont());
        label->setColor(ChartColors::from(palette()).text);
        label->setText(tr("Peak %1").arg(ByteFormat::size(double(m_timeline.peak))));
        // Where an allocation failed: a red line, named at the top.
        for (const SnapshotOom &oom : ooms) {
            if (oom.device != m_timeline.device)
                continue;
            const double x = keyOf(oom.time);
            auto *line = new QCPItemStraightLine(p);
            line->setPen(QPen(hostWaitColor(), 1.5));
            line->point1->setCoords(x, 0);
            line->point2->setCoords(x, 1);
            auto *text = new QCPItemText(p);
            text->position->setTypeX(QCPItemPosition::ptPlotCoords);
            text->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
            text->position->setCoords(x, 0.02);
            text->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
            text->setPadding(QMargins(0, 0, 4, 0));
            text->setFont(axisFont());
            text->setColor(hostWaitColor().darker(120));
            text->setText(tr("Out of memory: %1 asked").arg(ByteFormat::size(double(oom.requested))));
        }
        QStringList caption{tr("%1 allocations drawn").arg(m_timeline.bands.size())};
        if (m_timeline.summarizedAllocations)
            caption << tr("%1 smaller ones summed in grey").arg(m_timeline.summarizedAllocations);
        caption << tr("a free lets the blocks above it down");
        setCaption(caption);
    }
    setLegendShown(false);
    p->replot();
    emit chartChanged();
}

int ActiveMemoryChart::bandAt(const QPoint &plotPos) const
{
    if (!m_trace || !plot()->axisRect()->rect().contains(plotPos))
        return -1;
    const double key = plot()->xAxis->pixelToCoord(plotPos.x());
    const TimeNs at = m_origin + TimeNs(std::llround(key * m_nsPerUnit));
    const double bytes = plot()->yAxis->pixelToCoord(plotPos.y());
    for (std::size_t b = 0; b < m_timeline.bands.size(); ++b) {
        const TimelineBand &band = m_timeline.bands[b];
        const std::int64_t size = m_allocations.allocations[band.allocation].size;
        for (const TimelinePiece &piece : band.pieces)
            if (at >= piece.from && at < std::max(piece.to, piece.from + 1) && bytes >= double(piece.offset)
                && bytes < double(piece.offset + size))
                return int(b);
    }
    return -1;
}

QString ActiveMemoryChart::toolTipAt(const QPoint &plotPos) const
{
    const int b = bandAt(plotPos);
    if (b < 0)
        return {};
    const SnapshotAllocation &a = m_allocations.allocations[m_timeline.bands[std::size_t(b)].allocation];
    const MemorySnapshot &snapshot = *m_trace->memorySnapshot;
    const auto when = [&](const std::optional<TimeNs> &t, const QString &none) {
        if (!t)
            return none;
        return snapshot.timed ? formatTime(*t - m_timeline.start, timeScaleFor(m_timeline.end - m_timeline.start))
                              : tr("event %1").arg(*t);
    };
    QString text = tr("<b>%1</b> at %2<br>Stream %3<br>Allocated: %4<br>Freed: %5")
                       .arg(ByteFormat::sizeAndBytes(double(a.size)).toHtmlEscaped(),
                            QString::fromStdString(snapshotAddress(a.address)))
                       .arg(a.stream)
                       .arg(when(a.allocAt, tr("before the trace")), when(a.freeAt, tr("not freed")));
    const QStringList frames = QString::fromStdString(snapshot.stackText(a.stack)).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    // The innermost frames say where it was made; three are enough for a tooltip.
    for (qsizetype i = frames.size(); i-- > std::max<qsizetype>(0, frames.size() - 3);)
        text += QStringLiteral("<br>") + frames[i].toHtmlEscaped();
    return text;
}

} // namespace tracelane::charts
