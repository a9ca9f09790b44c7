#include "panels/ranks/rank_views.h"

#include "panels/common/table_copy.h"
#include "panels/ranks/rank_table_model.h"

#include <QFont>
#include <QFontMetrics>
#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QStyle>
#include <QTableView>

#include <algorithm>
#include <cmath>

namespace tracelane {
namespace {

// The widest cell of a column (bold where the model says so), with the view's padding.
int rankCellsWidth(const QTableView *view, int column)
{
    const QAbstractItemModel *model = view->model();
    int widest = 0;
    for (int r = 0; r < model->rowCount(); ++r) {
        const QModelIndex index = model->index(r, column);
        const QVariant font = index.data(Qt::FontRole);
        const QFontMetrics metrics(font.isValid() ? font.value<QFont>() : view->font());
        widest = std::max(widest, metrics.horizontalAdvance(index.data().toString()));
    }
    return widest + 2 * view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) + 10;
}

} // namespace

QLabel *rankNote(QWidget *parent, const QString &objectName)
{
    auto *label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setWordWrap(true);
    label->setContentsMargins(4, 2, 4, 2);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

QTableView *rankTableView(QWidget *parent, QSortFilterProxyModel *proxy, const QString &objectName)
{
    auto *view = new QTableView(parent);
    view->setObjectName(objectName);
    view->setModel(proxy);
    view->setSortingEnabled(true);
    view->sortByColumn(-1, Qt::AscendingOrder); // the summary's order (by rank, by iteration) until a header is clicked
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->verticalHeader()->hide();
    view->verticalHeader()->setMinimumSectionSize(1);
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 4);
    view->horizontalHeader()->setStretchLastSection(false);
    // Long titles ("Overlap with Compute (%)") wrap, so the numbers set the widths.
    view->horizontalHeader()->setDefaultAlignment(Qt::Alignment::fromInt(Qt::AlignCenter | Qt::TextWordWrap));
    view->setWordWrap(false);
    view->setTextElideMode(Qt::ElideMiddle); // file names keep their rank suffix
    addCopyAction(view);
    return view;
}

// Each column as wide as its cells or the longest word of its title, whichever
// is wider (the title wraps onto more lines), at most two title lines; file names at most about 36
// characters (elided in the middle).
void fitRankColumns(QTableView *view)
{
    QHeaderView *header = view->horizontalHeader();
    const QFontMetrics metrics(header->font());
    const int padding = 2 * header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header) + 8;
    const int longestName = view->fontMetrics().averageCharWidth() * 36;
    int lines = 1;
    for (int c = 0; c < header->count(); ++c) {
        if (view->isColumnHidden(c))
            continue;
        const QString title = view->model()->headerData(c, Qt::Horizontal).toString();
        int word = 0;
        for (const QString &part : title.split(QLatin1Char(' '), Qt::SkipEmptyParts))
            word = std::max(word, metrics.horizontalAdvance(part));
        const bool numbers = view->model()->index(0, c).data(Qt::TextAlignmentRole).toInt() & Qt::AlignRight;
        const int cells = numbers ? rankCellsWidth(view, c) : std::min(rankCellsWidth(view, c), longestName);
        const int width = std::max({cells, word + padding, metrics.horizontalAdvance(title) / 2 + padding});
        view->setColumnWidth(c, width);
        const QRect wrapped = metrics.boundingRect(QRect(0, 0, width - padding, 1000), Qt::TextWordWrap, title);
        lines = std::max(lines, int(std::ceil(double(wrapped.height()) / metrics.lineSpacing())));
    }
    header->setMinimumHeight(lines * metrics.lineSpacing() + 8);
}

QSortFilterProxyModel *rankSortingProxy(RankTableModel *model, QObject *parent)
{
    auto *proxy = new QSortFilterProxyModel(parent);
    proxy->setSourceModel(model);
    proxy->setSortRole(RankTableModel::kSortRole);
    return proxy;
}

} // namespace tracelane
