#include "range_instances.h"

#include <algorithm>
#include <tuple>

namespace tracelane {

std::string_view rangeStyleName(RangeStyle style)
{
    return style == RangeStyle::StartEnd ? "StartEnd" : "PushPop";
}

namespace {

RangeStyle styleOf(const Trace &trace, EventRef ref)
{
    const auto style = trace.arg(ref, "style");
    if (style && style->type == ArgType::String && trace.strings.view(style->s) == "StartEnd")
        return RangeStyle::StartEnd;
    return RangeStyle::PushPop;
}

std::int64_t storedId(const Trace &trace, EventRef ref)
{
    const auto id = trace.arg(ref, "rangeId");
    return id ? id->asInt().value_or(0) : 0;
}

} // namespace

std::vector<RangeInstance> collectRanges(const Trace &trace)
{
    std::vector<RangeInstance> ranges;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &track = trace.tracks[t];
        if (track.thread == kNoIndex)
            continue;
        for (std::uint32_t i = 0; i < track.events.size(); ++i) {
            const Event &e = track.events[i];
            if (e.kind != EventKind::Range)
                continue;
            const EventRef ref{t, i};
            ranges.push_back({ref, track.thread, e.start, e.end(), track.domain, e.name, styleOf(trace, ref),
                              storedId(trace, ref)});
        }
    }
    const bool allStored = std::all_of(ranges.begin(), ranges.end(), [](const RangeInstance &r) { return r.id > 0; });
    if (!allStored) {
        std::sort(ranges.begin(), ranges.end(), [](const RangeInstance &a, const RangeInstance &b) {
            return std::tie(a.start, b.end, a.thread, a.ref) < std::tie(b.start, a.end, b.thread, b.ref);
        });
        for (std::size_t i = 0; i < ranges.size(); ++i)
            ranges[i].id = static_cast<std::int64_t>(i + 1);
    }
    std::sort(ranges.begin(), ranges.end(), [](const RangeInstance &a, const RangeInstance &b) {
        return std::tie(a.thread, a.start, b.end, a.id) < std::tie(b.thread, b.start, a.end, b.id);
    });
    return ranges;
}

std::string rangeName(const Trace &trace, const RangeInstance &range)
{
    std::string name(trace.strings.view(range.domain));
    name += ':';
    name += trace.strings.view(range.text);
    return name;
}

std::int64_t pidOfThread(const Trace &trace, std::int32_t thread)
{
    const std::int32_t process = trace.threads[thread].process;
    return process == kNoIndex ? 0 : trace.processes[process].pid;
}

std::int64_t tidOfThread(const Trace &trace, std::int32_t thread)
{
    return trace.threads[thread].tid;
}

} // namespace tracelane
