#include "critical_path_chart.h"

#include "qcustomplot_include.h"

#include <QLocale>
#include <QMouseEvent>

namespace tracelane::charts {

CriticalPathChart::CriticalPathChart(QWidget *parent)
    : StackedRowsChart(parent)
{
    setTitle(tr("Critical path per step, by cause"));
    setSteps({});
    connect(plot(), &QCustomPlot::mousePress, this, [this](QMouseEvent *event) {
        if (const int row = rowAt(event->pos()); row >= 0)
            emit stepClicked(row);
    });
}

QColor CriticalPathChart::categoryColor(PathCategory category)
{
    switch (category) {
    case PathCategory::Cpu: return QColor::fromRgb(0x56B4E9);
    case PathCategory::DataLoading: return QColor::fromRgb(0x8C564B);
    case PathCategory::LaunchOverhead: return QColor::fromRgb(0xE69F00);
    case PathCategory::LaunchDelay: return QColor::fromRgb(0xF0E442);
    case PathCategory::GpuCompute: return computeColor();
    case PathCategory::GpuCommunication: return QColor::fromRgb(0xCC79A7);
    case PathCategory::GpuMemory: return QColor::fromRgb(0x009E73);
    case PathCategory::KernelGap: return idleColor();
    case PathCategory::SyncWait: return hostWaitColor();
    }
    return restColor();
}

QString CriticalPathChart::categoryName(PathCategory category)
{
    switch (category) {
    case PathCategory::Cpu: return tr("CPU");
    case PathCategory::DataLoading: return tr("Data loading");
    case PathCategory::LaunchOverhead: return tr("Launch overhead");
    case PathCategory::LaunchDelay: return tr("Launch-to-start delay");
    case PathCategory::GpuCompute: return tr("GPU compute");
    case PathCategory::GpuCommunication: return tr("GPU communication");
    case PathCategory::GpuMemory: return tr("GPU memory ops");
    case PathCategory::KernelGap: return tr("Kernel-to-kernel gap");
    case PathCategory::SyncWait: return tr("Synchronisation wait");
    }
    return {};
}

void CriticalPathChart::setSteps(std::vector<Step> steps, std::size_t ofSteps)
{
    m_steps = std::move(steps);
    QStringList caption{tr("The longest chain of dependent CPU and GPU work from the step's start to its end")};
    if (ofSteps > m_steps.size())
        caption << tr("The first %1 of %2 steps").arg(m_steps.size()).arg(ofSteps);
    setCaption(caption);
    TimeNs largest = 0;
    for (const Step &s : m_steps)
        largest = std::max(largest, s.length);
    m_scale = timeScaleFor(largest);
    std::vector<Series> series;
    for (int c = 0; c < kPathCategoryCount; ++c)
        series.push_back({categoryName(PathCategory(c)), categoryColor(PathCategory(c))});
    std::vector<Row> rows;
    for (const Step &s : m_steps) {
        Row row;
        row.label = s.label;
        for (const TimeNs t : s.byCategory)
            row.values.push_back(m_scale(t));
        rows.push_back(std::move(row));
    }
    setRows(series, rows, tr("Critical path (%1)").arg(m_scale.unit), largest > 0 ? m_scale(largest) * 1.05 : 1.0,
            tr("No step with CPU or GPU work"));
}

QString CriticalPathChart::toolTipAt(const QPoint &plotPos) const
{
    const int i = rowAt(plotPos);
    if (i < 0 || std::size_t(i) >= m_steps.size())
        return {};
    const Step &step = m_steps[std::size_t(i)];
    const TimeScale scale = timeScaleFor(step.length);
    const QLocale locale;
    QString text = tr("<b>%1</b><br>Critical path: %2 (%3 ns)")
                       .arg(step.label.toHtmlEscaped(), formatTime(step.length, scale),
                            locale.toString(qlonglong(step.length)));
    const int under = seriesAt(plotPos, i);
    for (int c = 0; c < kPathCategoryCount; ++c) {
        const TimeNs t = step.byCategory[std::size_t(c)];
        if (t == 0 && c != under)
            continue;
        QString line = tr("%1: %2 (%3 %)")
                           .arg(categoryName(PathCategory(c)), formatTime(t, scale))
                           .arg(step.length > 0 ? 100.0 * double(t) / double(step.length) : 0.0, 0, 'f', 1);
        text += QStringLiteral("<br>") + (c == under ? QStringLiteral("<b>%1</b>").arg(line) : line);
    }
    return text;
}


} // namespace tracelane::charts
