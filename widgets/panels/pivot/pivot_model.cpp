#include "panels/pivot/pivot_model.h"

#include "time_format.h"

namespace tracelane {

PivotModel::PivotModel(QObject *parent) : QAbstractItemModel(parent) {}

void PivotModel::setResult(PivotResult result)
{
    beginResetModel();
    m_result = std::move(result);
    m_rowInParent.assign(m_result.groups.size(), 0);
    for (const PivotGroup &group : m_result.groups)
        for (std::size_t i = 0; i < group.children.size(); ++i)
            m_rowInParent[group.children[i]] = int(i);
    endResetModel();
}

void PivotModel::clear()
{
    setResult({});
}

void PivotModel::refreshTimes()
{
    if (rowCount() > 0)
        emit dataChanged(index(0, TotalColumn), index(rowCount() - 1, MaxColumn));
}

std::uint32_t PivotModel::groupAt(const QModelIndex &index) const
{
    return index.isValid() && index.model() == this ? std::uint32_t(index.internalId()) : kPivotNoGroup;
}

const PivotGroup *PivotModel::groupOf(const QModelIndex &index) const
{
    const std::uint32_t g = groupAt(index);
    return g < m_result.groups.size() ? &m_result.groups[g] : nullptr;
}

QModelIndex PivotModel::index(int row, int column, const QModelIndex &parent) const
{
    if (m_result.groups.empty() || row < 0 || column < 0 || column >= ColumnCount)
        return {};
    const PivotGroup *above = parent.isValid() ? groupOf(parent) : &m_result.groups.front();
    if (!above || std::size_t(row) >= above->children.size())
        return {};
    return createIndex(row, column, quintptr(above->children[std::size_t(row)]));
}

QModelIndex PivotModel::parent(const QModelIndex &child) const
{
    const PivotGroup *group = groupOf(child);
    if (!group || group->parent == 0 || group->parent == kPivotNoGroup)
        return {};
    return createIndex(m_rowInParent[group->parent], 0, quintptr(group->parent));
}

int PivotModel::rowCount(const QModelIndex &parent) const
{
    if (m_result.groups.empty())
        return 0;
    if (!parent.isValid())
        return int(m_result.groups.front().children.size());
    if (parent.column() != 0)
        return 0;
    const PivotGroup *group = groupOf(parent);
    return group ? int(group->children.size()) : 0;
}

int PivotModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant PivotModel::data(const QModelIndex &index, int role) const
{
    const PivotGroup *g = groupOf(index);
    if (!g)
        return {};
    if (role == GroupIndexRole)
        return QVariant::fromValue(uint(index.internalId()));
    if (role == LevelRole)
        return g->level;
    if (role == Qt::TextAlignmentRole)
        return index.column() == GroupColumn ? QVariant() : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    if (role == Qt::ToolTipRole && index.column() == GroupColumn)
        return QString::fromStdString(g->key);
    const auto time = [role](TimeNs ns) {
        return role == ValueRole ? QVariant(qlonglong(ns)) : QVariant(TimeFormat::shownDuration(ns));
    };
    if (role != Qt::DisplayRole && role != ValueRole)
        return {};
    switch (Column(index.column())) {
    case GroupColumn: return QString::fromStdString(g->key);
    case CountColumn: return role == ValueRole ? QVariant(qlonglong(g->count)) : QVariant(QString::number(g->count));
    case TotalColumn: return time(g->total);
    case SelfColumn: return time(g->self);
    case MeanColumn:
        return role == ValueRole ? QVariant(g->mean()) : QVariant(TimeFormat::shownDuration(TimeNs(g->mean() + 0.5)));
    case MinColumn: return time(g->min);
    case MaxColumn: return time(g->max);
    case ColumnCount: break;
    }
    return {};
}

QVariant PivotModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (Column(section)) {
    case GroupColumn: return tr("Group");
    case CountColumn: return tr("Count");
    case TotalColumn: return tr("Total");
    case SelfColumn: return tr("Self");
    case MeanColumn: return tr("Mean");
    case MinColumn: return tr("Min");
    case MaxColumn: return tr("Max");
    case ColumnCount: break;
    }
    return {};
}

} // namespace tracelane
