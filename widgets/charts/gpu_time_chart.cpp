#include "gpu_time_chart.h"

#include "chart_style.h"
#include "gpu_labels.h"

#include <QLocale>

namespace tracelane::charts {
namespace {

QString rowName(const GpuTimeRow &row)
{
    return row.streamId ? GpuLabels::stream(row.deviceId, *row.streamId) : GpuLabels::deviceTotal(row.deviceId);
}

} // namespace

GpuTimeChart::GpuTimeChart(QWidget *parent)
    : StackedRowsChart(parent)
{
    setTitle(tr("GPU time: compute, non-compute and idle"));
    setCaption({tr("Shares of each span, from the first GPU operation's start to the last one's end"),
                tr("Non-compute: only communication or memory operations run")});
    setBreakdown({});
}

TimeNs GpuTimeChart::partTime(const GpuTimeRow &row, Part part)
{
    switch (part) {
    case Compute: return row.compute;
    case NonCompute: return row.nonCompute();
    case Idle: return row.idle();
    }
    return 0;
}

void GpuTimeChart::setBreakdown(const GpuTimeBreakdown &breakdown)
{
    // Each GPU's own bar first, then its streams (both lists are by device ordinal).
    m_rows.clear();
    for (const GpuTimeRow &device : breakdown.devices) {
        m_rows.push_back(device);
        for (const GpuTimeRow &stream : breakdown.streams)
            if (stream.deviceId == device.deviceId)
                m_rows.push_back(stream);
    }
    std::vector<Row> rows;
    for (const GpuTimeRow &r : m_rows) {
        Row row;
        // Every bar is 100 % long: the label says how long a span it stands for.
        row.label = QStringLiteral("%1 (%2)").arg(rowName(r), formatTime(r.span, timeScaleFor(r.span)));
        for (const Part part : {Compute, NonCompute, Idle})
            row.values.push_back(r.span > 0 ? 100.0 * double(partTime(r, part)) / double(r.span) : 0.0);
        rows.push_back(std::move(row));
    }
    setRows({{tr("Compute"), computeColor()}, {tr("Non-compute"), nonComputeColor()}, {tr("Idle"), idleColor()}},
            rows, tr("Share of span (%)"), 100.0, tr("No GPU operations in this trace"));
}

QString GpuTimeChart::toolTipAt(const QPoint &plotPos) const
{
    const int i = rowAt(plotPos);
    if (i < 0)
        return {};
    const GpuTimeRow &row = m_rows[std::size_t(i)];
    const TimeScale scale = timeScaleFor(row.span);
    const QLocale locale;
    QString text = tr("<b>%1</b><br>Span: %2 (%3 ns)")
                       .arg(rowName(row).toHtmlEscaped(), formatTime(row.span, scale),
                            locale.toString(qlonglong(row.span)));
    const int under = seriesAt(plotPos, i);
    const QString names[] = {tr("Compute"), tr("Non-compute"), tr("Idle")};
    for (const Part part : {Compute, NonCompute, Idle}) {
        const TimeNs t = partTime(row, part);
        QString line = tr("%1: %2 (%3 ns, %4 %)")
                           .arg(names[part], formatTime(t, scale), locale.toString(qlonglong(t)))
                           .arg(row.span > 0 ? 100.0 * double(t) / double(row.span) : 0.0, 0, 'f', 1);
        text += QStringLiteral("<br>") + (part == under ? QStringLiteral("<b>%1</b>").arg(line) : line);
    }
    return text;
}

} // namespace tracelane::charts
