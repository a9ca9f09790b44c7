#include "qcustomplot_include.h" // first: see there

#include "category_ticks.h"

#include <algorithm>
#include <cmath>

namespace tracelane::charts {

void CategoryTicks::set(const QStringList &labels, const QVector<double> &keys)
{
    m_labels = labels;
    m_keys = keys;
    m_step = 0;
}

bool CategoryTicks::fit(QCPAxis *axis, int axisPixels, int labelPixels, int anchor)
{
    const int n = static_cast<int>(std::min(m_labels.size(), m_keys.size()));
    const double pitch = n > 0 ? double(std::max(axisPixels, 1)) / n : 1.0;
    const int step = std::max(1, static_cast<int>(std::ceil(double(labelPixels) / pitch)));
    if (step == m_step)
        return false;
    m_step = step;
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (int i = anchor % step; i < n; i += step)
        ticker->addTick(m_keys[i], m_labels[i]);
    axis->setTicker(ticker);
    return true;
}

} // namespace tracelane::charts
