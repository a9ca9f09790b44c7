#include "qcustomplot_include.h" // first: see there

#include "memory_curves_chart.h"

#include "byte_axis_ticker.h"
#include "byte_format.h"
#include "chart_style.h"
#include "import/snapshot/memory_snapshot.h"

#include <algorithm>

namespace tracelane::charts {
namespace {

// "GPU 0 allocated", "CPU reserved": whose memory, and which total.
QString curveName(const Trace &trace, const Track &track, bool reserved)
{
    if (track.device >= 0) {
        const int id = trace.devices[std::size_t(track.device)].id;
        return reserved ? MemoryCurvesChart::tr("GPU %1 reserved").arg(id)
                        : MemoryCurvesChart::tr("GPU %1 allocated").arg(id);
    }
    const std::string_view name = trace.strings.view(track.name);
    if (name == "CPU allocated")
        return MemoryCurvesChart::tr("CPU allocated");
    if (name == "CPU reserved")
        return MemoryCurvesChart::tr("CPU reserved");
    return QString::fromUtf8(name.data(), qsizetype(name.size()));
}

// The sample holding at `time`, or -1 before the first.
std::int64_t sampleAt(const Track &track, TimeNs time)
{
    const auto it = std::upper_bound(track.events.begin(), track.events.end(), time,
                                     [](TimeNs value, const Event &e) { return value < e.start; });
    return std::int64_t(it - track.events.begin()) - 1;
}

} // namespace

MemoryCurvesChart::MemoryCurvesChart(QWidget *parent)
    : ChartView(parent)
{
    setTitle(tr("Memory over time: allocated and reserved per device"));
    connect(plot(), &QCustomPlot::mouseMove, this,
            [this](QMouseEvent *event) { showToolTip(event->pos(), toolTipAt(event->pos())); });
    setTrace(nullptr);
}

void MemoryCurvesChart::setTrace(std::shared_ptr<const Trace> trace)
{
    m_trace = std::move(trace);
    m_curves.clear();
    QCustomPlot *p = plot();
    p->clearPlottables();
    p->clearItems();

    std::vector<std::uint32_t> tracks;
    if (m_trace)
        for (std::uint32_t t = 0; t < m_trace->tracks.size(); ++t)
            if (m_trace->tracks[t].derived && m_trace->tracks[t].counterUnit == CounterUnit::Bytes
                && !m_trace->tracks[t].events.empty())
                tracks.push_back(t);
    // The CPU first, then the GPUs by ordinal; allocated before reserved.
    const auto ordinal = [this](std::uint32_t t) {
        const Track &track = m_trace->tracks[t];
        return track.device < 0 ? -1 : m_trace->devices[std::size_t(track.device)].id;
    };
    std::stable_sort(tracks.begin(), tracks.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return ordinal(a) < ordinal(b); });

    const TimeNs span = m_trace ? m_trace->endNs - m_trace->startNs : 0;
    // A snapshot without times is drawn over its entries: 1 ns per entry (docs/INPUT_MEMORY_SNAPSHOT.md).
    m_byEvent = m_trace && m_trace->memorySnapshot && !m_trace->memorySnapshot->timed;
    const TimeScale scale = m_byEvent ? TimeScale{1.0, QString()} : timeScaleFor(std::max<TimeNs>(span, 1));
    m_nsPerUnit = scale.nsPerUnit;
    double highest = 0;
    std::vector<std::pair<QCPItemText *, double>> peakLabels;
    int colour = -1, lastOrdinal = -2;
    for (std::uint32_t t : tracks) {
        const Track &track = m_trace->tracks[t];
        const std::string_view name = m_trace->strings.view(track.name);
        const bool reserved = name == "Reserved" || name.ends_with(" reserved"); // memory_counters.h's names
        if (ordinal(t) != lastOrdinal) {
            lastOrdinal = ordinal(t);
            ++colour;
        }
        QVector<double> keys, values;
        keys.reserve(qsizetype(track.events.size()) + 1);
        values.reserve(qsizetype(track.events.size()) + 1);
        Curve curve;
        curve.track = t;
        curve.reserved = reserved;
        for (std::size_t i = 0; i < track.events.size(); ++i) {
            keys << scale(track.events[i].start - m_trace->startNs);
            values << track.counterValues[i];
            if (track.counterValues[i] > curve.peak || i == 0) {
                curve.peak = track.counterValues[i];
                curve.peakAt = track.events[i].start;
            }
        }
        // The last value holds to the end, as on the timeline.
        keys << scale(std::max(track.events.back().end(), m_trace->endNs) - m_trace->startNs);
        values << track.counterValues.back();
        highest = std::max(highest, curve.peak);

        auto *graph = new QCPGraph(p->xAxis, p->yAxis);
        graph->setName(curveName(*m_trace, track, reserved));
        graph->setLineStyle(QCPGraph::lsStepLeft);
        QPen pen(seriesColor(colour), reserved ? 1.2 : 1.6, reserved ? Qt::DashLine : Qt::SolidLine);
        graph->setPen(pen);
        graph->setData(keys, values, true);
        curve.graph = graph;
        m_curves.push_back(curve);

        if (!reserved) { // the high-water mark, named where it was reached (a curve flat on the axis: marked only)
            auto *tracer = new QCPItemTracer(p);
            tracer->setGraph(graph);
            tracer->setGraphKey(scale(curve.peakAt - m_trace->startNs));
            tracer->setInterpolating(false);
            tracer->setStyle(QCPItemTracer::tsCircle);
            tracer->setSize(6);
            tracer->setPen(QPen(seriesColor(colour).darker(130)));
            tracer->setBrush(seriesColor(colour));
            auto *label = new QCPItemText(p);
            label->position->setParentAnchor(tracer->position);
            label->position->setCoords(0, -10);
            label->setPositionAlignment(Qt::AlignBottom | Qt::AlignHCenter);
            label->setFont(axisFont());
            label->setColor(ChartColors::from(palette()).text);
            label->setText(tr("Peak %1").arg(ByteFormat::size(curve.peak)));
            peakLabels.push_back({label, curve.peak});
        }
    }

    for (const auto &[label, peak] : peakLabels)
        label->setVisible(peak >= highest * 0.05); // a label on the axis would cover its ticks
    p->xAxis->setLabel(m_byEvent ? tr("Allocator event (the snapshot records no times)")
                               : tr("Time from the trace start (%1)").arg(scale.unit));
    p->yAxis->setLabel(tr("Memory"));
    p->yAxis->setTicker(QSharedPointer<ByteAxisTicker>::create());
    p->xAxis->setRange(0, std::max(1e-9, scale(std::max<TimeNs>(span, 1))));
    p->yAxis->setRange(0, highest > 0 ? highest * 1.15 : 1.0); // room for the peak labels
    const bool empty = m_curves.empty();
    for (QCPAxis *axis : {p->xAxis, p->yAxis})
        axis->setTickLabels(!empty);
    if (empty) {
        auto *note = addEmptyNote(p);
        note->setText(tr("No memory records in this trace"));
        setCaption({});
    } else {
        setCaption({tr("Solid: allocated by tensors; dashed: reserved by the caching allocator"),
                    tr("Each curve holds its value until the next memory event")});
    }
    placeLegendBelow(4);
    setLegendShown(!empty);
    p->replot();
    emit chartChanged();
}

QString MemoryCurvesChart::toolTipAt(const QPoint &plotPos) const
{
    if (!m_trace || m_curves.empty() || !plot()->axisRect()->rect().contains(plotPos))
        return {};
    const double key = plot()->xAxis->pixelToCoord(plotPos.x());
    const TimeNs at = m_trace->startNs + TimeNs(key * m_nsPerUnit);
    QString text = m_byEvent ? tr("<b>At event %1</b>").arg(at - m_trace->startNs)
                             : tr("<b>At %1</b>").arg(formatTime(at - m_trace->startNs,
                                                                 timeScaleFor(m_trace->endNs - m_trace->startNs)));
    for (const Curve &curve : m_curves) {
        const Track &track = m_trace->tracks[curve.track];
        const std::int64_t i = sampleAt(track, at);
        if (i < 0)
            continue;
        text += tr("<br>%1: %2").arg(curve.graph->name().toHtmlEscaped(),
                                     ByteFormat::sizeAndBytes(track.counterValues[std::size_t(i)]));
    }
    return text;
}

} // namespace tracelane::charts
