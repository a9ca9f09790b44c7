#include "time_format.h"

#include <cmath>
#include <cstdlib>

namespace tracelane {
namespace {

struct Unit
{
    int exponent; // of 10, in ns
    const char *format;
};

constexpr Unit kUnits[] = {
    {9, QT_TRANSLATE_NOOP("TimeFormat", "%1 s")},
    {6, QT_TRANSLATE_NOOP("TimeFormat", "%1 ms")},
    {3, QT_TRANSLATE_NOOP("TimeFormat", "%1 µs")},
    {0, QT_TRANSLATE_NOOP("TimeFormat", "%1 ns")},
};

const Unit &unitFor(double magnitude)
{
    for (const Unit &u : kUnits)
        if (magnitude >= std::pow(10.0, u.exponent))
            return u;
    return kUnits[3];
}

} // namespace

QString TimeFormat::duration(TimeNs ns)
{
    const Unit &u = unitFor(double(std::llabs(ns)));
    if (u.exponent == 0)
        return tr(u.format).arg(ns);
    return tr(u.format).arg(double(ns) / std::pow(10.0, u.exponent), 0, 'f', 3);
}

QString TimeFormat::offset(TimeNs ns, TimeNs step)
{
    const double magnitude = std::max(double(std::llabs(ns)), double(std::max<TimeNs>(step, 1)));
    const Unit &u = unitFor(magnitude);
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
