#include "kernel_labels.h"

#include "chart_style.h"

#include "analysis/gpu/kernel_name.h"

#include <algorithm>

namespace tracelane::charts {

QStringList kernelBarLabels(const NameSummary &summary, int count, int pixels)
{
    const int n = std::clamp(count, 0, static_cast<int>(summary.rows.size()));
    QStringList names;
    for (int i = 0; i < n; ++i)
        names << QString::fromStdString(shortKernelName(summary.rows[i].name));
    QStringList labels;
    for (int i = 0; i < n; ++i) {
        QString label = names[i];
        const std::string variant = kernelVariant(summary.rows[i].name);
        if (names.count(names[i]) > 1 && !variant.empty())
            label += QStringLiteral(" <%1>").arg(QString::fromStdString(variant));
        labels << elided(label, axisFont(), pixels, Qt::ElideRight);
    }
    return distinctLabels(labels);
}

} // namespace tracelane::charts
