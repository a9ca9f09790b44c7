#include "panels/common/tree_name_column.h"

#include <QEvent>
#include <QHeaderView>
#include <QTreeView>

#include <algorithm>

namespace tracelane {

TreeNameColumn::TreeNameColumn(QTreeView *view, int nameColumn)
    : QObject(view), m_view(view), m_nameColumn(nameColumn)
{
    QHeaderView *header = view->header();
    header->setStretchLastSection(false);
    for (int c = 0; c < header->count(); ++c)
        header->setSectionResizeMode(c, c == nameColumn ? QHeaderView::Interactive : QHeaderView::ResizeToContents);
    connect(header, &QHeaderView::sectionCountChanged, this, [this] {
        QHeaderView *h = m_view->header();
        for (int c = 0; c < h->count(); ++c)
            h->setSectionResizeMode(c, c == m_nameColumn ? QHeaderView::Interactive : QHeaderView::ResizeToContents);
        fit();
    });
    // Number columns follow their contents when rows change: the name column takes what they leave.
    connect(header, &QHeaderView::sectionResized, this, [this](int column) {
        if (column != m_nameColumn)
            fit();
    });
    view->viewport()->installEventFilter(this);
}

void TreeNameColumn::fit()
{
    QHeaderView *header = m_view->header();
    int others = 0;
    for (int c = 0; c < header->count(); ++c)
        if (c != m_nameColumn && !header->isSectionHidden(c))
            others += header->sectionSize(c);
    const int minimum = 25 * m_view->fontMetrics().averageCharWidth();
    header->resizeSection(m_nameColumn, std::max(minimum, m_view->viewport()->width() - others));
}

bool TreeNameColumn::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view->viewport() && event->type() == QEvent::Resize)
        fit();
    return QObject::eventFilter(watched, event);
}

} // namespace tracelane
