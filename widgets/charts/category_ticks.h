#pragma once
// Text ticks of a bar chart's category axis that never overlap: while the
// axis is too short for all of them, only every k-th bar is labelled (the
// tooltips still name each bar).

#include <QStringList>
#include <QVector>

class QCPAxis;

namespace tracelane::charts {

class CategoryTicks
{
public:
    // The label of each bar and its key on the axis; applied by the next fit().
    void set(const QStringList &labels, const QVector<double> &keys);
    const QStringList &labels() const { return m_labels; }

    // Labels every k-th bar, the smallest k that leaves each label `labelPixels`
    // along an axis `axisPixels` long, always including label `anchor` (the one
    // that matters most). True when the ticks changed (replot then).
    bool fit(QCPAxis *axis, int axisPixels, int labelPixels, int anchor = 0);

private:
    QStringList m_labels;
    QVector<double> m_keys;
    int m_step = 0; // 0: not applied yet
};

} // namespace tracelane::charts
