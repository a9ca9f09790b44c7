#include "panels/structure/structure_tree_model.h"

#include "time_format.h"

namespace tracelane {

namespace {
const std::vector<std::uint32_t> kNoChildren;
}

StructureTreeModel::StructureTreeModel(QObject *parent)
    : QAbstractItemModel(parent)
{
}

void StructureTreeModel::setTree(std::shared_ptr<const StructureTree> tree)
{
    beginResetModel();
    m_tree = std::move(tree);
    m_rowInParent.clear();
    if (m_tree) {
        m_rowInParent.resize(m_tree->nodes.size());
        for (std::size_t i = 0; i < m_tree->roots.size(); ++i)
            m_rowInParent[m_tree->roots[i]] = std::uint32_t(i);
        for (const TreeNode &node : m_tree->nodes)
            for (std::size_t i = 0; i < node.children.size(); ++i)
                m_rowInParent[node.children[i]] = std::uint32_t(i);
    }
    endResetModel();
}

void StructureTreeModel::refreshTimes()
{
    // Every row's text changes, nested ones too, and none moves.
    emit layoutAboutToBeChanged();
    emit layoutChanged();
}

const std::vector<std::uint32_t> &StructureTreeModel::childrenOf(const QModelIndex &parent) const
{
    if (!m_tree)
        return kNoChildren;
    if (!parent.isValid())
        return m_tree->roots;
    return m_tree->nodes[std::uint32_t(parent.internalId())].children;
}

int StructureTreeModel::rowOf(std::uint32_t node) const
{
    return int(m_rowInParent[node]);
}

QModelIndex StructureTreeModel::indexOfNode(std::uint32_t node) const
{
    if (!m_tree || node >= m_tree->nodes.size())
        return {};
    return createIndex(rowOf(node), 0, quintptr(node));
}

QModelIndex StructureTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    const auto &children = childrenOf(parent);
    if (row < 0 || std::size_t(row) >= children.size() || column < 0 || column >= ColumnCount)
        return {};
    return createIndex(row, column, quintptr(children[std::size_t(row)]));
}

QModelIndex StructureTreeModel::parent(const QModelIndex &child) const
{
    if (!m_tree || !child.isValid())
        return {};
    const std::uint32_t parent = m_tree->nodes[std::uint32_t(child.internalId())].parent;
    if (parent == kNoTreeNode)
        return {};
    return createIndex(rowOf(parent), 0, quintptr(parent));
}

int StructureTreeModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() && parent.column() != 0)
        return 0;
    return int(childrenOf(parent).size());
}

int StructureTreeModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant StructureTreeModel::data(const QModelIndex &index, int role) const
{
    if (!m_tree || !index.isValid())
        return {};
    const std::uint32_t id = std::uint32_t(index.internalId());
    const TreeNode &node = m_tree->nodes[id];
    TimeNs gpuAll = 0;
    if (index.column() == GpuShareColumn)
        gpuAll = m_tree->gpuTime;
    if (role == kNodeRole)
        return QVariant::fromValue(quint32(id));
    if (role == Qt::ToolTipRole && index.column() == NameColumn)
        return QString::fromStdString(m_tree->path(id, " › "));
    if (role == Qt::TextAlignmentRole && index.column() != NameColumn)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    const bool sorting = role == kSortRole;
    if (role != Qt::DisplayRole && !sorting)
        return {};
    auto time = [&](TimeNs ns) -> QVariant {
        return sorting ? QVariant::fromValue(qlonglong(ns)) : QVariant(TimeFormat::shownDuration(ns));
    };
    switch (index.column()) {
    case NameColumn: {
        const std::string_view name = m_tree->name(id);
        return QString::fromUtf8(name.data(), qsizetype(name.size()));
    }
    case CallsColumn:
        if (node.outside)
            return sorting ? QVariant(qlonglong(0)) : QVariant();
        return QVariant::fromValue(qlonglong(node.calls));
    case CpuSelfColumn: return node.gpuOperation ? (sorting ? QVariant(qlonglong(0)) : QVariant()) : time(node.cpuSelf);
    case CpuTotalColumn: return node.gpuOperation ? (sorting ? QVariant(qlonglong(0)) : QVariant()) : time(node.cpuTotal);
    case GpuSelfColumn: return time(node.gpuSelf);
    case GpuTotalColumn: return time(node.gpuTotal);
    case GpuShareColumn: {
        const double share = gpuAll > 0 ? 100.0 * double(node.gpuTotal) / double(gpuAll) : 0.0;
        return sorting ? QVariant(share) : QVariant(QString::number(share, 'f', 1) + QLatin1Char('%'));
    }
    }
    return {};
}

QVariant StructureTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case CpuSelfColumn: return tr("Wall time on the thread outside the node's children");
        case CpuTotalColumn: return tr("Wall time of the node's instances, children included");
        case GpuSelfColumn: return tr("GPU time of the work launched in the node, not in a child");
        case GpuTotalColumn: return tr("GPU time of the work launched in the node and its children");
        case GpuShareColumn: return tr("GPU total as a share of all the GPU work launched in scope");
        default: return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn: return tr("Name");
    case CallsColumn: return tr("Calls");
    case CpuSelfColumn: return tr("CPU Self");
    case CpuTotalColumn: return tr("CPU Total");
    case GpuSelfColumn: return tr("GPU Self");
    case GpuTotalColumn: return tr("GPU Total");
    case GpuShareColumn: return tr("GPU %");
    }
    return {};
}

} // namespace tracelane
