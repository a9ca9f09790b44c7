#include "longest_instance.h"

#include "analysis/ranges/range_instances.h"

#include <algorithm>
#include <tuple>

namespace tracelane {
namespace {

// As api_summary.cpp shows names: "cudaLaunchKernel_v7000" is "cudaLaunchKernel".
bool sameApiName(std::string_view recorded, std::string_view shown)
{
    if (recorded == shown)
        return true;
    return recorded.size() == shown.size() + 6 && recorded.starts_with(shown)
        && recorded.substr(shown.size(), 2) == "_v";
}

// Calls `visit(ref)` for each instance of the row `name`, by track, then start.
template <typename Visit> void forEachInstance(const Trace &trace, SummaryKind kind, std::string_view name, Visit visit)
{
    if (kind == SummaryKind::Range) {
        for (const RangeInstance &range : collectRanges(trace)) {
            if (rangeName(trace, range) == name)
                visit(range.ref);
        }
        return;
    }
    const EventKind wanted = kind == SummaryKind::Kernel ? EventKind::Kernel : EventKind::ApiCall;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const auto &events = trace.tracks[t].events;
        for (std::uint32_t i = 0; i < events.size(); ++i) {
            if (events[i].kind != wanted)
                continue;
            const std::string_view recorded = trace.strings.view(events[i].name);
            if (kind == SummaryKind::Kernel ? recorded == name : sameApiName(recorded, name))
                visit(EventRef{t, i});
        }
    }
}

} // namespace

EventRef longestInstance(const Trace &trace, SummaryKind kind, std::string_view name)
{
    EventRef best;
    TimeNs bestDuration = -1;
    forEachInstance(trace, kind, name, [&](EventRef ref) {
        const TimeNs duration = trace.event(ref).duration;
        if (duration > bestDuration) {
            best = ref;
            bestDuration = duration;
        }
    });
    return best;
}

std::vector<EventRef> summaryInstances(const Trace &trace, SummaryKind kind, std::string_view name)
{
    std::vector<EventRef> found;
    forEachInstance(trace, kind, name, [&](EventRef ref) { found.push_back(ref); });
    std::sort(found.begin(), found.end(), [&trace](EventRef a, EventRef b) {
        return std::tuple(trace.event(a).start, a) < std::tuple(trace.event(b).start, b);
    });
    return found;
}

} // namespace tracelane
