#include "findings_on_path.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace tracelane {
namespace {

std::uint64_t keyOf(EventRef ref)
{
    return (std::uint64_t(ref.track) << 32) | ref.index;
}

} // namespace

std::vector<TimeNs> findingTimeOnPath(const std::vector<Finding> &findings, const CriticalPath &path)
{
    std::unordered_map<std::uint64_t, TimeNs> onPath; // by event
    for (const PathStep &step : path.steps)
        if (step.event.isValid() && step.onPath > 0)
            onPath[keyOf(step.event)] += step.onPath;
    // The path's stretches in time order, for regions: they follow one another.
    std::vector<TimeNs> ends;
    ends.reserve(path.steps.size());
    for (const PathStep &step : path.steps)
        ends.push_back(step.start + step.onPath);
    // In a region (a gap, a chunk of low utilisation) the path's GPU work is
    // what the region lacks, not what it costs: only the rest counts.
    auto insideRegion = [&](TimeNs from, TimeNs to) {
        TimeNs inside = 0;
        auto it = std::upper_bound(ends.begin(), ends.end(), from);
        for (std::size_t k = std::size_t(it - ends.begin()); k < path.steps.size() && path.steps[k].start < to; ++k) {
            const PathCategory c = path.steps[k].category;
            if (c != PathCategory::GpuCompute && c != PathCategory::GpuCommunication && c != PathCategory::GpuMemory)
                inside += std::max<TimeNs>(0, std::min(to, ends[k]) - std::max(from, path.steps[k].start));
        }
        return inside;
    };

    std::vector<TimeNs> times;
    times.reserve(findings.size());
    std::unordered_set<std::uint64_t> counted;
    for (const Finding &finding : findings) {
        TimeNs time = 0;
        counted.clear();
        // A gap is the time before the op that ends it, not that op.
        const bool regions = finding.rule == "gpu_gaps";
        for (const FindingEvent &e : finding.events) {
            if (regions || (!e.event.isValid() && !e.call.isValid())) {
                time += insideRegion(e.start, e.start + e.duration);
                continue;
            }
            for (const EventRef ref : {e.event, e.call})
                if (ref.isValid() && counted.insert(keyOf(ref)).second)
                    if (const auto it = onPath.find(keyOf(ref)); it != onPath.end())
                        time += it->second;
        }
        times.push_back(time);
    }
    return times;
}

} // namespace tracelane
