#include "shortcuts_dialog.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace tracelane {

QList<QPair<QString, QString>> ShortcutsDialog::bindings()
{
    return {
        {tr("Mouse wheel"), tr("Zoom in or out around the mouse")},
        {tr("W / S, + / −"), tr("Zoom in / out (around the mouse when it is over the timeline)")},
        {tr("A / D"), tr("Pan left / right")},
        {tr("Shift+Wheel, sideways wheel"), tr("Pan left / right (touchpads swipe sideways)")},
        {tr("Drag"), tr("Pan in time and scroll the tracks")},
        {tr("Alt+Wheel, wheel over the track names"), tr("Scroll the tracks")},
        {tr("Shift+Drag"), tr("Select an area: the dragged time on the lanes crossed, summarised in Selection")},
        {tr("Drag in the ruler"), tr("Select a time range over all lanes")},
        {tr("Z, double-click"), tr("Zoom to the selected time range")},
        {tr("F"), tr("Fit the selected event (or the selected time range)")},
        {tr("Home"), tr("Show the whole trace")},
        {tr("End"), tr("Go to the end of the trace")},
        {tr("Click"), tr("Select an event; its details and linked events appear in Details")},
        {tr("Click a merged block"), tr("Zoom in until its events can be told apart")},
        {tr("Esc"), tr("Clear the selection")},
        {tr("M"),
         tr("Add a marker: the selected event's start and end (once marked: the time under the mouse, "
            "else the centre of the view)")},
        {tr("Click a marker flag"), tr("Select the marker in the ruler and in the Markers list")},
        {tr("Double-click a marker (Markers list)"), tr("Centre the timeline on it")},
        {tr("F2 / Delete (Markers list)"), tr("Rename / remove the selected marker")},
        {tr("Up / Down"), tr("Scroll the tracks")},
        {tr("Click a group name"), tr("Collapse or expand the group")},
        {tr("Click \"▸ N more rows\""), tr("Show every row of a deep lane (click again to fold it)")},
        {tr("Right-click a track name"), tr("Pin to Top / Unpin, Hide Python Frames")},
        {tr("Ctrl+F"), tr("Find events by name (a regular expression)")},
        {tr("Enter / Shift+Enter"), tr("Next / previous match")},
        {tr("Alt+Enter"), tr("List every match in the Instances panel")},
        {tr("Alt+Up / Alt+Down"), tr("Move the current group or track in the track list")},
        {tr("Ctrl+O"), tr("Open a trace (or drop a file on the window)")},
    };
}

ShortcutsDialog::ShortcutsDialog(QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Keyboard Shortcuts"));
    auto *layout = new QVBoxLayout(this);
    auto *hint = new QLabel(tr("The timeline's keys work while the mouse is over it, whichever panel has the focus."),
                            this);
    hint->setWordWrap(true);
    layout->addWidget(hint);
    const auto rows = bindings();
    auto *table = new QTableWidget(int(rows.size()), 2, this);
    table->setHorizontalHeaderLabels({tr("Keys"), tr("Action")});
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->horizontalHeader()->setStretchLastSection(true);
    for (int i = 0; i < rows.size(); ++i) {
        table->setItem(i, 0, new QTableWidgetItem(rows[i].first));
        table->setItem(i, 1, new QTableWidgetItem(rows[i].second));
    }
    table->setWordWrap(false);
    table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    table->resizeColumnsToContents();
    table->resizeRowsToContents();
    // As large as its table, so no column is cut; adjustSize() keeps it on the
    // screen (the rows scroll there).
    table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    table->setMinimumWidth(table->sizeHint().width());
    layout->addWidget(table);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    adjustSize();
}

} // namespace tracelane
