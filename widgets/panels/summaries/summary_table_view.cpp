#include "panels/summaries/summary_table_view.h"

#include "panels/common/column_widths.h"
#include "panels/common/result_table_model.h"
#include "panels/common/table_copy.h"

#include <QFile>
#include <QFileDialog>
#include <QHeaderView>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QResizeEvent>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <sstream>

namespace tracelane {
namespace {

// Whether the rows' last cells are text: the names of an nsys-style report.
bool lastColumnHoldsNames(const Table &table)
{
    for (const auto &row : table.rows)
        if (!row.empty() && row.back().type != Cell::Type::Empty)
            return row.back().type == Cell::Type::Text;
    return !table.columns.empty(); // no rows: keep the nsys layout
}

} // namespace

SummaryTableView::SummaryTableView(QWidget *parent)
    : QWidget(parent)
    , m_model(new ResultTableModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_filter(new QLineEdit(this))
    , m_view(new QTableView(this))
{
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(ResultTableModel::kSortRole);
    m_proxy->setFilterKeyColumn(-1);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);

    m_filter->setObjectName(QStringLiteral("summaryFilter"));
    m_filter->setPlaceholderText(tr("Filter rows…"));
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString &text) { m_proxy->setFilterFixedString(text); });

    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(-1, Qt::AscendingOrder); // the report's own order until a header is clicked
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->verticalHeader()->hide();
    // Compact rows: one line of text and the grid line, no style padding.
    m_view->verticalHeader()->setMinimumSectionSize(1);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 2);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setWordWrap(false);
    m_view->setTextElideMode(Qt::ElideMiddle); // long kernel names keep both ends
    m_view->viewport()->installEventFilter(this);
    connect(m_view->horizontalHeader(), &QHeaderView::sectionResized, this, [this](int logical) {
        // The last section stretches with the view: that is no choice of the user's.
        QHeaderView *header = m_view->horizontalHeader();
        if (!m_fitting && header->visualIndex(logical) != header->count() - 1)
            m_userSized = true;
    });
    m_copy = addCopyAction(m_view);
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_view, &QWidget::customContextMenuRequested, this, &SummaryTableView::showContextMenu);
    connect(m_view, &QTableView::doubleClicked, this,
            [this](const QModelIndex &index) { emit rowActivated(nameAt(index.row())); });
    connect(m_view, &QTableView::clicked, this,
            [this](const QModelIndex &index) { emit rowClicked(m_proxy->mapToSource(index).row()); });

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_filter);
    layout->addWidget(m_view, 1);
}

QString SummaryTableView::nameAt(int shownRow) const
{
    return m_proxy->index(shownRow, m_model->columnCount() - 1).data().toString();
}

void SummaryTableView::showContextMenu(const QPoint &pos)
{
    QMenu menu(this);
    const int row = m_view->indexAt(pos).row();
    if (row >= 0) {
        const QString name = nameAt(row);
        menu.addAction(tr("List All Instances"), this, [this, name] { emit instancesRequested(name); });
        menu.addAction(tr("Show Longest Instance"), this, [this, name] { emit rowActivated(name); });
        menu.addSeparator();
        menu.addAction(m_copy);
    }
    menu.addAction(tr("Export as CSV…"), this, &SummaryTableView::chooseCsvFile);
    menu.exec(m_view->viewport()->mapToGlobal(pos));
}

void SummaryTableView::setTable(Table table)
{
    m_model->setTable(std::move(table));
    m_userSized = false;
    m_contentWidths = columnContentWidths(m_view); // once: a resize only shares the width out again
    // nsys's reports put the name column last (and the CLI prints them so); it
    // is shown first, since it is what people read. Reports whose last column
    // holds numbers (idle causes, overheads) keep their order. Only the view
    // moves it: CSV keeps the report's order.
    QHeaderView *header = m_view->horizontalHeader();
    for (int logical = 0; logical < header->count(); ++logical) // undo the move for an earlier table
        if (header->visualIndex(logical) != logical)
            header->moveSection(header->visualIndex(logical), logical);
    const int nameColumn = lastColumnHoldsNames(m_model->table()) ? m_model->columnCount() - 1 : -1;
    if (nameColumn > 0)
        header->moveSection(header->visualIndex(nameColumn), 0);
    fitColumns();
}

void SummaryTableView::fitColumns()
{
    const int nameColumn = lastColumnHoldsNames(m_model->table()) ? m_model->columnCount() - 1 : -1;
    m_fitting = true;
    fitColumnsNameFirst(m_view, m_contentWidths, nameColumn);
    m_fitting = false;
}

// The name's share follows the table's width (a tab filled while hidden, a
// dock resized) until the user sizes a column.
bool SummaryTableView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view->viewport() && event->type() == QEvent::Resize && !m_userSized
        && static_cast<QResizeEvent *>(event)->size().width() != static_cast<QResizeEvent *>(event)->oldSize().width())
        fitColumns();
    return QWidget::eventFilter(watched, event);
}

const Table &SummaryTableView::table() const
{
    return m_model->table();
}

void SummaryTableView::setFilter(const QString &text)
{
    m_filter->setText(text);
}

void SummaryTableView::sortBy(int column, Qt::SortOrder order)
{
    m_view->sortByColumn(column, order);
}

int SummaryTableView::shownRowCount() const
{
    return m_proxy->rowCount();
}

QString SummaryTableView::shownText(int row, int column) const
{
    return m_proxy->index(row, column).data().toString();
}

bool SummaryTableView::exportCsv(const QString &path, QString *error) const
{
    // The rows as shown, but with the report's exact cell text.
    Table shown;
    shown.columns = table().columns;
    for (int row = 0; row < m_proxy->rowCount(); ++row)
        shown.rows.push_back(table().rows[std::size_t(m_proxy->mapToSource(m_proxy->index(row, 0)).row())]);
    std::ostringstream out;
    writeCsv(out, shown);
    QFile file(path);
    const std::string text = out.str();
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)
        || file.write(text.data(), qint64(text.size())) != qint64(text.size())) {
        if (error)
            *error = tr("Could not write '%1': %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

void SummaryTableView::chooseCsvFile()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Table"), QString(), tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportCsv(path, &error))
        QMessageBox::warning(this, tr("Export failed"), error);
}

} // namespace tracelane
