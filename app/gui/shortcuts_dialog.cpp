#include "shortcuts_dialog.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QTableWidget>
#include <QVBoxLayout>

namespace tracelane {

QList<QPair<QString, QString>> ShortcutsDialog::bindings()
{
    return {
        {tr("Mouse wheel"), tr("Zoom in or out around the mouse")},
        {tr("W / S"), tr("Zoom in / out (around the mouse when it is over the timeline)")},
        {tr("A / D"), tr("Pan left / right")},
        {tr("Drag"), tr("Pan in time and scroll the tracks")},
        {tr("Shift+Wheel, wheel over the track names"), tr("Scroll the tracks")},
        {tr("Shift+Drag"), tr("Select a time range (its length is shown in the ruler)")},
        {tr("Z, double-click"), tr("Zoom to the selected time range")},
        {tr("F"), tr("Fit the selected event (or the selected time range)")},
        {tr("Home"), tr("Show the whole trace")},
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
        {tr("Ctrl+F"), tr("Find events by name (a regular expression)")},
        {tr("Enter / Shift+Enter"), tr("Next / previous match")},
        {tr("Alt+Up / Alt+Down"), tr("Move the current group or track in the track list")},
        {tr("Ctrl+O"), tr("Open a trace (or drop a file on the window)")},
    };
}

ShortcutsDialog::ShortcutsDialog(QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Keyboard Shortcuts"));
    auto *layout = new QVBoxLayout(this);
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
    table->resizeColumnToContents(0);
    layout->addWidget(table);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(640, 520);
}

} // namespace tracelane
