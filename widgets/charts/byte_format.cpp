#include "byte_format.h"

#include <QLocale>

#include <cmath>

namespace tracelane {

QString ByteFormat::size(double bytes)
{
    static const char *const units[] = {QT_TR_NOOP("%1 B"), QT_TR_NOOP("%1 KiB"), QT_TR_NOOP("%1 MiB"),
                                        QT_TR_NOOP("%1 GiB"), QT_TR_NOOP("%1 TiB")};
    const double magnitude = std::abs(bytes);
    int unit = 0;
    double scaled = magnitude;
    while (scaled >= 1024.0 && unit < 4) {
        scaled /= 1024.0;
        ++unit;
    }
    const int decimals = unit == 0 ? 0 : scaled < 10 ? 2 : scaled < 100 ? 1 : 0;
    const QString number = QLocale().toString(bytes < 0 ? -scaled : scaled, 'f', decimals);
    return tr(units[unit]).arg(number);
}

QString ByteFormat::sizeAndBytes(double bytes)
{
    if (std::abs(bytes) < 1024.0)
        return size(bytes);
    return tr("%1 (%2 B)").arg(size(bytes), QLocale().toString(qlonglong(std::llround(bytes))));
}

} // namespace tracelane
