#include "panels/compare/compare_panel.h"

#include "panels/common/result_table_model.h"
#include "panels/common/table_copy.h"

#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace tracelane {

namespace {
constexpr int kNameColumn = 0; // asTable(TraceDiff) puts the name first
}

ComparePanel::ComparePanel(QWidget *parent)
    : QWidget(parent)
    , m_model(new ResultTableModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_title(new QLabel(this))
    , m_filter(new QLineEdit(this))
    , m_view(new QTableView(this))
{
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(ResultTableModel::kSortRole);
    m_proxy->setFilterKeyColumn(-1);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);

    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_filter->setObjectName(QStringLiteral("compareFilter"));
    m_filter->setPlaceholderText(tr("Filter rows…"));
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, this,
            [this](const QString &text) { m_proxy->setFilterFixedString(text); });

    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(-1,
                         Qt::AscendingOrder); // the diff's own order (largest change first) until a header is clicked
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setMinimumSectionSize(1);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 2);
    m_view->horizontalHeader()->setStretchLastSection(false);
    m_view->setWordWrap(false);
    m_view->setTextElideMode(Qt::ElideMiddle); // long kernel names keep both ends
    addCopyAction(m_view);
    connect(m_view, &QTableView::clicked, this, [this](const QModelIndex &index) {
        emit nameActivated(m_proxy->index(index.row(), kNameColumn).data().toString());
    });

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_title);
    layout->addWidget(m_filter);
    layout->addWidget(m_view, 1);
}

QString ComparePanel::title() const
{
    return m_title->text();
}

void ComparePanel::setDiff(const QString &title, Table table)
{
    m_title->setText(title);
    m_model->setTable(std::move(table));
    // The name first, as every table reads: numbers sized to their contents,
    // the (long) name to two fifths of the table, elided in the middle, so a
    // half-screen window shows what each row is and most of its numbers.
    m_view->resizeColumnsToContents();
    m_view->setColumnWidth(kNameColumn, std::max(180, m_view->viewport()->width() * 2 / 5));
}

const Table &ComparePanel::table() const
{
    return m_model->table();
}

int ComparePanel::shownRowCount() const
{
    return m_proxy->rowCount();
}

QString ComparePanel::shownText(int row, int column) const
{
    return m_proxy->index(row, column).data().toString();
}

} // namespace tracelane
