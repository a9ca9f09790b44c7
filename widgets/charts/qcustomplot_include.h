#pragma once
// Include this before any other header in a file that uses QCustomPlot:
// qcustomplot.h still uses Qt's `foreach`, which the project turns off with
// QT_NO_FOREACH, and the macro is decided by the first Qt header a file sees.

#ifdef QT_NO_FOREACH
#undef QT_NO_FOREACH
#endif
#include <qcustomplot.h>
