#pragma once
// A structure tree (analysis/structure/structure_tree.h) as a Qt item model:
// one row per node under its parent, columns Name, Calls, CPU Self, CPU Total,
// GPU Self, GPU Total and GPU Share. Times in the panels' unit (TimeFormat);
// kSortRole gives numbers, so a proxy sorts by value.

#include "analysis/structure/structure_tree.h"

#include <QAbstractItemModel>

#include <memory>

namespace tracelane {

class StructureTreeModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    enum Column { NameColumn, CallsColumn, CpuSelfColumn, CpuTotalColumn, GpuSelfColumn, GpuTotalColumn, GpuShareColumn, ColumnCount };
    static constexpr int kSortRole = Qt::UserRole + 1;
    static constexpr int kNodeRole = Qt::UserRole + 2; // the node id, as quint32

    explicit StructureTreeModel(QObject *parent = nullptr);

    void setTree(std::shared_ptr<const StructureTree> tree); // null clears
    const StructureTree *tree() const { return m_tree.get(); }
    QModelIndex indexOfNode(std::uint32_t node) const;
    void refreshTimes();

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    const std::vector<std::uint32_t> &childrenOf(const QModelIndex &parent) const;
    int rowOf(std::uint32_t node) const;

    std::shared_ptr<const StructureTree> m_tree;
    std::vector<std::uint32_t> m_rowInParent; // by node
};

} // namespace tracelane
