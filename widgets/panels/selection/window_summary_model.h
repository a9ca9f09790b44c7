#pragma once
// A window summary (analysis/window/window_summary.h) as a tree: one row per kind of
// lane ("Kernels", "CPU ops", ...) with its totals, the names below it. Columns
// Name, Count, Total, Mean, Min, Max; times in the display unit. SortRole
// gives numbers as numbers, so a QSortFilterProxyModel sorts kinds and names
// within each kind by any column.

#include "analysis/window/window_summary.h"

#include <QAbstractItemModel>

#include <memory>

namespace tracelane {

class WindowSummaryModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    enum Column { NameColumn, CountColumn, TotalColumn, MeanColumn, MinColumn, MaxColumn, ColumnCount };
    enum Role { SortRole = Qt::UserRole, GroupRole, NameIdRole, IsNameRole };

    explicit WindowSummaryModel(QObject *parent = nullptr);

    // `trace` must outlive the model's use of it (the panel keeps it).
    void setSummary(std::shared_ptr<const Trace> trace, WindowSummary summary);
    void clear();
    // Writes the times again, e.g. in a new display unit.
    void refreshTimes();
    const WindowSummary &summary() const { return m_summary; }

    static QString groupTitle(WindowGroup group);

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    struct Group
    {
        WindowGroup group = WindowGroup::Other;
        WindowRow totals;              // name unused; mean over all its instances
        std::vector<std::size_t> rows; // into m_summary.rows
    };
    const WindowRow &rowOf(const QModelIndex &index) const;

    std::shared_ptr<const Trace> m_trace;
    WindowSummary m_summary;
    std::vector<Group> m_groups;
};

} // namespace tracelane
