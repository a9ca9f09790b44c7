#include "time_display.h"

namespace tracelane {

QString formatDuration(TimeNs ns, Preferences::TimeUnit unit)
{
    return TimeFormat::inUnit(ns, unit);
}

} // namespace tracelane
