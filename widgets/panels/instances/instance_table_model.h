#pragma once
// A list of events (search matches, the instances of a summary row) as a
// table: start (from the trace start), duration, lane, name and, for GPU
// work, grid, block and the API call that launched it. Cells are written when
// the view asks for them, so a list of a million events holds its refs and an
// index, not a million strings. Sorting and filtering happen here, on the
// trace's numbers and string ids, not by a proxy comparing QVariants: the
// rows shown are an index into the events.

#include "model/trace.h"

#include <QAbstractTableModel>

#include <memory>
#include <ostream>
#include <vector>

namespace tracelane {

class InstanceTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        StartColumn,
        DurationColumn,
        LaneColumn,
        NameColumn,
        GridColumn,
        BlockColumn,
        LaunchedByColumn,
        ColumnCount
    };

    explicit InstanceTableModel(QObject *parent = nullptr);

    // Replaces the list and clears the filter; the sort column stays. A null trace clears.
    void setEvents(std::shared_ptr<const Trace> trace, std::vector<EventRef> events);
    const std::vector<EventRef> &events() const { return m_events; }
    const Trace *trace() const { return m_trace.get(); }
    // The rows that pass the filter, in the order shown.
    std::vector<EventRef> shownEvents() const;
    EventRef eventAt(int row) const;
    bool hasGpuWork() const { return m_hasGpuWork; }

    // Case-insensitive substring of the name or the lane; empty shows all.
    void setFilter(const QString &text);
    QString filter() const { return m_filter; }

    // Writes the times again (after the time unit preference changed).
    void refreshTimes();

    // The rows shown, in the order shown, as CSV: times in ns (start from the
    // trace start, as the table shows it), the event's id as `tracelane-cli
    // events` and SQL give it first.
    void writeCsv(std::ostream &out) const;

    // The text of a lane: "python (1234) › CUDA API", "GPU 0 › Stream 7".
    static QString laneLabel(const Trace &trace, std::uint32_t track);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

signals:
    // The rows shown changed (a new list or filter), not only their order.
    void shownChanged();

private:
    QString cellText(EventRef ref, int column) const;
    void sortOrder();   // m_order from m_sortColumn and m_sortDirection
    void applyFilter(); // m_shown from m_order and m_filter

    std::shared_ptr<const Trace> m_trace;
    std::vector<EventRef> m_events;
    std::vector<std::uint32_t> m_order; // indices into m_events, sorted
    std::vector<std::uint32_t> m_shown; // m_order less the filtered out
    std::vector<QString> m_laneLabels;  // per track; only the tracks in the list are filled
    bool m_hasGpuWork = false;
    QString m_filter;
    int m_sortColumn = StartColumn;
    Qt::SortOrder m_sortDirection = Qt::AscendingOrder;
};

} // namespace tracelane
