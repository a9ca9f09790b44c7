#include "panels/instances/instance_table_model.h"

#include "export/row_stream.h"
#include "panels/instances/instance_sort_keys.h"
#include "sql/event_id.h"
#include "time_format.h"
#include "timeline/track_grouping.h"
#include "trace_text.h"

#include <algorithm>
#include <numeric>
#include <unordered_map>

namespace tracelane {
InstanceTableModel::InstanceTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

QString InstanceTableModel::laneLabel(const Trace &trace, std::uint32_t track)
{
    const Track &t = trace.tracks[track];
    QString owner;
    if (t.stream >= 0) {
        const std::int32_t device = trace.streams[std::size_t(t.stream)].device;
        owner = device >= 0 ? tr("GPU %1").arg(trace.devices[std::size_t(device)].id) : tr("GPU");
    } else if (t.thread >= 0) {
        owner = TrackGrouping::threadLabel(trace, t.thread);
    } else if (t.process >= 0) {
        owner = TrackGrouping::processLabel(trace, t.process);
    }
    const QString label = TrackGrouping::trackLabel(trace, track);
    return owner.isEmpty() ? label : tr("%1 › %2").arg(owner, label);
}

void InstanceTableModel::setEvents(std::shared_ptr<const Trace> trace, std::vector<EventRef> events)
{
    beginResetModel();
    m_trace = std::move(trace);
    m_events = m_trace ? std::move(events) : std::vector<EventRef>{};
    m_filter.clear();
    // Refs from elsewhere are checked once here, so data() can trust them.
    if (m_trace) {
        const Trace &t = *m_trace;
        std::erase_if(m_events, [&t](EventRef ref) {
            return ref.track >= t.tracks.size() || ref.index >= t.tracks[ref.track].events.size();
        });
    }
    m_laneLabels.assign(m_trace ? m_trace->tracks.size() : 0, QString());
    m_hasGpuWork = false;
    for (EventRef ref : m_events) {
        if (m_laneLabels[ref.track].isNull())
            m_laneLabels[ref.track] = laneLabel(*m_trace, ref.track);
        m_hasGpuWork = m_hasGpuWork || isGpuWork(m_trace->event(ref).kind);
    }
    sortOrder();
    applyFilter();
    endResetModel();
    emit shownChanged();
}

std::vector<EventRef> InstanceTableModel::shownEvents() const
{
    std::vector<EventRef> shown;
    shown.reserve(m_shown.size());
    for (std::uint32_t i : m_shown)
        shown.push_back(m_events[i]);
    return shown;
}

EventRef InstanceTableModel::eventAt(int row) const
{
    return row >= 0 && std::size_t(row) < m_shown.size() ? m_events[m_shown[std::size_t(row)]] : EventRef{};
}

void InstanceTableModel::setFilter(const QString &text)
{
    if (text == m_filter)
        return;
    beginResetModel();
    m_filter = text;
    applyFilter();
    endResetModel();
    emit shownChanged();
}

void InstanceTableModel::refreshTimes()
{
    if (!m_shown.empty())
        emit dataChanged(index(0, StartColumn), index(rowCount() - 1, DurationColumn));
}

void InstanceTableModel::sort(int column, Qt::SortOrder order)
{
    if (column < 0 || column >= ColumnCount)
        return;
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    // Persistent indexes (the view's selection) follow their events.
    const QModelIndexList before = persistentIndexList();
    std::vector<std::uint32_t> eventOf;
    eventOf.reserve(std::size_t(before.size()));
    for (const QModelIndex &index : before)
        eventOf.push_back(m_shown[std::size_t(index.row())]);
    m_sortColumn = column;
    m_sortDirection = order;
    sortOrder();
    applyFilter();
    std::vector<int> rowOf(m_events.size(), -1);
    for (std::size_t row = 0; row < m_shown.size(); ++row)
        rowOf[m_shown[row]] = int(row);
    QModelIndexList after;
    after.reserve(before.size());
    for (qsizetype i = 0; i < before.size(); ++i)
        after.append(index(rowOf[eventOf[std::size_t(i)]], before[i].column()));
    changePersistentIndexList(before, after);
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

void InstanceTableModel::sortOrder()
{
    m_order.resize(m_events.size());
    std::iota(m_order.begin(), m_order.end(), 0u);
    if (!m_trace)
        return;
    const Trace &trace = *m_trace;
    std::vector<std::int64_t> keys;
    switch (m_sortColumn) {
    case StartColumn:
    case DurationColumn:
        keys.reserve(m_events.size());
        for (EventRef ref : m_events)
            keys.push_back(m_sortColumn == StartColumn ? trace.event(ref).start : trace.event(ref).duration);
        break;
    case LaneColumn: keys = laneRanks(m_events, m_laneLabels); break;
    case NameColumn: keys = nameRanks(trace, m_events); break;
    case GridColumn: keys = argRanks(trace, m_events, "grid"); break;
    case BlockColumn: keys = argRanks(trace, m_events, "block"); break;
    case LaunchedByColumn: keys = launcherRanks(trace, m_events); break;
    }
    // Stable, so equal keys keep the order the list came in (by start).
    const bool descending = m_sortDirection == Qt::DescendingOrder;
    std::stable_sort(m_order.begin(), m_order.end(), [&keys, descending](std::uint32_t a, std::uint32_t b) {
        return descending ? keys[b] < keys[a] : keys[a] < keys[b];
    });
}

void InstanceTableModel::applyFilter()
{
    if (m_filter.isEmpty() || !m_trace) {
        m_shown = m_order;
        return;
    }
    const Trace &trace = *m_trace;
    // The text is matched once per lane and once per distinct name, not per row.
    std::vector<std::int8_t> laneMatches(m_laneLabels.size(), -1);
    std::unordered_map<StringId, bool> nameMatches;
    auto passes = [&](EventRef ref) {
        std::int8_t &lane = laneMatches[ref.track];
        if (lane < 0)
            lane = m_laneLabels[ref.track].contains(m_filter, Qt::CaseInsensitive) ? 1 : 0;
        if (lane)
            return true;
        const StringId name = trace.event(ref).name;
        auto [it, added] = nameMatches.try_emplace(name, false);
        if (added)
            it->second = fromView(trace.strings.view(name)).contains(m_filter, Qt::CaseInsensitive);
        return it->second;
    };
    m_shown.clear();
    for (std::uint32_t i : m_order) {
        if (passes(m_events[i]))
            m_shown.push_back(i);
    }
}

int InstanceTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_shown.size());
}

int InstanceTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString InstanceTableModel::cellText(EventRef ref, int column) const
{
    const Trace &trace = *m_trace;
    const Event &e = trace.event(ref);
    switch (column) {
    case StartColumn: return TimeFormat::shownPosition(e.start - trace.startNs);
    case DurationColumn: return TimeFormat::shownDuration(e.duration);
    case LaneColumn: return m_laneLabels[ref.track];
    case NameColumn: return fromView(trace.name(ref));
    case GridColumn: return isGpuWork(e.kind) ? argText(trace, ref, "grid") : QString();
    case BlockColumn: return isGpuWork(e.kind) ? argText(trace, ref, "block") : QString();
    case LaunchedByColumn: {
        const EventRef call = launchingCall(trace, ref);
        return call.isValid() ? fromView(trace.name(call)) : QString();
    }
    default: return {};
    }
}

QVariant InstanceTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || !m_trace || std::size_t(index.row()) >= m_shown.size())
        return {};
    const EventRef ref = m_events[m_shown[std::size_t(index.row())]];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole: return cellText(ref, column);
    case Qt::ToolTipRole:
        if (column == StartColumn)
            return tr("%1 ns from the trace start").arg(m_trace->event(ref).start - m_trace->startNs);
        if (column == DurationColumn)
            return tr("%1 ns").arg(m_trace->event(ref).duration);
        if (column == LaneColumn)
            return TrackGrouping::trackPath(*m_trace, ref.track);
        return cellText(ref, column); // the whole name, when the cell elides it
    case Qt::TextAlignmentRole:
        return (Qt::Alignment(column == StartColumn || column == DurationColumn ? Qt::AlignRight : Qt::AlignLeft)
                | Qt::AlignVCenter)
            .toInt();
    default: return {};
    }
}

QVariant InstanceTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case StartColumn: return tr("Start");
    case DurationColumn: return tr("Duration");
    case LaneColumn: return tr("Lane");
    case NameColumn: return tr("Name");
    case GridColumn: return tr("Grid");
    case BlockColumn: return tr("Block");
    case LaunchedByColumn: return tr("Launched by");
    default: return {};
    }
}

void InstanceTableModel::writeCsv(std::ostream &out) const
{
    RowStream rows(out, RowStream::Format::Csv,
                   {"Id", "Start (ns)", "Duration (ns)", "Lane", "Name", "Grid", "Block", "Launched by"});
    for (std::uint32_t i : m_shown) {
        const EventRef ref = m_events[i];
        const Event &e = m_trace->event(ref);
        rows.integer(sqlEventId(ref));
        rows.integer(e.start - m_trace->startNs);
        rows.integer(e.duration);
        for (int column : {int(LaneColumn), int(NameColumn), int(GridColumn), int(BlockColumn), int(LaunchedByColumn)})
            rows.text(cellText(ref, column).toStdString());
        rows.endRow();
    }
    rows.finish();
}

} // namespace tracelane
