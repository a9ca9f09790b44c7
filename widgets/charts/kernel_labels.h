#pragma once
// Bar labels for the kernel charts: short kernel names that fit beside a plot
// and still tell the bars apart.

#include "analysis/summaries/name_summary.h"

#include <QStringList>

namespace tracelane::charts {

// Labels for the first `count` rows of `summary`: shortKernelName; where several
// kernels share one, their first telling template argument (kernelVariant);
// elided to `pixels` in the axis font, keeping the start (variants differ late);
// then " #2", " #3" for what is still repeated.
QStringList kernelBarLabels(const NameSummary &summary, int count, int pixels);

} // namespace tracelane::charts
