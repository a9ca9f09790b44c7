#include "findings_on_path.h"

#include <algorithm>

namespace tracelane {
namespace {

std::uint64_t keyOf(EventRef ref)
{
    return (std::uint64_t(ref.track) << 32) | ref.index;
}

bool isGpuWork(PathCategory c)
{
    return c == PathCategory::GpuCompute || c == PathCategory::GpuCommunication || c == PathCategory::GpuMemory;
}

// A gap is the time before the op that ends it, not that op.
bool countsRegions(const Finding &finding)
{
    return finding.rule == "gpu_gaps";
}

} // namespace

std::vector<TimeNs> findingTimeOnPath(const std::vector<Finding> &findings, const CriticalPath &path)
{
    // The path's time per event the findings name, in one pass over the path
    // (a whole trace's has millions of stretches): an array per track, up to
    // the highest event named there, so each stretch costs an index, not a hash.
    std::vector<std::vector<TimeNs>> onPath;
    for (const Finding &finding : findings)
        if (!countsRegions(finding))
            for (const FindingEvent &e : finding.events)
                for (const EventRef ref : {e.event, e.call})
                    if (ref.isValid()) {
                        if (onPath.size() <= ref.track)
                            onPath.resize(ref.track + 1);
                        if (onPath[ref.track].size() <= ref.index)
                            onPath[ref.track].resize(std::size_t(ref.index) + 1, 0);
                    }
    if (!onPath.empty())
        for (const PathStep &step : path.steps)
            if (step.event.isValid() && step.onPath > 0 && step.event.track < onPath.size() &&
                step.event.index < onPath[step.event.track].size())
                onPath[step.event.track][step.event.index] += step.onPath;

    // In a region (a gap, a chunk of low utilisation) the path's GPU work is
    // what the region lacks, not what it costs: only the rest counts. The
    // stretches follow one another, so prefix sums answer each region.
    bool anyRegion = false;
    for (const Finding &finding : findings)
        for (const FindingEvent &e : finding.events)
            anyRegion |= countsRegions(finding) || (!e.event.isValid() && !e.call.isValid());
    std::vector<TimeNs> before; // before[k]: the non-GPU time of stretches 0 .. k-1
    if (anyRegion) {
        before.reserve(path.steps.size() + 1);
        before.push_back(0);
        for (const PathStep &step : path.steps)
            before.push_back(before.back() + (isGpuWork(step.category) ? 0 : step.onPath));
    }
    auto endOf = [&](std::size_t k) { return path.steps[k].start + path.steps[k].onPath; };
    auto partOf = [&](std::size_t k, TimeNs from, TimeNs to) {
        const PathStep &step = path.steps[k];
        if (isGpuWork(step.category))
            return TimeNs(0);
        return std::max<TimeNs>(0, std::min(to, endOf(k)) - std::max(from, step.start));
    };
    auto insideRegion = [&](TimeNs from, TimeNs to) {
        if (to <= from || path.steps.empty())
            return TimeNs(0);
        // First stretch ending after `from`, first starting at or after `to`.
        auto firstWhere = [&](std::size_t lo, auto &&after) { // the stretches are in time order
            std::size_t hi = path.steps.size();
            while (lo < hi) {
                const std::size_t mid = (lo + hi) / 2;
                if (after(mid))
                    hi = mid;
                else
                    lo = mid + 1;
            }
            return lo;
        };
        const std::size_t first = firstWhere(0, [&](std::size_t k) { return endOf(k) > from; });
        const std::size_t last = firstWhere(first, [&](std::size_t k) { return path.steps[k].start >= to; });
        if (first >= last)
            return TimeNs(0);
        if (last - first == 1)
            return partOf(first, from, to);
        // The two ends may be cut by the region; the stretches between lie inside it.
        return partOf(first, from, to) + (before[last - 1] - before[first + 1]) + partOf(last - 1, from, to);
    };

    std::vector<TimeNs> times;
    times.reserve(findings.size());
    std::vector<std::uint64_t> named; // a finding's events, each counted once
    for (const Finding &finding : findings) {
        TimeNs time = 0;
        named.clear();
        const bool regions = countsRegions(finding);
        for (const FindingEvent &e : finding.events) {
            if (regions || (!e.event.isValid() && !e.call.isValid())) {
                time += insideRegion(e.start, e.start + e.duration);
                continue;
            }
            for (const EventRef ref : {e.event, e.call})
                if (ref.isValid())
                    named.push_back(keyOf(ref));
        }
        std::sort(named.begin(), named.end());
        named.erase(std::unique(named.begin(), named.end()), named.end());
        for (const std::uint64_t key : named)
            time += onPath[std::size_t(key >> 32)][std::size_t(key & 0xFFFFFFFFu)];
        times.push_back(time);
    }
    return times;
}

} // namespace tracelane
