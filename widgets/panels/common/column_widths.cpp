#include "panels/common/column_widths.h"

#include <QAbstractItemModel>
#include <QEvent>
#include <QHeaderView>
#include <QStyle>
#include <QTableView>

#include <algorithm>

namespace tracelane {

int columnContentWidth(const QTableView *view, int column, int rowLimit)
{
    const QAbstractItemModel *model = view->model();
    if (!model || column < 0 || column >= model->columnCount())
        return 0;
    const QFontMetrics metrics = view->fontMetrics();
    // As QItemDelegate pads a cell: the focus frame's margin on each side, and one more pixel.
    const int padding = 2 * (view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) + 1);
    int widest = view->horizontalHeader()->sectionSizeHint(column);
    const int rows = std::min(model->rowCount(), rowLimit);
    // A cell with a swatch or icon before its text needs room for it too.
    const int icon = view->style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, view) + 4;
    for (int row = 0; row < rows; ++row) {
        const QModelIndex index = model->index(row, column);
        const int decoration = index.data(Qt::DecorationRole).isValid() ? icon : 0;
        widest = std::max(widest, metrics.horizontalAdvance(index.data().toString()) + padding + decoration);
    }
    return widest;
}

std::vector<int> columnContentWidths(const QTableView *view)
{
    std::vector<int> widths;
    if (const QAbstractItemModel *model = view->model())
        for (int column = 0; column < model->columnCount(); ++column)
            widths.push_back(columnContentWidth(view, column));
    return widths;
}

void fitColumnsNameFirst(QTableView *view, const std::vector<int> &contentWidths, int nameColumn)
{
    for (int column = 0; column < int(contentWidths.size()); ++column) {
        const int content = contentWidths[std::size_t(column)];
        if (column != nameColumn) {
            view->setColumnWidth(column, content);
            continue;
        }
        const int most = std::max(view->viewport()->width() * 3 / 5, view->fontMetrics().averageCharWidth() * 25);
        view->setColumnWidth(column, std::min(content, most));
    }
}

NameFirstColumns::NameFirstColumns(QTableView *view, int nameColumn)
    : QObject(view)
    , m_view(view)
    , m_nameColumn(nameColumn)
{
    // The viewport, not the view: when the view hears of a resize its viewport
    // still has the old width, and the columns are shared out of that.
    view->viewport()->installEventFilter(this);
}

void NameFirstColumns::measure()
{
    m_widths = columnContentWidths(m_view);
    // The style draws the grid and the text margins inside the section: a few
    // pixels more keep short numbers from being elided by one character.
    for (int &width : m_widths)
        width += 6;
    fitColumnsNameFirst(m_view, m_widths, m_nameColumn);
}

bool NameFirstColumns::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view->viewport() && event->type() == QEvent::Resize && !m_widths.empty())
        fitColumnsNameFirst(m_view, m_widths, m_nameColumn);
    return QObject::eventFilter(watched, event);
}

} // namespace tracelane
