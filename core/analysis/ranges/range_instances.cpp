#include "range_instances.h"

#include <algorithm>
#include <map>
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

// nsys's RangeId is the range's row in NVTX_EVENTS. Rows are in time order
// and also hold marks and domain registrations; the model keeps marks as
// instants and domains only as names. A domain is registered just before its
// first use, so each (process, domain) takes one number before its first event.
void assignNsysRangeIds(const Trace &trace, std::vector<RangeInstance> &ranges)
{
    struct Row
    {
        TimeNs start;
        int order; // a domain registration sorts before events at the same time
        std::int32_t thread;
        EventRef ref;
        std::ptrdiff_t range; // index into ranges, -1 for marks and registrations
    };
    std::vector<Row> rows;
    rows.reserve(ranges.size());
    for (std::size_t i = 0; i < ranges.size(); ++i)
        rows.push_back({ranges[i].start, 1, ranges[i].thread, ranges[i].ref, std::ptrdiff_t(i)});
    std::map<std::pair<std::int32_t, StringId>, TimeNs> firstUseOfDomain;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &track = trace.tracks[t];
        if (track.kind != TrackKind::ThreadRanges || track.events.empty())
            continue;
        for (std::uint32_t i = 0; i < track.events.size(); ++i) {
            if (track.events[i].kind == EventKind::Instant)
                rows.push_back({track.events[i].start, 1, track.thread, EventRef{t, i}, -1});
        }
        if (track.domain != 0) {
            auto [it, inserted] = firstUseOfDomain.try_emplace({track.process, track.domain}, track.events[0].start);
            if (!inserted)
                it->second = std::min(it->second, track.events[0].start);
        }
    }
    for (const auto &[key, start] : firstUseOfDomain)
        rows.push_back({start, 0, kNoIndex, EventRef{}, -1});
    std::sort(rows.begin(), rows.end(), [](const Row &a, const Row &b) {
        return std::tie(a.start, a.order, a.thread, a.ref) < std::tie(b.start, b.order, b.thread, b.ref);
    });
    for (std::size_t n = 0; n < rows.size(); ++n) {
        if (rows[n].range >= 0)
            ranges[rows[n].range].id = static_cast<std::int64_t>(n + 1);
    }
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
            ranges.push_back({ref, track.thread, e.start, e.end(), track.domain, e.name, styleOf(trace, ref), 0});
        }
    }
    assignNsysRangeIds(trace, ranges);
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
