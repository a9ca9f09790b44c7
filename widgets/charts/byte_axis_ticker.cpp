#include "byte_axis_ticker.h"

#include "byte_format.h"

#include <cmath>

namespace tracelane::charts {

// The step: 1, 2 or 5 times the binary unit (B, KiB, MiB, GiB, TiB) the range
// is read in, or a power of two of it above 5, for about the wanted tick count.
double ByteAxisTicker::getTickStep(const QCPRange &range)
{
    const double rough = range.size() / std::max(1, tickCount());
    if (!(rough > 0))
        return 1.0;
    double unit = 1.0;
    while (unit * 1024.0 <= rough && unit < std::pow(1024.0, 4))
        unit *= 1024.0;
    const double inUnit = rough / unit;
    double step = 1.0;
    for (double candidate : {1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0, 1024.0})
        if (candidate >= inUnit) {
            step = candidate;
            break;
        }
    return step * unit;
}

QString ByteAxisTicker::getTickLabel(double tick, const QLocale &, QChar, int)
{
    return std::abs(tick) < 0.5 ? QStringLiteral("0") : ByteFormat::size(tick);
}

} // namespace tracelane::charts
