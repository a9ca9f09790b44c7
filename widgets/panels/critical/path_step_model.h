#pragma once
// The stretches of one critical path as a table, in path order: event, cause,
// the kind of dependency, time on the path and where it starts (from the trace
// start). Times in the panels' unit (TimeFormat), sorting as numbers through
// kSortRole; a swatch in the category's colour beside each cause.

#include "analysis/critical/critical_path.h"

#include <QAbstractTableModel>

#include <memory>

namespace tracelane {

class PathStepModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { OrderColumn, EventColumn, OnPathColumn, CauseColumn, EdgeColumn, StartColumn, ColumnCount };
    static constexpr int kSortRole = Qt::UserRole + 1;

    explicit PathStepModel(QObject *parent = nullptr);

    void setPath(std::shared_ptr<const Trace> trace, const CriticalPath &path);
    const std::vector<PathStep> &steps() const { return m_steps; }
    void refreshTimes();

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString edgeName(PathEdgeKind kind);

private:
    std::shared_ptr<const Trace> m_trace;
    std::vector<PathStep> m_steps; // those with an event
};

} // namespace tracelane
