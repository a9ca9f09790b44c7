#include "panels/marker_panel.h"

#include "time_format.h"
#include "timeline/marker_set.h"

#include <QAbstractTableModel>
#include <QAction>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QScopeGuard>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace tracelane {

class MarkerTableModel : public QAbstractTableModel
{
public:
    enum Column { Time, Length, Name, ColumnCount };

    using QAbstractTableModel::QAbstractTableModel;

    void setMarkers(MarkerSet *markers)
    {
        beginResetModel();
        m_markers = markers;
        endResetModel();
    }
    void setTraceStart(TimeNs start)
    {
        m_start = start;
        refresh();
    }
    void refresh()
    {
        if (m_renaming) // the order stays; a reset would close the editor under the view
            return;
        beginResetModel();
        endResetModel();
    }

    int rowCount(const QModelIndex &parent = {}) const override
    {
        return parent.isValid() || !m_markers ? 0 : m_markers->size();
    }
    int columnCount(const QModelIndex &parent = {}) const override { return parent.isValid() ? 0 : ColumnCount; }

    QVariant headerData(int section, Qt::Orientation orientation, int role) const override
    {
        if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
            return {};
        switch (section) {
        case Time: return MarkerPanel::tr("Time");
        case Length: return MarkerPanel::tr("Length");
        case Name: return MarkerPanel::tr("Name");
        default: return {};
        }
    }

    QVariant data(const QModelIndex &index, int role) const override
    {
        if (!index.isValid() || index.row() >= rowCount())
            return {};
        const Marker &m = m_markers->at(index.row());
        if (role == Qt::DisplayRole || role == Qt::EditRole) {
            switch (index.column()) {
            case Time: return TimeFormat::shownPosition(m.time - m_start);
            case Length: return m.end ? TimeFormat::shownDuration(*m.end - m.time) : QString();
            case Name: return m.name;
            default: return {};
            }
        }
        if (role == Qt::DecorationRole && index.column() == Name)
            return m.color;
        if (role == Qt::TextAlignmentRole && index.column() != Name)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    }

    Qt::ItemFlags flags(const QModelIndex &index) const override
    {
        Qt::ItemFlags f = QAbstractTableModel::flags(index);
        if (index.column() == Name)
            f |= Qt::ItemIsEditable;
        return f;
    }

    bool setData(const QModelIndex &index, const QVariant &value, int role) override
    {
        if (role != Qt::EditRole || index.column() != Name || index.row() >= rowCount())
            return false;
        const QString name = value.toString().trimmed();
        if (name.isEmpty())
            return false;
        m_renaming = true;
        m_markers->rename(index.row(), name);
        m_renaming = false;
        emit dataChanged(index, index);
        return true;
    }

private:
    MarkerSet *m_markers = nullptr;
    TimeNs m_start = 0;
    bool m_renaming = false;
};

MarkerPanel::MarkerPanel(QWidget *parent)
    : QWidget(parent)
    , m_model(new MarkerTableModel(this))
    , m_table(new QTableView(this))
    , m_placeholder(new QLabel(tr("No markers. Press M on the timeline to mark the selected event or the time "
                                  "under the mouse."),
                               this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_placeholder->setWordWrap(true);
    m_placeholder->setMargin(8);
    layout->addWidget(m_placeholder);
    layout->addWidget(m_table, 1);
    m_table->setObjectName(QStringLiteral("markerTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::EditKeyPressed | QAbstractItemView::SelectedClicked);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setColumnWidth(MarkerTableModel::Time, 120);
    m_table->setColumnWidth(MarkerTableModel::Length, 90);
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
        if (index.isValid())
            emit jumpRequested(index.row());
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (m_markers && current.isValid() && !m_following)
                    m_markers->select(current.row());
            });
    auto *remove = new QAction(tr("Remove Marker"), m_table);
    remove->setShortcuts({QKeySequence::Delete, QKeySequence(Qt::Key_Backspace)});
    remove->setShortcutContext(Qt::WidgetShortcut);
    connect(remove, &QAction::triggered, this, &MarkerPanel::removeSelected);
    m_table->addAction(remove);
    m_table->setContextMenuPolicy(Qt::ActionsContextMenu);
    updatePlaceholder();
}

void MarkerPanel::setMarkers(MarkerSet *markers)
{
    if (m_markers)
        disconnect(m_markers, nullptr, this, nullptr);
    m_markers = markers;
    m_model->setMarkers(markers);
    if (markers) {
        connect(markers, &MarkerSet::changed, this, [this] {
            m_model->refresh();
            showSelected(m_markers->selected());
            updatePlaceholder();
        });
        connect(markers, &MarkerSet::selectedChanged, this, &MarkerPanel::showSelected);
    }
    updatePlaceholder();
}

void MarkerPanel::setTraceStart(TimeNs start)
{
    m_model->setTraceStart(start);
}

void MarkerPanel::refreshTimes()
{
    m_model->refresh();
    if (m_markers)
        showSelected(m_markers->selected());
}

void MarkerPanel::removeSelected()
{
    if (!m_markers)
        return;
    std::vector<int> rows;
    for (const QModelIndex &index : m_table->selectionModel()->selectedRows())
        rows.push_back(index.row());
    if (rows.empty() && m_table->currentIndex().isValid())
        rows.push_back(m_table->currentIndex().row());
    std::sort(rows.rbegin(), rows.rend()); // from the back, so earlier indices stay valid
    for (int row : rows)
        m_markers->remove(row);
}

void MarkerPanel::showSelected(int index)
{
    m_following = true;
    const auto done = qScopeGuard([this] { m_following = false; });
    if (index < 0 || index >= m_model->rowCount()) {
        m_table->clearSelection();
        return;
    }
    if (m_table->currentIndex().row() == index && m_table->selectionModel()->isRowSelected(index))
        return; // already shown; moving the current cell would close an open editor
    m_table->selectRow(index);
    m_table->setCurrentIndex(m_model->index(index, MarkerTableModel::Name));
    m_table->scrollTo(m_model->index(index, 0));
}

void MarkerPanel::updatePlaceholder()
{
    m_placeholder->setVisible(!m_markers || m_markers->isEmpty());
}

} // namespace tracelane
