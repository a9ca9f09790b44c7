#include "panels/critical/path_step_model.h"

#include "critical_path_chart.h"
#include "time_format.h"

namespace tracelane {

PathStepModel::PathStepModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void PathStepModel::setPath(std::shared_ptr<const Trace> trace, const CriticalPath &path)
{
    beginResetModel();
    m_trace = std::move(trace);
    m_steps.clear();
    for (const PathStep &step : path.steps)
        if (step.event.isValid())
            m_steps.push_back(step);
    endResetModel();
}

void PathStepModel::refreshTimes()
{
    if (!m_steps.empty())
        emit dataChanged(index(0, OnPathColumn), index(rowCount() - 1, StartColumn));
}

int PathStepModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_steps.size());
}

int PathStepModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString PathStepModel::edgeName(PathEdgeKind kind)
{
    switch (kind) {
    case PathEdgeKind::Duration: return tr("its own time");
    case PathEdgeKind::Self: return tr("around its children");
    case PathEdgeKind::Gap: return tr("before it, on its thread");
    case PathEdgeKind::Release: return tr("from the step's start");
    case PathEdgeKind::ThreadStart: return tr("thread start");
    case PathEdgeKind::Launch: return tr("launch");
    case PathEdgeKind::StreamOrder: return tr("stream order");
    case PathEdgeKind::SyncWait: return tr("sync wait");
    case PathEdgeKind::StreamWait: return tr("stream wait");
    case PathEdgeKind::End: return {};
    }
    return {};
}

QVariant PathStepModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !m_trace || std::size_t(index.row()) >= m_steps.size())
        return {};
    const PathStep &step = m_steps[std::size_t(index.row())];
    const Event &e = m_trace->event(step.event);
    if (role == kSortRole) {
        switch (index.column()) {
        case OrderColumn: return index.row();
        case OnPathColumn: return qlonglong(step.onPath);
        case StartColumn: return qlonglong(step.start);
        default: return data(index, Qt::DisplayRole);
        }
    }
    if (role == Qt::DecorationRole && index.column() == CauseColumn)
        return charts::CriticalPathChart::categoryColor(step.category);
    if (role == Qt::TextAlignmentRole && (index.column() == OnPathColumn || index.column() == StartColumn ||
                                          index.column() == OrderColumn))
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == EventColumn)
        return QString::fromUtf8(m_trace->name(step.event).data(), qsizetype(m_trace->name(step.event).size()));
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case OrderColumn: return index.row() + 1;
    case EventColumn: {
        const std::string_view name = m_trace->name(step.event);
        return QString::fromUtf8(name.data(), qsizetype(name.size()));
    }
    case CauseColumn: return charts::CriticalPathChart::categoryName(step.category);
    case EdgeColumn: return edgeName(step.kind);
    case OnPathColumn: return TimeFormat::shownDuration(step.onPath);
    case StartColumn: return TimeFormat::shownPosition(e.start - m_trace->startNs);
    }
    return {};
}

QVariant PathStepModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case OrderColumn: return tr("#");
    case EventColumn: return tr("Event");
    case CauseColumn: return tr("Cause");
    case EdgeColumn: return tr("Dependency");
    case OnPathColumn: return tr("On Path");
    case StartColumn: return tr("Event Start");
    }
    return {};
}

} // namespace tracelane
