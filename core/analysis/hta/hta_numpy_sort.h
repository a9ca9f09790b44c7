#pragma once
// The order numpy 1.24's argsort(kind="quicksort") gives, which is what pandas'
// sort_values(by=one column) uses. It is not stable: where keys tie, the order
// follows numpy's introsort (median-of-three quicksort, insertion sort below 17
// elements, heapsort past a depth limit), and HolisticTraceAnalysis's results
// depend on it where timestamps tie (docs/ANALYSIS_CRITICAL_PATH_HTA.md).

#include <cstdint>
#include <span>
#include <vector>

namespace tracelane {

// Positions into `keys`, in numpy's order. Keys must not be NaN.
std::vector<std::uint32_t> numpyQuicksortOrder(std::span<const double> keys);

} // namespace tracelane
