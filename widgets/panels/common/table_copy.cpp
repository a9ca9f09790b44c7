#include "panels/common/table_copy.h"

#include <QAbstractItemView>
#include <QAction>
#include <QClipboard>
#include <QCoreApplication>
#include <QGuiApplication>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QTableView>

#include <algorithm>

namespace tracelane {

QString selectedCellsText(const QAbstractItemView *view)
{
    const QAbstractItemModel *model = view->model();
    if (!model)
        return {};
    QModelIndexList rows = view->selectionModel() ? view->selectionModel()->selectedRows() : QModelIndexList{};
    if (rows.isEmpty()) {
        const QModelIndex current = view->currentIndex();
        return current.isValid() ? current.data().toString() : QString();
    }
    std::sort(rows.begin(), rows.end(), [](const QModelIndex &a, const QModelIndex &b) { return a.row() < b.row(); });
    // Columns in the order shown (a header may have moved them).
    const auto *table = qobject_cast<const QTableView *>(view);
    const QHeaderView *header = table ? table->horizontalHeader() : nullptr;
    QStringList lines;
    for (const QModelIndex &row : rows) {
        QStringList cells;
        for (int visual = 0; visual < model->columnCount(row.parent()); ++visual) {
            const int column = header ? header->logicalIndex(visual) : visual;
            if (header && header->isSectionHidden(column))
                continue;
            cells << model->index(row.row(), column, row.parent()).data().toString();
        }
        lines << cells.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n'));
}

void copySelectedCells(const QAbstractItemView *view)
{
    const QString text = selectedCellsText(view);
    if (!text.isEmpty())
        QGuiApplication::clipboard()->setText(text);
}

QAction *addCopyAction(QAbstractItemView *view)
{
    auto *copy = new QAction(QCoreApplication::translate("TableCopy", "Copy"), view);
    copy->setObjectName(QStringLiteral("copyCells"));
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetShortcut);
    QObject::connect(copy, &QAction::triggered, view, [view] { copySelectedCells(view); });
    view->addAction(copy);
    return copy;
}

} // namespace tracelane
