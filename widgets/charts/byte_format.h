#pragma once
// Memory sizes for people: "1.25 GiB" in binary units, as PyTorch's
// memory_viz and Nsight Systems print them, and exact bytes where a number must
// be compared.

#include <QCoreApplication>
#include <QString>

#include <cstdint>

namespace tracelane {

class ByteFormat
{
    Q_DECLARE_TR_FUNCTIONS(ByteFormat)

public:
    // Three significant digits in the largest unit that keeps the value >= 1:
    // "512 B", "1.50 KiB", "23.4 MiB", "1.25 GiB".
    static QString size(double bytes);
    // "1.25 GiB (1,342,177,280 B)": both, for tooltips.
    static QString sizeAndBytes(double bytes);
};

} // namespace tracelane
