#include "panels/critical/finding_models.h"

#include "panels/critical/finding_text.h"
#include "time_format.h"

#include <QColor>

#include <numeric>

namespace tracelane {

FindingModel::FindingModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void FindingModel::setFindings(std::vector<Finding> findings, std::vector<TimeNs> onPath)
{
    beginResetModel();
    onPath.resize(findings.size(), 0);
    std::vector<std::size_t> order(findings.size());
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return std::tuple(onPath[b], findings[b].time) < std::tuple(onPath[a], findings[a].time);
    });
    m_findings.clear();
    m_onPath.clear();
    for (const std::size_t i : order) {
        m_findings.push_back(std::move(findings[i]));
        m_onPath.push_back(onPath[i]);
    }
    endResetModel();
}

void FindingModel::refreshTimes()
{
    if (!m_findings.empty())
        emit dataChanged(index(0, OnPathColumn), index(rowCount() - 1, TimeColumn));
}

int FindingModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_findings.size());
}

int FindingModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant FindingModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || std::size_t(index.row()) >= m_findings.size())
        return {};
    const Finding &f = m_findings[std::size_t(index.row())];
    const TimeNs onPath = m_onPath[std::size_t(index.row())];
    if (role == kSortRole) {
        switch (index.column()) {
        case SeverityColumn: return int(f.severity);
        case OnPathColumn: return qlonglong(onPath);
        case TimeColumn: return qlonglong(f.time);
        case CountColumn: return qlonglong(f.count);
        case ShareColumn: return f.shareOfStep;
        default: return data(index, Qt::DisplayRole);
        }
    }
    if (role == Qt::DecorationRole && index.column() == SeverityColumn) {
        switch (f.severity) {
        case Severity::High: return QColor::fromRgb(0xD55E00);
        case Severity::Medium: return QColor::fromRgb(0xE69F00);
        case Severity::Low: return QColor::fromRgb(0x999999);
        }
    }
    if (role == Qt::ToolTipRole && index.column() == ProblemColumn)
        return QString::fromStdString(f.message);
    if (role == Qt::TextAlignmentRole && index.column() >= OnPathColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case SeverityColumn: return FindingText::severity(int(f.severity));
    case ProblemColumn: return FindingText::title(f.rule);
    case OnPathColumn: return TimeFormat::shownDuration(onPath);
    case TimeColumn: return TimeFormat::shownDuration(f.time);
    case CountColumn: return qlonglong(f.count);
    case ShareColumn: return QStringLiteral("%1 %").arg(f.shareOfStep, 0, 'f', 1);
    }
    return {};
}

QVariant FindingModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case SeverityColumn: return tr("Severity");
    case ProblemColumn: return tr("Problem");
    case OnPathColumn: return tr("On Critical Path");
    case TimeColumn: return tr("Time");
    case CountColumn: return tr("Count");
    case ShareColumn: return tr("Share of Step");
    }
    return {};
}

FindingEventModel::FindingEventModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void FindingEventModel::setEvents(std::shared_ptr<const Trace> trace, std::vector<FindingEvent> events)
{
    beginResetModel();
    m_trace = std::move(trace);
    m_events = std::move(events);
    endResetModel();
}

void FindingEventModel::refreshTimes()
{
    if (!m_events.empty())
        emit dataChanged(index(0, StartColumn), index(rowCount() - 1, CostColumn));
}

int FindingEventModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_events.size());
}

int FindingEventModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString FindingEventModel::eventName(const FindingEvent &event) const
{
    const EventRef ref = event.event.isValid() ? event.event : event.call;
    if (!m_trace || !ref.isValid()) {
        // A region of time (a chunk, a step): named by its GPU, its times are beside it.
        if (m_trace && event.device >= 0 && std::size_t(event.device) < m_trace->devices.size())
            return tr("GPU %1").arg(m_trace->devices[std::size_t(event.device)].id);
        return tr("Time region");
    }
    const std::string_view name = m_trace->name(ref);
    return QString::fromUtf8(name.data(), qsizetype(name.size()));
}

QVariant FindingEventModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || std::size_t(index.row()) >= m_events.size())
        return {};
    const FindingEvent &e = m_events[std::size_t(index.row())];
    if (role == kSortRole) {
        switch (index.column()) {
        case StartColumn: return qlonglong(e.start);
        case DurationColumn: return qlonglong(e.duration);
        case CostColumn: return qlonglong(e.cost);
        default: return data(index, Qt::DisplayRole);
        }
    }
    if (role == Qt::TextAlignmentRole && index.column() != EventColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == EventColumn)
        return eventName(e);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case EventColumn: return eventName(e);
    case StartColumn: return TimeFormat::shownPosition(e.start - (m_trace ? m_trace->startNs : 0));
    case DurationColumn: return TimeFormat::shownDuration(e.duration);
    case CostColumn: return TimeFormat::shownDuration(e.cost);
    }
    return {};
}

QVariant FindingEventModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case EventColumn: return tr("Event");
    case StartColumn: return tr("Start");
    case DurationColumn: return tr("Duration");
    case CostColumn: return tr("Cost");
    }
    return {};
}

} // namespace tracelane
