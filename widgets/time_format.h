#pragma once
// Times for people: durations ("1.234 ms"), ruler labels whose precision
// follows the tick step, and the values in panels, in the unit the user chose.

#include "model/time_units.h"

#include <QCoreApplication>
#include <QString>

namespace tracelane {

class TimeFormat
{
    Q_DECLARE_TR_FUNCTIONS(TimeFormat)

public:
    // Automatic picks the unit from the magnitude; a fixed unit shows every
    // digit down to the nanosecond ("1.500250 ms"), so values can be compared.
    enum class Unit { Automatic, Nanoseconds, Microseconds, Milliseconds, Seconds };

    // The unit of the panels (details, range → kernels, status bar): a preference.
    static void setDisplayUnit(Unit unit);
    static Unit displayUnit();
    // A duration, or a position given from the trace start, in the display unit.
    static QString shownDuration(TimeNs ns);
    static QString shownPosition(TimeNs nsFromStart);
    // Exact, in a fixed unit (Automatic: as duration()).
    static QString inUnit(TimeNs ns, Unit unit);

    // Three significant decimals in the largest unit that keeps the value >= 1.
    static QString duration(TimeNs ns);
    // An offset from the trace start, in the unit of its magnitude, with as many
    // decimals as the step needs ("1.50001 s" for a 10 µs step).
    static QString offset(TimeNs ns, TimeNs step);
    // 1, 2 or 5 times a power of ten: the smallest step at least `minimum` long.
    static TimeNs niceStep(double minimum);
};

} // namespace tracelane
