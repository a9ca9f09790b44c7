#pragma once
// A pivot result (analysis/pivot/pivot_table.h) as a tree: one level per
// dimension, a group's subgroups below it, in the result's order (total
// descending). Columns Group, Count, Total, Self, Mean, Min, Max; times in the
// display unit, ValueRole gives the numbers as numbers.

#include "analysis/pivot/pivot_table.h"

#include <QAbstractItemModel>

namespace tracelane {

class PivotModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    enum Column { GroupColumn, CountColumn, TotalColumn, SelfColumn, MeanColumn, MinColumn, MaxColumn, ColumnCount };
    enum Role { ValueRole = Qt::UserRole, GroupIndexRole, LevelRole };

    explicit PivotModel(QObject *parent = nullptr);

    void setResult(PivotResult result);
    void clear();
    void refreshTimes(); // top-level rows; the view repaints the subgroups
    const PivotResult &result() const { return m_result; }
    // The group a row shows (kPivotNoGroup for an invalid index).
    std::uint32_t groupAt(const QModelIndex &index) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    const PivotGroup *groupOf(const QModelIndex &index) const;

    PivotResult m_result;
    std::vector<int> m_rowInParent; // per group: its row below its parent
};

} // namespace tracelane
