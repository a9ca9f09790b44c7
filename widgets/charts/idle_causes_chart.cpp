#include "idle_causes_chart.h"

#include "gpu_labels.h"

#include <QLocale>

#include <array>

namespace tracelane::charts {
namespace {

constexpr std::array<IdleCause, 3> kCauses = {IdleCause::HostWait, IdleCause::KernelWait, IdleCause::Other};

} // namespace

IdleCausesChart::IdleCausesChart(QWidget *parent)
    : StackedRowsChart(parent)
{
    setTitle(tr("Idle time per stream, by cause"));
    setCaption({tr("Host wait: the launch call came after the stream ran dry"),
                tr("Kernel wait: a gap under %1 µs").arg(kDefaultKernelWaitThreshold / 1000)});
    setIdle({});
}

TimeNs IdleCausesChart::causeTime(const StreamIdle &row, IdleCause cause)
{
    switch (cause) {
    case IdleCause::HostWait: return row.hostWait;
    case IdleCause::KernelWait: return row.kernelWait;
    case IdleCause::Other: return row.other;
    }
    return 0;
}

void IdleCausesChart::setIdle(const std::vector<StreamIdle> &streams)
{
    m_rows = streams;
    TimeNs largest = 0;
    for (const StreamIdle &r : m_rows)
        largest = std::max(largest, r.total());
    m_scale = timeScaleFor(largest);
    std::vector<Row> rows;
    for (const StreamIdle &r : m_rows) {
        Row row;
        row.label = GpuLabels::stream(r.deviceId, r.streamId);
        for (const IdleCause cause : kCauses)
            row.values.push_back(m_scale(causeTime(r, cause)));
        rows.push_back(std::move(row));
    }
    setRows({{GpuLabels::idleCause(IdleCause::HostWait), hostWaitColor()},
             {GpuLabels::idleCause(IdleCause::KernelWait), kernelWaitColor()},
             {GpuLabels::idleCause(IdleCause::Other), idleColor()}},
            rows, tr("Idle time (%1)").arg(m_scale.unit), largest > 0 ? m_scale(largest) * 1.05 : 1.0,
            tr("No GPU operations in this trace"));
}

QString IdleCausesChart::toolTipAt(const QPoint &plotPos) const
{
    const int i = rowAt(plotPos);
    if (i < 0)
        return {};
    const StreamIdle &row = m_rows[std::size_t(i)];
    const TimeScale scale = timeScaleFor(row.total());
    const QLocale locale;
    QString text = tr("<b>%1</b><br>Idle: %2 (%3 ns)<br>Gaps: %4")
                       .arg(barLabels().value(i).toHtmlEscaped(), formatTime(row.total(), scale),
                            locale.toString(qlonglong(row.total())), locale.toString(qlonglong(row.gaps)));
    const int under = seriesAt(plotPos, i);
    for (std::size_t s = 0; s < kCauses.size(); ++s) {
        const TimeNs t = causeTime(row, kCauses[s]);
        QString line = tr("%1: %2 (%3 ns, %4 %)")
                           .arg(GpuLabels::idleCause(kCauses[s]), formatTime(t, scale), locale.toString(qlonglong(t)))
                           .arg(row.total() > 0 ? 100.0 * double(t) / double(row.total()) : 0.0, 0, 'f', 1);
        text += QStringLiteral("<br>") + (int(s) == under ? QStringLiteral("<b>%1</b>").arg(line) : line);
    }
    return text;
}

} // namespace tracelane::charts
