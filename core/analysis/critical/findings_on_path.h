#pragma once
// How much of a critical path each finding's events hold: the Findings panel
// ranks by it (a problem off the path costs the step nothing). An event counts
// with the time the path spends in it (its own time, around its children, the
// waits that arrive at it); a region (a GPU gap, a chunk of low utilisation)
// with the part of the path inside it.

#include "analysis/critical/critical_path.h"
#include "analysis/findings/findings.h"

#include <vector>

namespace tracelane {

// Parallel to `findings`: nanoseconds of `path` on each finding's events or regions.
std::vector<TimeNs> findingTimeOnPath(const std::vector<Finding> &findings, const CriticalPath &path);

} // namespace tracelane
