#include "panels/efficiency/idle_gap_model.h"

#include "gpu_labels.h"
#include "time_format.h"

#include "analysis/gpu/kernel_name.h"
#include "analysis/summaries/api_summary.h"

namespace tracelane {

IdleGapModel::IdleGapModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void IdleGapModel::setGaps(std::shared_ptr<const Trace> trace, std::vector<IdleGap> gaps)
{
    beginResetModel();
    m_trace = std::move(trace);
    m_gaps = m_trace ? std::move(gaps) : std::vector<IdleGap>{};
    endResetModel();
}

void IdleGapModel::refreshTimes()
{
    if (!m_gaps.empty())
        emit dataChanged(index(0, StartColumn), index(rowCount() - 1, LengthColumn), {Qt::DisplayRole});
}

int IdleGapModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_gaps.size());
}

int IdleGapModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString IdleGapModel::streamLabel(const IdleGap &gap) const
{
    const std::int32_t stream = m_trace->tracks[gap.track].stream;
    if (stream == kNoIndex)
        return {};
    const std::int32_t device = m_trace->streams[std::size_t(stream)].device;
    return charts::GpuLabels::stream(device == kNoIndex ? -1 : m_trace->devices[std::size_t(device)].id,
                                     m_trace->streams[std::size_t(stream)].streamId);
}

QString IdleGapModel::opName(EventRef ref, bool full) const
{
    if (!ref.isValid())
        return full ? QString() : tr("none in the trace");
    const std::string name(m_trace->name(ref));
    if (m_trace->event(ref).kind == EventKind::ApiCall)
        return QString::fromStdString(full ? name : apiDisplayName(name));
    return QString::fromStdString(full ? name : shortKernelName(name));
}

QVariant IdleGapModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || std::size_t(index.row()) >= m_gaps.size())
        return {};
    const IdleGap &gap = m_gaps[std::size_t(index.row())];
    const auto column = Column(index.column());
    if (role == kSortRole) {
        switch (column) {
        case StartColumn: return qlonglong(gap.start);
        case LengthColumn: return qlonglong(gap.length());
        case CauseColumn: return int(gap.cause);
        default: return data(index, Qt::DisplayRole);
        }
    }
    if (role == Qt::TextAlignmentRole) {
        const bool number = column == StartColumn || column == LengthColumn;
        return (Qt::Alignment(number ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter).toInt();
    }
    if (role == Qt::ToolTipRole) {
        switch (column) {
        case StartColumn: return tr("%1 ns from the trace start").arg(gap.start - m_trace->startNs);
        case LengthColumn: return tr("%1 ns").arg(gap.length());
        case NextOpColumn: return opName(gap.nextOp, true);
        case LaunchCallColumn: return opName(gap.launchCall, true);
        default: return data(index, Qt::DisplayRole);
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (column) {
    case StreamColumn: return streamLabel(gap);
    case StartColumn: return TimeFormat::shownPosition(gap.start - m_trace->startNs);
    case LengthColumn: return TimeFormat::shownDuration(gap.length());
    case CauseColumn: return charts::GpuLabels::idleCause(gap.cause);
    case NextOpColumn: return opName(gap.nextOp, false);
    case LaunchCallColumn: return opName(gap.launchCall, false);
    case ColumnCount: break;
    }
    return {};
}

QVariant IdleGapModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case StreamColumn: return tr("Stream");
    case StartColumn: return tr("Start");
    case LengthColumn: return tr("Length");
    case CauseColumn: return tr("Cause");
    case LaunchCallColumn: return tr("Launch call");
    case NextOpColumn: return tr("Next operation");
    case ColumnCount: break;
    }
    return {};
}

} // namespace tracelane
