#pragma once
// Times for people: durations ("1.234 ms") and ruler labels whose precision
// follows the tick step.

#include "model/time_units.h"

#include <QCoreApplication>
#include <QString>

namespace tracelane {

class TimeFormat
{
    Q_DECLARE_TR_FUNCTIONS(TimeFormat)

public:
    // Three significant decimals in the largest unit that keeps the value >= 1.
    static QString duration(TimeNs ns);
    // An offset from the trace start, in the unit of its magnitude, with as many
    // decimals as the step needs ("1.50001 s" for a 10 µs step).
    static QString offset(TimeNs ns, TimeNs step);
    // 1, 2 or 5 times a power of ten: the smallest step at least `minimum` long.
    static TimeNs niceStep(double minimum);
};

} // namespace tracelane
