#pragma once
// A core result Table (the CLI's report layout) as an item model: numbers are
// right-aligned and sort as numbers through kSortRole, largest first on a
// header's first click (Qt::InitialSortOrderRole); the column names are
// the report's own, so an exported CSV matches `tracelane-cli` output.

#include "export/table.h"

#include <QAbstractTableModel>

namespace tracelane {

class ResultTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    static constexpr int kSortRole = Qt::UserRole + 1;

    explicit ResultTableModel(QObject *parent = nullptr);

    void setTable(Table table);
    const Table &table() const { return m_table; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    bool isNumericColumn(int column) const;

private:
    Table m_table;
};

} // namespace tracelane
