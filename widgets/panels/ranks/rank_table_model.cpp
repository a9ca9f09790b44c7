#include "panels/ranks/rank_table_model.h"

#include "panels/common/column_titles.h"
#include "time_format.h"

#include <QFont>

#include <cmath>
#include <limits>

namespace tracelane {
namespace {

constexpr char kNsSuffix[] = " (ns)";

bool endsWithNs(const std::string &column)
{
    const std::string_view suffix(kNsSuffix);
    return column.size() > suffix.size() && column.compare(column.size() - suffix.size(), suffix.size(), suffix) == 0;
}

} // namespace

RankTableModel::RankTableModel(QObject *parent)
    : ResultTableModel(parent)
{
}

void RankTableModel::setReport(Table table)
{
    m_numeric.assign(table.columns.size(), false);
    for (const auto &row : table.rows)
        for (std::size_t c = 0; c < row.size() && c < m_numeric.size(); ++c)
            m_numeric[c] = m_numeric[c] || row[c].type == Cell::Type::Int || row[c].type == Cell::Type::Fixed;
    m_emphasisRow = -1;
    setTable(std::move(table));
}

void RankTableModel::setEmphasis(int row, const QString &toolTip)
{
    m_emphasisRow = row;
    m_emphasisToolTip = toolTip;
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

void RankTableModel::setEmphasisBackground(const QColor &color)
{
    m_emphasisBackground = color;
    if (m_emphasisRow >= 0 && m_emphasisRow < rowCount())
        emit dataChanged(index(m_emphasisRow, 0), index(m_emphasisRow, columnCount() - 1), {Qt::BackgroundRole});
}

void RankTableModel::refreshTimes()
{
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1), {Qt::DisplayRole});
}

bool RankTableModel::isDurationColumn(int column) const
{
    return column >= 0 && std::size_t(column) < table().columns.size()
        && endsWithNs(table().columns[std::size_t(column)]);
}

QVariant RankTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || std::size_t(index.row()) >= table().rows.size())
        return {};
    const auto &row = table().rows[std::size_t(index.row())];
    if (std::size_t(index.column()) >= row.size())
        return {};
    const Cell &cell = row[std::size_t(index.column())];
    const bool emphasised = index.row() == m_emphasisRow;
    switch (role) {
    case Qt::DisplayRole:
        if (isDurationColumn(index.column()) && cell.type == Cell::Type::Int)
            return TimeFormat::shownDuration(cell.i);
        if (isDurationColumn(index.column()) && cell.type == Cell::Type::Fixed)
            return TimeFormat::shownDuration(TimeNs(std::llround(cell.d)));
        if (cell.type == Cell::Type::Text && cell.s == "yes") // rankTable's Straggler column
            return tr("yes");
        break;
    case Qt::ToolTipRole:
        if (emphasised && !m_emphasisToolTip.isEmpty())
            return m_emphasisToolTip;
        if (isDurationColumn(index.column()) && cell.type != Cell::Type::Empty)
            return tr("%1 ns").arg(QString::fromStdString(cell.toString()));
        break;
    case kSortRole:
        // An empty cell (a rank without iterations) sorts below every number
        // rather than beside them as text.
        if (cell.type == Cell::Type::Empty && std::size_t(index.column()) < m_numeric.size()
            && m_numeric[std::size_t(index.column())])
            return std::numeric_limits<double>::lowest();
        break;
    case Qt::FontRole:
        if (emphasised) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::BackgroundRole:
        if (emphasised && m_emphasisBackground.isValid())
            return m_emphasisBackground;
        return {};
    default: break;
    }
    return ResultTableModel::data(index, role);
}

QVariant RankTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    // The cells carry their unit, so the header names the column without "(ns)".
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole && isDurationColumn(section)) {
        const std::string &column = table().columns[std::size_t(section)];
        return columnTitle(column.substr(0, column.size() - std::string_view(kNsSuffix).size()));
    }
    return ResultTableModel::headerData(section, orientation, role);
}

} // namespace tracelane
