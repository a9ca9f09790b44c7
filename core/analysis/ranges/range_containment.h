#pragma once
// Which ranges contain which GPU launches: a launch belongs to every range on
// its thread that encloses the launching API call (range start <= call start
// and call end <= range end), not only the innermost one. This is how nsys
// matches NVTX ranges to GPU work in nvtx_gpu_proj_* and nvtx_kern_sum.
//
// One sweep per thread over ranges and calls sorted by start; each call visits
// only the ranges still open at its start, so the cost is
// O(ranges + calls x nesting depth).

#include "analysis/gpu/gpu_launches.h"
#include "range_instances.h"

#include <vector>

namespace tracelane {

// Calls visit(launchIndex, rangeIndex) for each containing range, and
// visit(launchIndex, -1) once for a launch that no range contains. Both lists
// must be sorted by thread, then start (as collectRanges / collectGpuLaunches give them).
template<typename Visit>
void forEachContainingRange(const std::vector<RangeInstance> &ranges, const std::vector<GpuLaunch> &launches,
                            Visit visit)
{
    std::vector<std::ptrdiff_t> open; // ranges started and not yet ended, in start order
    std::size_t nextRange = 0;
    std::int32_t thread = kNoIndex;
    for (std::size_t l = 0; l < launches.size(); ++l) {
        const GpuLaunch &launch = launches[l];
        if (launch.thread != thread) {
            thread = launch.thread;
            open.clear();
            while (nextRange < ranges.size() && ranges[nextRange].thread < thread)
                ++nextRange;
        }
        while (nextRange < ranges.size() && ranges[nextRange].thread == thread
               && ranges[nextRange].start <= launch.callStart)
            open.push_back(static_cast<std::ptrdiff_t>(nextRange++));
        // A range that ended before this call started cannot contain any later call either.
        std::erase_if(open, [&](std::ptrdiff_t r) { return ranges[r].end < launch.callStart; });
        bool contained = false;
        for (std::ptrdiff_t r : open) {
            if (launch.callEnd <= ranges[r].end) {
                visit(l, r);
                contained = true;
            }
        }
        if (!contained)
            visit(l, std::ptrdiff_t(-1));
    }
}

} // namespace tracelane
