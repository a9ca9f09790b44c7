#pragma once
// Copy for item views, the same from Ctrl+C and from the context menu: the
// selected rows' cells as tab-separated lines (what a spreadsheet pastes),
// or the current cell when nothing is selected.

#include <QString>

class QAbstractItemView;
class QAction;

namespace tracelane {

QString selectedCellsText(const QAbstractItemView *view);
void copySelectedCells(const QAbstractItemView *view);
// A "Copy" action bound to Ctrl+C while the view has focus; the caller adds it
// to its context menu (or sets Qt::ActionsContextMenu, for which it is added
// to the view).
QAction *addCopyAction(QAbstractItemView *view);

} // namespace tracelane
