#include "panels/selection/window_summary_model.h"

#include "model/time_math.h"
#include "time_format.h"

#include <algorithm>

namespace tracelane {
namespace {

// Child indices carry their group + 1; group rows carry 0.
constexpr quintptr kGroupRow = 0;

} // namespace

WindowSummaryModel::WindowSummaryModel(QObject *parent)
    : QAbstractItemModel(parent)
{
}

QString WindowSummaryModel::groupTitle(WindowGroup group)
{
    switch (group) {
    case WindowGroup::CpuOps: return tr("CPU ops");
    case WindowGroup::Python: return tr("Python");
    case WindowGroup::Ranges: return tr("Ranges");
    case WindowGroup::ApiCalls: return tr("API calls");
    case WindowGroup::Kernels: return tr("Kernels");
    case WindowGroup::MemoryOps: return tr("Memory ops");
    case WindowGroup::Other: break;
    }
    return tr("Other");
}

void WindowSummaryModel::setSummary(std::shared_ptr<const Trace> trace, WindowSummary summary)
{
    beginResetModel();
    m_trace = std::move(trace);
    m_summary = std::move(summary);
    m_groups.clear();
    std::vector<int> groupOf(kWindowGroupCount, -1);
    std::vector<TimeSum> sums(kWindowGroupCount);
    for (std::size_t i = 0; i < m_summary.rows.size(); ++i) {
        const WindowRow &row = m_summary.rows[i];
        int &g = groupOf[std::size_t(row.group)];
        if (g < 0) {
            g = int(m_groups.size());
            m_groups.push_back({row.group, {}, {}});
            m_groups.back().totals.min = row.min;
        }
        Group &group = m_groups[std::size_t(g)];
        group.rows.push_back(i);
        WindowRow &t = group.totals;
        t.group = row.group;
        t.count += row.count;
        sums[std::size_t(g)] += row.total;
        t.min = std::min(t.min, row.min);
        t.max = std::max(t.max, row.max);
    }
    for (std::size_t g = 0; g < m_groups.size(); ++g) {
        WindowRow &t = m_groups[g].totals;
        t.total = sums[g].saturated();
        t.mean = t.count > 0 ? double(sums[g].asLongDouble() / static_cast<long double>(t.count)) : 0.0;
    }
    endResetModel();
}

void WindowSummaryModel::clear()
{
    setSummary(nullptr, {});
}

void WindowSummaryModel::refreshTimes()
{
    if (m_groups.empty())
        return;
    emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1), {Qt::DisplayRole});
    for (int g = 0; g < rowCount(); ++g) {
        const QModelIndex group = index(g, 0);
        if (rowCount(group) > 0)
            emit dataChanged(index(0, 0, group), index(rowCount(group) - 1, ColumnCount - 1, group), {Qt::DisplayRole});
    }
}

const WindowRow &WindowSummaryModel::rowOf(const QModelIndex &index) const
{
    if (index.internalId() == kGroupRow)
        return m_groups[std::size_t(index.row())].totals;
    const Group &group = m_groups[std::size_t(index.internalId() - 1)];
    return m_summary.rows[group.rows[std::size_t(index.row())]];
}

QModelIndex WindowSummaryModel::index(int row, int column, const QModelIndex &parent) const
{
    if (column < 0 || column >= ColumnCount || row < 0 || row >= rowCount(parent))
        return {};
    return createIndex(row, column, parent.isValid() ? quintptr(parent.row()) + 1 : kGroupRow);
}

QModelIndex WindowSummaryModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || child.internalId() == kGroupRow)
        return {};
    return createIndex(int(child.internalId() - 1), 0, kGroupRow);
}

int WindowSummaryModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_groups.size());
    if (parent.column() != 0 || parent.internalId() != kGroupRow)
        return 0;
    return int(m_groups[std::size_t(parent.row())].rows.size());
}

int WindowSummaryModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant WindowSummaryModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    const WindowRow &row = rowOf(index);
    const bool isName = index.internalId() != kGroupRow;
    const QString name = isName && m_trace
        ? QString::fromUtf8(m_trace->strings.view(row.name).data(), qsizetype(m_trace->strings.view(row.name).size()))
        : groupTitle(row.group);
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn: return name;
        case CountColumn: return QString::number(row.count);
        case TotalColumn: return TimeFormat::shownDuration(row.total);
        case MeanColumn: return TimeFormat::shownDuration(TimeNs(std::llround(row.mean)));
        case MinColumn: return TimeFormat::shownDuration(row.min);
        case MaxColumn: return TimeFormat::shownDuration(row.max);
        default: return {};
        }
    case SortRole:
        switch (index.column()) {
        case NameColumn: return name;
        case CountColumn: return qlonglong(row.count);
        case TotalColumn: return qlonglong(row.total);
        case MeanColumn: return row.mean;
        case MinColumn: return qlonglong(row.min);
        case MaxColumn: return qlonglong(row.max);
        default: return {};
        }
    case Qt::ToolTipRole: return index.column() == NameColumn ? name : QVariant();
    case Qt::TextAlignmentRole:
        return index.column() == NameColumn ? QVariant() : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case GroupRole: return int(row.group);
    case NameIdRole: return isName ? QVariant(uint(row.name)) : QVariant();
    case IsNameRole: return isName;
    default: return {};
    }
}

QVariant WindowSummaryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn: return tr("Name");
    case CountColumn: return tr("Count");
    case TotalColumn: return tr("Total");
    case MeanColumn: return tr("Mean");
    case MinColumn: return tr("Min");
    case MaxColumn: return tr("Max");
    default: return {};
    }
}

} // namespace tracelane
