#pragma once
// A tree view's name column stays readable in a narrow dock: it takes the room
// the number columns (sized to their contents) leave, but never less than 25
// average characters; then the view scrolls sideways. A stretched column
// would shrink to nothing beside wide number columns.

#include <QObject>

class QTreeView;

namespace tracelane {

class TreeNameColumn : public QObject
{
    Q_OBJECT

public:
    TreeNameColumn(QTreeView *view, int nameColumn); // a child of `view`; the other columns fit their contents
    void fit();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QTreeView *m_view;
    int m_nameColumn;
};

} // namespace tracelane
