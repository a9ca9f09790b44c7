#include "timeline/track_tree.h"

#include "timeline/timeline_model.h"

#include <QAction>
#include <QHeaderView>

namespace tracelane {

TrackTree::TrackTree(QWidget *parent)
    : QTreeWidget(parent)
{
    setHeaderHidden(true);
    setColumnCount(1);
    setContextMenuPolicy(Qt::ActionsContextMenu);
    auto *up = new QAction(tr("Move Up"), this);
    up->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Up));
    up->setShortcutContext(Qt::WidgetShortcut);
    connect(up, &QAction::triggered, this, [this] { moveCurrent(-1); });
    addAction(up);
    auto *down = new QAction(tr("Move Down"), this);
    down->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Down));
    down->setShortcutContext(Qt::WidgetShortcut);
    connect(down, &QAction::triggered, this, [this] { moveCurrent(1); });
    addAction(down);
    m_pin = new QAction(tr("Pin to Top"), this);
    m_pin->setObjectName(QStringLiteral("pinTrack"));
    connect(m_pin, &QAction::triggered, this, [this] { togglePinCurrent(); });
    addAction(m_pin);
    connect(this, &QTreeWidget::currentItemChanged, this, &TrackTree::updatePinAction);
    updatePinAction();

    connect(this, &QTreeWidget::itemChanged, this, [this](QTreeWidgetItem *item) {
        if (m_updating || !m_model)
            return;
        m_model->layout().setVisible(nodeOf(item), item->checkState(0) == Qt::Checked);
        emit arrangementEdited();
    });
    auto expand = [this](QTreeWidgetItem *item, bool expanded) {
        if (m_updating || !m_model)
            return;
        m_model->layout().setExpanded(nodeOf(item), expanded);
        emit arrangementEdited();
    };
    connect(this, &QTreeWidget::itemExpanded, this, [expand](QTreeWidgetItem *item) { expand(item, true); });
    connect(this, &QTreeWidget::itemCollapsed, this, [expand](QTreeWidgetItem *item) { expand(item, false); });
}

int TrackTree::nodeOf(const QTreeWidgetItem *item) const
{
    return item->data(0, Qt::UserRole).toInt();
}

void TrackTree::setModel(TimelineModel *model)
{
    m_model = model;
    refresh();
}

void TrackTree::refresh()
{
    m_updating = true;
    int currentNode = currentItem() ? nodeOf(currentItem()) : -1;
    clear();
    if (m_model)
        addChildren(nullptr, -1);
    if (currentNode >= 0) {
        for (QTreeWidgetItemIterator it(this); *it; ++it)
            if (nodeOf(*it) == currentNode)
                setCurrentItem(*it);
    }
    m_updating = false;
    updatePinAction();
}

void TrackTree::addChildren(QTreeWidgetItem *parentItem, int parentNode)
{
    const TrackLayout &layout = m_model->layout();
    for (int child : layout.childrenOf(parentNode)) {
        const TrackNode &node = layout.node(child);
        if (node.lane == LaneKind::QueueDepth && !layout.queueDepthShown())
            continue; // View > Queue Depth Lanes is off
        auto *item = parentItem ? new QTreeWidgetItem(parentItem) : new QTreeWidgetItem(this);
        item->setText(0, node.label);
        item->setToolTip(0, node.label);
        item->setData(0, Qt::UserRole, child);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(0, node.visible ? Qt::Checked : Qt::Unchecked);
        if (node.isGroup) {
            QFont bold = item->font(0);
            bold.setBold(true);
            item->setFont(0, bold);
        }
        addChildren(item, child);
        item->setExpanded(node.expanded);
    }
}

// Pinning applies to event lanes (not groups, counters or queue lanes).
void TrackTree::updatePinAction()
{
    const int node = m_model && currentItem() ? nodeOf(currentItem()) : -1;
    const bool pinnable = node >= 0 && !m_model->layout().node(node).isGroup
                          && m_model->layout().node(node).lane == LaneKind::Events;
    m_pin->setEnabled(pinnable);
    m_pin->setText(pinnable && m_model->layout().node(node).pinned ? tr("Unpin") : tr("Pin to Top"));
}

bool TrackTree::togglePinCurrent()
{
    if (!m_pin->isEnabled())
        return false;
    const int node = nodeOf(currentItem());
    m_model->layout().setPinned(node, !m_model->layout().node(node).pinned);
    updatePinAction();
    emit arrangementEdited();
    return true;
}

bool TrackTree::moveCurrent(int delta)
{
    if (!m_model || !currentItem())
        return false;
    if (!m_model->layout().move(nodeOf(currentItem()), delta))
        return false;
    refresh();
    emit arrangementEdited();
    return true;
}

} // namespace tracelane
