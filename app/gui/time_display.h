#pragma once
// Times in the status bar, written in the unit chosen in Preferences (the
// panels use TimeFormat::shownDuration, which follows the same choice).

#include "model/time_units.h"
#include "preferences.h"

#include <QString>

namespace tracelane {

// Automatic: TimeFormat's choice of unit. A fixed unit shows every digit down
// to the nanosecond ("1.500250 ms"), so cursor positions can be compared.
QString formatDuration(TimeNs ns, Preferences::TimeUnit unit);

} // namespace tracelane
