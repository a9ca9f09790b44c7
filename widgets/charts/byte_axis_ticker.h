#pragma once
// Ticks of a memory axis at round binary sizes (256 MiB, 512 MiB, 1 GiB...),
// labelled as people read memory ("1.50 GiB"), not as raw byte counts.

#include "qcustomplot_include.h"

namespace tracelane::charts {

class ByteAxisTicker : public QCPAxisTicker
{
protected:
    double getTickStep(const QCPRange &range) override;
    QString getTickLabel(double tick, const QLocale &locale, QChar formatChar, int precision) override;
};

} // namespace tracelane::charts
