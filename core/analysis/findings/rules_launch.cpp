// Tracelane's launch rules: launch_queue_full (launch calls that found their
// stream's queue full and blocked) and short_kernels (kernels that ran shorter
// on the GPU than their launch call took on the CPU).
#include "finding_context.h"
#include "name_match.h"

#include "analysis/efficiency/launch_stats.h"

#include <algorithm>
#include <tuple>

namespace tracelane::findings {

void launchQueueFullRule(Context &context, std::vector<RuleResult> &out)
{
    const Trace &trace = context.trace;
    const std::int32_t limit = context.options.launchQueueDepth;
    const TimeWindow window = context.window();
    Finding f;
    f.rule = "launch_queue_full";
    // The queue depth of queue_depth.h, swept here without keeping its series:
    // +1 at a launch call's start, -1 when its op starts (not before the call);
    // changes at one instant apply together.
    struct Launch
    {
        TimeNs time;
        std::uint32_t op; // index into the stream's ops
    };
    const auto byTime = [](const Launch &a, const Launch &b) { return std::tie(a.time, a.op) < std::tie(b.time, b.op); };
    for (const StreamOps &stream : context.streams()) {
        const Track &track = trace.tracks[stream.track];
        std::vector<Launch> calls;
        std::vector<TimeNs> starts;
        for (std::size_t k = 0; k < stream.ops.size(); ++k) {
            const EventRef call = stream.launchCall[k];
            if (!call.isValid())
                continue;
            const TimeNs launched = trace.event(call).start;
            calls.push_back({launched, static_cast<std::uint32_t>(k)});
            starts.push_back(std::max(launched, track.events[stream.ops[k]].start));
        }
        if (calls.size() < static_cast<std::size_t>(limit))
            continue; // fewer launches than the limit: never full
        if (!std::is_sorted(calls.begin(), calls.end(), byTime))
            std::sort(calls.begin(), calls.end(), byTime);
        if (!std::is_sorted(starts.begin(), starts.end()))
            std::sort(starts.begin(), starts.end());
        std::size_t i = 0, j = 0;
        std::int64_t depth = 0;
        while (i < calls.size() || j < starts.size()) {
            const TimeNs now = std::min(i < calls.size() ? calls[i].time : starts[j],
                                        j < starts.size() ? starts[j] : calls[i].time);
            const std::int64_t before = depth; // what a call at `now` finds pending
            for (; i < calls.size() && calls[i].time == now; ++i, ++depth) {
                if (before < limit || !context.inWindow(now))
                    continue;
                const EventRef call = stream.launchCall[calls[i].op];
                FindingEvent e;
                e.event = {stream.track, stream.ops[calls[i].op]}; // what it launched: the stream
                e.call = call;
                e.start = now;
                e.duration = trace.event(call).duration;
                e.cost = e.duration;
                f.events.push_back(e);
            }
            for (; j < starts.size() && starts[j] == now; ++j)
                --depth;
            if (depth >= limit && (i < calls.size() || j < starts.size())) {
                const TimeNs next = std::min(i < calls.size() ? calls[i].time : starts[j],
                                             j < starts.size() ? starts[j] : calls[i].time);
                f.time += std::max<TimeNs>(0, std::min(next, window.to) - std::max(now, window.from));
            }
        }
    }
    // A call that launched several ops (a graph) counts once.
    std::sort(f.events.begin(), f.events.end(),
              [](const FindingEvent &a, const FindingEvent &b) { return std::tie(a.call, a.event) < std::tie(b.call, b.event); });
    f.events.erase(std::unique(f.events.begin(), f.events.end(),
                               [](const FindingEvent &a, const FindingEvent &b) { return a.call == b.call; }),
                   f.events.end());
    f.count = static_cast<std::int64_t>(f.events.size());
    f.shareOfStep = context.shareOfWindow(f.time);
    sortByDurationDescending(f.events);
    f.message = "a stream held " + std::to_string(limit) + " or more pending launches for " + durationText(f.time)
                + "; " + std::to_string(f.count) + " launch call(s) found the queue full and blocked the CPU";
    f.fix = "The CPU is far ahead of the GPU, so the GPU is the bottleneck: make the kernels cheaper (fusion, mixed "
            "precision, better algorithms) rather than the launches; the blocked CPU time is free for other work";
    const bool fires = f.time > 0;
    out.push_back(context.result(std::move(f), fires));
}

void shortKernelsRule(Context &context, std::vector<RuleResult> &out)
{
    const Trace &trace = context.trace;
    Finding f;
    f.rule = "short_kernels";
    std::int64_t kernels = 0;
    NameMatch launchApi(trace.strings, isLaunchApi); // the calls `launches` counts
    for (const StreamOps &stream : context.streams()) {
        const Track &track = trace.tracks[stream.track];
        for (std::size_t k = 0; k < stream.ops.size(); ++k) {
            const Event &op = track.events[stream.ops[k]];
            const EventRef callRef = stream.launchCall[k];
            if (op.kind != EventKind::Kernel || !callRef.isValid() || !context.inWindow(op.start))
                continue;
            const Event &call = trace.event(callRef);
            if (call.kind != EventKind::ApiCall || !launchApi(call.name))
                continue;
            ++kernels;
            if (op.duration >= call.duration)
                continue;
            FindingEvent e;
            e.event = {stream.track, stream.ops[k]};
            e.call = callRef;
            e.start = op.start;
            e.duration = op.duration;
            e.cost = call.duration - op.duration;
            f.time += e.cost;
            f.events.push_back(e);
        }
    }
    f.count = static_cast<std::int64_t>(f.events.size());
    f.shareOfStep = context.shareOfWindow(f.time);
    const double share = kernels > 0 ? 100.0 * static_cast<double>(f.count) / static_cast<double>(kernels) : 0.0;
    sortByDurationDescending(f.events);
    f.message = std::to_string(f.count) + " of " + std::to_string(kernels) + " launched kernels (" + percentText(share)
                + " %) ran shorter on the GPU than their launch call took on the CPU; the launches took "
                + durationText(f.time) + " longer than the work";
    f.fix = "Launch fewer, larger kernels: capture the step in a CUDA graph (torch.cuda.CUDAGraph, torch.compile "
            "with mode=\"reduce-overhead\") or fuse small operations (torch.compile, fused optimizers)";
    const bool fires = f.count >= context.options.shortKernelsMinCount && share >= context.options.shortKernelsMinShare;
    out.push_back(context.result(std::move(f), fires));
}

} // namespace tracelane::findings
