#include "ops_at_depth.h"

#include <algorithm>

namespace tracelane {

std::vector<std::vector<DepthOp>> opsAtDepth(const Trace &trace, TrackKind trackKind, EventKind kind, int depth,
                                             const std::vector<bool> *lookThrough,
                                             std::vector<std::int64_t> *lookedThrough)
{
    const auto transparent = [&](const Event &e) {
        return lookThrough && e.name < lookThrough->size() && (*lookThrough)[e.name];
    };
    if (lookedThrough)
        lookedThrough->assign(trace.strings.size(), 0);
    std::vector<std::vector<EventRef>> byThread(trace.threads.size());
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &track = trace.tracks[t];
        if (track.kind != trackKind || track.thread == kNoIndex)
            continue;
        for (std::uint32_t i = 0; i < track.events.size(); ++i)
            if (track.events[i].kind == kind)
                byThread[track.thread].push_back({t, i});
    }
    struct OpenWrapper
    {
        TimeNs end;
        StringId name;
        bool counted; // it held an op at `depth`
    };
    std::vector<std::vector<DepthOp>> result;
    std::vector<EventRef> open;
    std::vector<OpenWrapper> wrappers;
    for (std::vector<EventRef> &events : byThread) {
        // One track is already in order (equal starts: the longer first); several are merged.
        std::stable_sort(events.begin(), events.end(), [&](EventRef a, EventRef b) {
            const Event &x = trace.event(a), &y = trace.event(b);
            return x.start != y.start ? x.start < y.start : x.duration > y.duration;
        });
        std::vector<DepthOp> found;
        open.clear();
        wrappers.clear();
        for (const EventRef ref : events) {
            const Event &e = trace.event(ref);
            while (!open.empty() && trace.event(open.back()).end() <= e.start)
                open.pop_back();
            while (!wrappers.empty() && wrappers.back().end <= e.start)
                wrappers.pop_back();
            if (transparent(e)) {
                wrappers.push_back({e.end(), e.name, false});
                continue;
            }
            if (open.size() == static_cast<std::size_t>(depth)) {
                found.push_back({ref, open.empty() ? EventRef{} : open.back()});
                // The wrappers open here held an op at this depth; each counts once.
                for (auto w = wrappers.rbegin(); lookedThrough && w != wrappers.rend() && !w->counted; ++w) {
                    w->counted = true;
                    ++(*lookedThrough)[w->name];
                }
            }
            open.push_back(ref);
        }
        if (!found.empty())
            result.push_back(std::move(found));
    }
    return result;
}

} // namespace tracelane
