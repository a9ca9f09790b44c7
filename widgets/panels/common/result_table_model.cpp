#include "panels/common/result_table_model.h"

#include "panels/common/column_titles.h"

namespace tracelane {

ResultTableModel::ResultTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void ResultTableModel::setTable(Table table)
{
    beginResetModel();
    m_table = std::move(table);
    endResetModel();
}

int ResultTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_table.rows.size());
}

int ResultTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_table.columns.size());
}

QVariant ResultTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || std::size_t(index.row()) >= m_table.rows.size())
        return {};
    const auto &row = m_table.rows[std::size_t(index.row())];
    if (std::size_t(index.column()) >= row.size())
        return {};
    const Cell &cell = row[std::size_t(index.column())];
    const bool number = cell.type == Cell::Type::Int || cell.type == Cell::Type::Fixed;
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        return cell.type == Cell::Type::Text ? cellText(cell.s) : QString::fromStdString(cell.toString());
    case kSortRole:
        if (cell.type == Cell::Type::Int)
            return qlonglong(cell.i);
        if (cell.type == Cell::Type::Fixed)
            return cell.d;
        return QString::fromStdString(cell.s);
    case Qt::TextAlignmentRole:
        return (Qt::Alignment(number ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter).toInt();
    default:
        return {};
    }
}

bool ResultTableModel::isNumericColumn(int column) const
{
    // A report's column holds one type; the first row tells which.
    if (m_table.rows.empty() || std::size_t(column) >= m_table.rows.front().size())
        return false;
    const Cell::Type type = m_table.rows.front()[std::size_t(column)].type;
    return type == Cell::Type::Int || type == Cell::Type::Fixed;
}

QVariant ResultTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || std::size_t(section) >= m_table.columns.size())
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole)
        return columnTitle(m_table.columns[std::size_t(section)]);
    if (role == Qt::ToolTipRole) // the name in exports and SQL
        return QString::fromStdString(m_table.columns[std::size_t(section)]);
    if (role == Qt::InitialSortOrderRole) // the header's first click: biggest numbers first, names A to Z
        return int(isNumericColumn(section) ? Qt::DescendingOrder : Qt::AscendingOrder);
    return QAbstractTableModel::headerData(section, orientation, role);
}

} // namespace tracelane
