#include "panels/common/column_widths.h"

#include <QAbstractItemModel>
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
    for (int row = 0; row < rows; ++row)
        widest = std::max(widest, metrics.horizontalAdvance(model->index(row, column).data().toString()) + padding);
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

} // namespace tracelane
