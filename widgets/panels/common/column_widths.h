#pragma once
// Column widths from a table's text, not from the rows on screen. Qt sizes a
// column to the rows in view, so a table filled while its tab was hidden got
// columns as wide as their headers ("void cu... float)"). A name column gets
// the width its longest name needs first, up to most of the view; number
// columns get all of theirs, and the view scrolls sideways if it must.

class QTableView;

namespace tracelane {

// The widest of the header and the first `rowLimit` cells of `column`, in pixels.
int columnContentWidth(const QTableView *view, int column, int rowLimit = 2000);

// Sizes every column to its text; `nameColumn` (model column, -1: none) at most
// to three fifths of the view, and never narrower than 25 average characters
// when it needs them.
void fitColumnsNameFirst(QTableView *view, int nameColumn);

} // namespace tracelane
