#pragma once
// The trace files named on `tracelane`'s command line: which cannot be
// opened (said on stderr before any window shows), and where each window of
// several goes so that none hides another.

#include <QPoint>
#include <QString>
#include <QStringList>

class QWidget;

namespace tracelane {

// One line per path that is missing, unreadable or a folder without trace files, saying so.
QStringList commandLineFileProblems(const QStringList &paths);

// The offset of the index-th window opened at once from the first: one title
// bar's height down and right per window, so each title stays visible.
QPoint cascadeOffset(const QWidget *window, int index);

} // namespace tracelane
