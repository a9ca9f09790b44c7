#pragma once
// `tracelane --compare OTHER [--compare-name NAME] [--screenshot FILE] TRACE`:
// File > Compare With… without the dialog, for pictures and demonstrations.

#include <QString>

namespace tracelane {

class MainWindow;

// Once `window` has shown its trace, compares it with `other`; with `name`,
// clicks that row of the diff once the table is filled, else shows the
// iteration charts. With `screenshot`,
// waits until the diff, the iteration charts and the breakdowns are drawn,
// then saves both windows as they lie on the screen (a picture of the
// screen's size; offscreen, give the platform a screen, e.g.
// QT_QPA_PLATFORM=offscreen:configfile=screen.json) and quits with 0, or 1
// when something failed or took more than a minute.
void compareWhenShown(MainWindow *window, const QString &other, const QString &name, const QString &screenshot);

} // namespace tracelane
