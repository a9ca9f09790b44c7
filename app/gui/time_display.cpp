#include "time_display.h"

#include "time_format.h"

namespace tracelane {

QString formatDuration(TimeNs ns, Preferences::TimeUnit unit)
{
    struct Fixed
    {
        TimeNs perUnit;
        int decimals;
        const char *symbol;
    };
    Fixed fixed{};
    switch (unit) {
    case Preferences::TimeUnit::Automatic:
        return TimeFormat::duration(ns);
    case Preferences::TimeUnit::Nanoseconds:
        fixed = {1, 0, "ns"};
        break;
    case Preferences::TimeUnit::Microseconds:
        fixed = {1'000, 3, "µs"};
        break;
    case Preferences::TimeUnit::Milliseconds:
        fixed = {1'000'000, 6, "ms"};
        break;
    case Preferences::TimeUnit::Seconds:
        fixed = {1'000'000'000, 9, "s"};
        break;
    }
    // Integer arithmetic: a double would round epoch-sized values.
    const TimeNs whole = ns / fixed.perUnit;
    const TimeNs fraction = ns % fixed.perUnit;
    QString text = (ns < 0 && whole == 0 ? QStringLiteral("-0") : QString::number(whole));
    if (fixed.decimals > 0)
        text += QLatin1Char('.') + QStringLiteral("%1").arg(fraction < 0 ? -fraction : fraction, fixed.decimals, 10, QLatin1Char('0'));
    return text + QLatin1Char(' ') + QString::fromUtf8(fixed.symbol);
}

} // namespace tracelane
