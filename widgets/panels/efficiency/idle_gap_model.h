#pragma once
// The longest idle gaps of the GPU streams as a table: stream, start (from the
// trace start), length, cause, the launch call of the operation after the gap
// and that operation (last: kernel names are the longest). Times are written in the panels' unit (TimeFormat) and sort as
// numbers through kSortRole.

#include "analysis/efficiency/idle_causes.h"

#include <QAbstractTableModel>

#include <memory>

namespace tracelane {

class IdleGapModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { StreamColumn, StartColumn, LengthColumn, CauseColumn, LaunchCallColumn, NextOpColumn, ColumnCount };
    static constexpr int kSortRole = Qt::UserRole + 1;

    explicit IdleGapModel(QObject *parent = nullptr);

    void setGaps(std::shared_ptr<const Trace> trace, std::vector<IdleGap> gaps);
    const std::vector<IdleGap> &gaps() const { return m_gaps; }
    // The display unit changed: the time columns are written again.
    void refreshTimes();

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QString streamLabel(const IdleGap &gap) const;
    QString opName(EventRef ref, bool full) const;

    std::shared_ptr<const Trace> m_trace;
    std::vector<IdleGap> m_gaps;
};

} // namespace tracelane
