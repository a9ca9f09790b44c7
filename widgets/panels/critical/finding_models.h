#pragma once
// The Findings panel's two tables: one row per finding (severity, problem, its
// time on the critical path, its time, count, share of the step), and the
// events that show the chosen finding (event, start, duration, the time the
// rule counts). Times in the panels' unit (TimeFormat), sorting as numbers
// through kSortRole.

#include "analysis/findings/findings.h"

#include <QAbstractTableModel>

#include <memory>

namespace tracelane {

class FindingModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { SeverityColumn, ProblemColumn, OnPathColumn, TimeColumn, CountColumn, ShareColumn, ColumnCount };
    static constexpr int kSortRole = Qt::UserRole + 1;

    explicit FindingModel(QObject *parent = nullptr);

    // `onPath` parallel to `findings`: rows are ranked by it, then by time.
    void setFindings(std::vector<Finding> findings, std::vector<TimeNs> onPath);
    const Finding &finding(int row) const { return m_findings[std::size_t(row)]; }
    TimeNs onPath(int row) const { return m_onPath[std::size_t(row)]; }
    void refreshTimes();

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<Finding> m_findings;
    std::vector<TimeNs> m_onPath;
};

class FindingEventModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { EventColumn, StartColumn, DurationColumn, CostColumn, ColumnCount };
    static constexpr int kSortRole = Qt::UserRole + 1;

    explicit FindingEventModel(QObject *parent = nullptr);

    void setEvents(std::shared_ptr<const Trace> trace, std::vector<FindingEvent> events);
    const std::vector<FindingEvent> &events() const { return m_events; }
    void refreshTimes();

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QString eventName(const FindingEvent &event) const;

    std::shared_ptr<const Trace> m_trace;
    std::vector<FindingEvent> m_events;
};

} // namespace tracelane
