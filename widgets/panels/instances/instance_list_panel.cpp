#include "panels/instances/instance_list_panel.h"

#include "panels/common/table_copy.h"
#include "panels/instances/instance_table_model.h"

#include <QAction>
#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QScopedValueRollback>
#include <QTableView>
#include <QVBoxLayout>

#include <filesystem>
#include <fstream>

namespace tracelane {
namespace {

// Column widths in average characters: enough for "123.456789012 ms" and a
// "python (12345) › CUDA API" lane; the name takes what is left.
constexpr int kLaneChars = 30;
constexpr int kLaunchedByChars = 24;
constexpr int kMinNameChars = 42;

} // namespace

InstanceListPanel::InstanceListPanel(QWidget *parent)
    : QWidget(parent)
    , m_model(new InstanceTableModel(this))
    , m_title(new QLabel(this))
    , m_filter(new QLineEdit(this))
    , m_count(new QLabel(this))
    , m_export(new QPushButton(tr("Export CSV…"), this))
    , m_view(new QTableView(this))
{
    m_title->setObjectName(QStringLiteral("instancesTitle"));
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // A long kernel name must not widen the dock: the label clips, the tooltip has it all.
    m_title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_filter->setObjectName(QStringLiteral("instancesFilter"));
    m_filter->setPlaceholderText(tr("Filter by name or lane…"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setMaximumWidth(260);
    m_count->setObjectName(QStringLiteral("instancesCount"));
    m_export->setObjectName(QStringLiteral("instancesExport"));
    m_export->setToolTip(tr("Write the rows shown to a CSV file (times in ns)"));

    m_view->setObjectName(QStringLiteral("instancesTable"));
    m_view->setModel(m_model);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(InstanceTableModel::StartColumn, Qt::AscendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setWordWrap(false);
    m_view->setTextElideMode(Qt::ElideMiddle); // kernel names differ at both ends
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->setHighlightSections(false);
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    QAction *copy = addCopyAction(m_view);
    m_view->viewport()->installEventFilter(this);
    connect(m_view->horizontalHeader(), &QHeaderView::sectionResized, this, [this](int column) {
        if (!m_fitting && column == InstanceTableModel::NameColumn)
            m_nameWidthByUser = true;
    });

    auto *row = new QHBoxLayout;
    row->setContentsMargins(4, 2, 4, 0);
    row->addWidget(m_title, 3);
    row->addWidget(m_filter, 2);
    row->addWidget(m_count);
    row->addWidget(m_export);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(row);
    layout->addWidget(m_view, 1);

    connect(m_filter, &QLineEdit::textChanged, m_model, &InstanceTableModel::setFilter);
    connect(m_model, &InstanceTableModel::shownChanged, this, [this] {
        updateCount();
        emit shownChanged();
    });
    connect(m_export, &QPushButton::clicked, this, &InstanceListPanel::chooseCsvFile);
    // A click selects at once; Enter (or a double click) on the current row does the same.
    connect(m_view, &QTableView::clicked, this, [this](const QModelIndex &index) { activateRow(index.row()); });
    connect(m_view, &QTableView::activated, this, [this](const QModelIndex &index) { activateRow(index.row()); });
    connect(m_view, &QWidget::customContextMenuRequested, this, [this, copy](const QPoint &pos) {
        QMenu menu(this);
        const int clicked = m_view->indexAt(pos).row();
        if (clicked >= 0) {
            menu.addAction(tr("Select on Timeline"), this, [this, clicked] { activateRow(clicked); });
            menu.addAction(copy);
        }
        menu.addAction(tr("Export as CSV…"), this, &InstanceListPanel::chooseCsvFile)
            ->setEnabled(m_model->rowCount() > 0);
        menu.exec(m_view->viewport()->mapToGlobal(pos));
    });
    setTrace(nullptr);
}

void InstanceListPanel::setTrace(std::shared_ptr<const Trace> trace)
{
    m_trace = std::move(trace);
    showInstances(QString(), {});
}

void InstanceListPanel::showInstances(const QString &title, std::vector<EventRef> events)
{
    {
        // The model starts the new list unfiltered; the line's signal would filter the old one.
        const QSignalBlocker blocker(m_filter);
        m_filter->clear();
    }
    m_model->setEvents(m_trace, std::move(events));
    m_titleText = title;
    m_title->setToolTip(title);
    elideTitle();
    const bool gpu = m_model->hasGpuWork();
    for (int column :
         {InstanceTableModel::GridColumn, InstanceTableModel::BlockColumn, InstanceTableModel::LaunchedByColumn})
        m_view->setColumnHidden(column, !gpu);
    m_export->setEnabled(!m_model->events().empty());
    fitColumns();
}

QString InstanceListPanel::title() const
{
    return m_titleText;
}

const std::vector<EventRef> &InstanceListPanel::events() const
{
    return m_model->events();
}

std::vector<EventRef> InstanceListPanel::shownEvents() const
{
    return m_model->shownEvents();
}

QString InstanceListPanel::countText() const
{
    return m_count->text();
}

void InstanceListPanel::refreshTimes()
{
    m_model->refreshTimes();
}

void InstanceListPanel::updateCount()
{
    // Spelled out rather than "%n instance(s)": English has no plural translation here.
    const qsizetype total = qsizetype(m_model->events().size());
    const qsizetype shown = m_model->rowCount();
    const QLocale locale;
    if (total == 1)
        m_count->setText(shown == 1 ? tr("1 instance") : tr("0 of 1 instance"));
    else if (shown == total)
        m_count->setText(tr("%1 instances").arg(locale.toString(total)));
    else
        m_count->setText(tr("%1 of %2 instances").arg(locale.toString(shown), locale.toString(total)));
}

void InstanceListPanel::elideTitle()
{
    QString text = m_titleText;
    if (!m_trace)
        text = tr("No trace loaded");
    else if (text.isEmpty() && m_model->events().empty())
        text = tr("No list yet: press List All in the search bar (Ctrl+F), or right-click a summary row");
    m_title->setText(m_title->fontMetrics().elidedText(text, Qt::ElideMiddle, std::max(m_title->width(), 40)));
}

void InstanceListPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    elideTitle(); // the layout has sized the label by now
}

bool InstanceListPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view->viewport() && event->type() == QEvent::Resize && !m_nameWidthByUser)
        fitNameColumn();
    return QWidget::eventFilter(watched, event);
}

void InstanceListPanel::fitColumns()
{
    // Sized from the rows in view (Qt measures those, not all of them), then capped.
    const QScopedValueRollback<bool> fitting(m_fitting, true);
    m_nameWidthByUser = false;
    const int charWidth = fontMetrics().averageCharWidth();
    for (int column : {InstanceTableModel::StartColumn, InstanceTableModel::DurationColumn,
                       InstanceTableModel::GridColumn, InstanceTableModel::BlockColumn})
        m_view->resizeColumnToContents(column);
    m_view->resizeColumnToContents(InstanceTableModel::LaneColumn);
    m_view->setColumnWidth(InstanceTableModel::LaneColumn,
                           std::min(m_view->columnWidth(InstanceTableModel::LaneColumn), kLaneChars * charWidth));
    m_view->setColumnWidth(InstanceTableModel::LaunchedByColumn, kLaunchedByChars * charWidth);
    fitNameColumn();
}

void InstanceListPanel::fitNameColumn()
{
    const QScopedValueRollback<bool> fitting(m_fitting, true);
    const int charWidth = fontMetrics().averageCharWidth();
    int others = 0;
    for (int column = 0; column < InstanceTableModel::ColumnCount; ++column) {
        if (column != InstanceTableModel::NameColumn && !m_view->isColumnHidden(column))
            others += column == InstanceTableModel::LaunchedByColumn ? kLaunchedByChars * charWidth
                                                                     : m_view->columnWidth(column);
    }
    m_view->setColumnWidth(InstanceTableModel::NameColumn,
                           std::max(kMinNameChars * charWidth, m_view->viewport()->width() - others));
}

void InstanceListPanel::selectRow(int row)
{
    if (row < 0 || row >= m_model->rowCount())
        return;
    m_view->setCurrentIndex(m_model->index(row, InstanceTableModel::NameColumn));
    activateRow(row);
}

void InstanceListPanel::activateRow(int row)
{
    const EventRef ref = m_model->eventAt(row);
    if (ref.isValid())
        emit eventActivated(ref);
}

bool InstanceListPanel::exportCsv(const QString &path, QString *error) const
{
    // Streamed to the file: a list of a million events never sits in memory as text.
    std::ofstream out(std::filesystem::path(path.toStdU16String()), std::ios::binary | std::ios::trunc);
    if (out)
        m_model->writeCsv(out);
    out.flush();
    if (!out) {
        if (error)
            *error = tr("Could not write '%1'").arg(path);
        return false;
    }
    return true;
}

void InstanceListPanel::chooseCsvFile()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Instances"), QString(), tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportCsv(path, &error))
        QMessageBox::warning(this, tr("Export failed"), error);
}

} // namespace tracelane
