#include "time_format.h"

#include <cmath>
#include <cstdlib>

namespace tracelane {
namespace {

struct UnitFormat
{
    int exponent; // of 10, in ns
    const char *format;
};

constexpr UnitFormat kUnits[] = {
    {9, QT_TRANSLATE_NOOP("TimeFormat", "%1 s")},
    {6, QT_TRANSLATE_NOOP("TimeFormat", "%1 ms")},
    {3, QT_TRANSLATE_NOOP("TimeFormat", "%1 µs")},
    {0, QT_TRANSLATE_NOOP("TimeFormat", "%1 ns")},
};

const UnitFormat &unitFor(double magnitude)
{
    for (const UnitFormat &u : kUnits)
        if (magnitude >= std::pow(10.0, u.exponent))
            return u;
    return kUnits[3];
}

TimeFormat::Unit g_displayUnit = TimeFormat::Unit::Automatic; // set from the GUI thread only

} // namespace

void TimeFormat::setDisplayUnit(Unit unit)
{
    g_displayUnit = unit;
}

TimeFormat::Unit TimeFormat::displayUnit()
{
    return g_displayUnit;
}

QString TimeFormat::shownDuration(TimeNs ns)
{
    return inUnit(ns, g_displayUnit);
}

QString TimeFormat::shownPosition(TimeNs nsFromStart)
{
    return g_displayUnit == Unit::Automatic ? offset(nsFromStart, 1) : inUnit(nsFromStart, g_displayUnit);
}

QString TimeFormat::inUnit(TimeNs ns, Unit unit)
{
    struct Fixed
    {
        TimeNs perUnit;
        int decimals;
        const char *format;
    };
    Fixed fixed{};
    switch (unit) {
    case Unit::Automatic:
        return duration(ns);
    case Unit::Nanoseconds:
        fixed = {1, 0, kUnits[3].format};
        break;
    case Unit::Microseconds:
        fixed = {1'000, 3, kUnits[2].format};
        break;
    case Unit::Milliseconds:
        fixed = {1'000'000, 6, kUnits[1].format};
        break;
    case Unit::Seconds:
        fixed = {1'000'000'000, 9, kUnits[0].format};
        break;
    }
    // Integer arithmetic: a double would round epoch-sized values.
    const TimeNs whole = ns / fixed.perUnit;
    const TimeNs fraction = ns % fixed.perUnit;
    QString text = ns < 0 && whole == 0 ? QStringLiteral("-0") : QString::number(whole);
    if (fixed.decimals > 0)
        text += QLatin1Char('.')
                + QStringLiteral("%1").arg(fraction < 0 ? -fraction : fraction, fixed.decimals, 10, QLatin1Char('0'));
    return tr(fixed.format).arg(text);
}

QString TimeFormat::duration(TimeNs ns)
{
    const UnitFormat &u = unitFor(double(std::llabs(ns)));
    if (u.exponent == 0)
        return tr(u.format).arg(ns);
    return tr(u.format).arg(double(ns) / std::pow(10.0, u.exponent), 0, 'f', 3);
}

QString TimeFormat::offset(TimeNs ns, TimeNs step)
{
    const double magnitude = std::max(double(std::llabs(ns)), double(std::max<TimeNs>(step, 1)));
    const UnitFormat &u = unitFor(magnitude);
    const int stepExponent = int(std::floor(std::log10(double(std::max<TimeNs>(step, 1)))));
    const int decimals = std::max(0, u.exponent - stepExponent);
    return tr(u.format).arg(double(ns) / std::pow(10.0, u.exponent), 0, 'f', decimals);
}

TimeNs TimeFormat::niceStep(double minimum)
{
    if (!(minimum > 1.0))
        return 1;
    double power = std::pow(10.0, std::floor(std::log10(minimum)));
    for (;;) {
        for (double m : {1.0, 2.0, 5.0})
            if (m * power >= minimum)
                return TimeNs(std::llround(m * power));
        power *= 10.0;
    }
}

} // namespace tracelane
