#pragma once
// Column widths from a table's text, not from the rows on screen. Qt sizes a
// column to the rows in view, so a table filled while its tab was hidden got
// columns as wide as their headers ("void cu... float)"). A name column gets
// the width its longest name needs first, up to most of the view; number
// columns get all of theirs, and the view scrolls sideways if it must.

#include <QObject>

#include <vector>

class QTableView;

namespace tracelane {

// The widest of the header and the first `rowLimit` cells of `column`, in pixels.
int columnContentWidth(const QTableView *view, int column, int rowLimit = 2000);

// columnContentWidth of every column of the view's model, by model column.
std::vector<int> columnContentWidths(const QTableView *view);

// Sizes every column to its `contentWidths` (columnContentWidths: measured once
// per table, not at every resize); `nameColumn` (model column, -1: none) at
// most to three fifths of the view, and never narrower than 25 average
// characters when it needs them.
void fitColumnsNameFirst(QTableView *view, const std::vector<int> &contentWidths, int nameColumn);

// Keeps a view's columns fitted name first: measure() after its rows change,
// and the widths are shared out again whenever the view is resized.
class NameFirstColumns : public QObject
{
    Q_OBJECT

public:
    NameFirstColumns(QTableView *view, int nameColumn); // a child of `view`
    void measure();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QTableView *m_view;
    int m_nameColumn;
    std::vector<int> m_widths;
};

} // namespace tracelane
