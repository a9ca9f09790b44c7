#pragma once
// The tree of groups and tracks beside the timeline: unchecking hides, folding
// collapses, Move Up / Move Down (context menu, Alt+Up / Alt+Down) reorder
// among siblings, Pin to Top / Unpin moves a lane to the band under the
// ruler. Edits go to the model's TrackLayout. Queue depth lanes are listed
// under their streams while the layout shows them.

#include <QTreeWidget>

class QAction;

namespace tracelane {

class TimelineModel;

class TrackTree : public QTreeWidget
{
    Q_OBJECT

public:
    explicit TrackTree(QWidget *parent = nullptr);

    void setModel(TimelineModel *model);
    void refresh(); // after the arrangement changed elsewhere
    bool moveCurrent(int delta);
    // Pins the current lane to the top of the timeline, or unpins it.
    bool togglePinCurrent();

signals:
    void arrangementEdited();

private:
    void updatePinAction();
    void addChildren(QTreeWidgetItem *parentItem, int parentNode);
    int nodeOf(const QTreeWidgetItem *item) const;

    TimelineModel *m_model = nullptr;
    bool m_updating = false;
    QAction *m_pin = nullptr;
};

} // namespace tracelane
