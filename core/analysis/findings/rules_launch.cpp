// Tracelane's launch rules: launch_queue_full (launch calls that found their
// stream's queue full and blocked) and short_kernels (kernels that ran shorter
// on the GPU than their launch call took on the CPU).
#include "finding_context.h"

#include "analysis/efficiency/launch_stats.h"
#include "analysis/efficiency/queue_depth.h"

#include <algorithm>
#include <tuple>

namespace tracelane::findings {

void launchQueueFullRule(Context &context, std::vector<RuleResult> &out)
{
    const Trace &trace = context.trace;
    const std::int32_t limit = context.options.launchQueueDepth;
    const TimeWindow window = context.window();
    const std::vector<StreamOps> &streams = context.streams();
    const std::vector<StreamQueueDepth> depths = queueDepth(trace, streams);
    Finding f;
    f.rule = "launch_queue_full";
    for (std::size_t s = 0; s < streams.size(); ++s) {
        const auto &series = depths[s].series;
        // Time at or above the limit, inside the window.
        for (std::size_t p = 0; p + 1 < series.size(); ++p)
            if (series[p].depth >= limit)
                f.time += std::max<TimeNs>(
                    0, std::min(series[p + 1].time, window.to) - std::max(series[p].time, window.from));
        // The calls that found `limit` launches pending: the depth held just before they started.
        const StreamOps &stream = streams[s];
        for (std::size_t k = 0; k < stream.ops.size(); ++k) {
            const EventRef call = stream.launchCall[k];
            if (!call.isValid())
                continue;
            const Event &c = trace.event(call);
            if (!context.inWindow(c.start))
                continue;
            const auto after = std::lower_bound(series.begin(), series.end(), c.start,
                                                [](const QueueDepthPoint &q, TimeNs t) { return q.time < t; });
            if (after == series.begin() || std::prev(after)->depth < limit)
                continue;
            FindingEvent e;
            e.event = {stream.track, stream.ops[k]}; // what it launched: the stream
            e.call = call;
            e.start = c.start;
            e.duration = c.duration;
            e.cost = c.duration;
            f.events.push_back(e);
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
    for (const LaunchRecord &r : launchRecords(trace)) {
        const Event &op = trace.event(r.op);
        if (op.kind != EventKind::Kernel || !context.inWindow(op.start))
            continue;
        ++kernels;
        if (!r.shortKernel)
            continue;
        FindingEvent e;
        e.event = r.op;
        e.call = r.call;
        e.start = op.start;
        e.duration = op.duration;
        e.cost = r.cpuDuration - r.gpuDuration;
        f.time += e.cost;
        f.events.push_back(e);
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
