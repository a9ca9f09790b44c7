// The two GPU low-utilisation rules of `nsys analyze`: gpu_gaps and gpu_time_util.
// Both look at each GPU on its own, between the start of its first operation
// and the end of its last (kernels, memcpys and memsets on every stream).
#include "finding_context.h"

#include <algorithm>
#include <tuple>
#include <cmath>

namespace tracelane::findings {
namespace {

struct DeviceOp
{
    TimeNs start = 0;
    TimeNs end = 0;
    EventRef op;
    EventRef call;
};

struct DeviceOps
{
    std::int32_t device = kNoIndex; // index into Trace::devices
    std::int64_t pid = -1;          // the process of its launching calls
    std::vector<DeviceOp> ops;      // by start, then end
};

// The operations of each GPU, clipped to the window when a step was given.
// Like nsys, operations that start at or before time 0 are left out.
std::vector<DeviceOps> opsByDevice(Context &context)
{
    std::vector<DeviceOps> devices;
    const TimeWindow window = context.window();
    for (const StreamOps &stream : context.streams()) {
        if (stream.device == kNoIndex)
            continue;
        auto it = std::find_if(devices.begin(), devices.end(),
                               [&](const DeviceOps &d) { return d.device == stream.device; });
        if (it == devices.end()) {
            devices.push_back({stream.device, -1, {}});
            it = devices.end() - 1;
        }
        const Track &track = context.trace.tracks[stream.track];
        for (std::size_t k = 0; k < stream.ops.size(); ++k) {
            const Event &e = track.events[stream.ops[k]];
            TimeNs start = e.start, end = e.end();
            if (context.stepGiven()) {
                if (!overlapsWindow(e, window))
                    continue;
                start = std::max(start, window.from);
                end = std::min(end, window.to);
            }
            if (start <= 0)
                continue;
            const EventRef call = stream.launchCall[k];
            if (it->pid < 0 && call.isValid())
                it->pid = context.pidOfTrack(call.track);
            it->ops.push_back({start, end, EventRef{stream.track, stream.ops[k]}, call});
        }
    }
    const auto byStart = [](const DeviceOp &a, const DeviceOp &b) {
        return std::tie(a.start, a.end, a.op) < std::tie(b.start, b.end, b.op);
    };
    for (DeviceOps &d : devices)
        if (!std::is_sorted(d.ops.begin(), d.ops.end(), byStart)) // one stream per device often is
            std::sort(d.ops.begin(), d.ops.end(), byStart);
    std::erase_if(devices, [](const DeviceOps &d) { return d.ops.empty(); });
    return devices;
}

std::string fixForIdleGpu()
{
    return "Find what the CPU did while the GPU waited: sample the CPU, look for blocking OS calls and thread "
           "synchronisation, and mark the CPU code with NVTX ranges to see which part leaves the GPU without work";
}

} // namespace

void gpuGapsRule(Context &context, std::vector<RuleResult> &out)
{
    const TimeNs threshold = context.options.gpuGap;
    std::vector<FindingEvent> events;
    for (const DeviceOps &device : opsByDevice(context)) {
        TimeNs coveredTo = device.ops.front().end;
        for (std::size_t i = 1; i < device.ops.size(); ++i) {
            const DeviceOp &next = device.ops[i];
            // nsys keeps gaps whose duration is greater than the threshold.
            if (next.start > coveredTo && next.start - coveredTo > threshold) {
                FindingEvent gap;
                gap.event = next.op; // the operation that ends the gap
                gap.call = next.call;
                gap.start = coveredTo;
                gap.duration = next.start - coveredTo;
                gap.cost = gap.duration;
                gap.device = device.device;
                gap.pid = device.pid;
                events.push_back(gap);
            }
            coveredTo = std::max(coveredTo, next.end);
        }
    }
    Finding f;
    f.rule = "gpu_gaps";
    f.count = static_cast<std::int64_t>(events.size());
    for (const FindingEvent &e : events)
        f.time += e.duration;
    f.shareOfStep = context.shareOfWindow(f.time);
    sortByDurationDescending(events);
    f.events = std::move(events);
    f.message = std::to_string(f.count) + " gap(s) of more than " + durationText(threshold)
                + " between GPU operations left a GPU idle for " + durationText(f.time);
    f.fix = fixForIdleGpu();
    const bool fires = f.count > 0;
    out.push_back(context.result(std::move(f), fires));
}

void gpuTimeUtilRule(Context &context, std::vector<RuleResult> &out)
{
    const double threshold = context.options.gpuTimeUtilThreshold;
    const TimeNs chunks = std::clamp(context.options.gpuTimeUtilChunks, 1, 1000);
    std::vector<FindingEvent> events;
    for (const DeviceOps &device : opsByDevice(context)) {
        TimeNs first = device.ops.front().start, last = device.ops.front().end;
        for (const DeviceOp &op : device.ops)
            last = std::max(last, op.end);
        const TimeNs span = last - first;
        if (span <= 0)
            continue;
        // Equal chunks, rounded up to whole nanoseconds: the last may end early, or be missing.
        const TimeNs size = span / chunks + (span % chunks != 0);
        std::vector<TimeNs> busy(static_cast<std::size_t>(chunks), 0);
        for (const DeviceOp &op : device.ops) {
            // Summed, not merged: operations running together count each (in-use may pass 100 %).
            for (TimeNs c = (op.start - first) / size; c < chunks; ++c) {
                const TimeNs cs = first + c * size, ce = last - cs > size ? cs + size : last; // no overflow near 2^63
                if (cs >= op.end)
                    break;
                busy[static_cast<std::size_t>(c)] += std::max<TimeNs>(0, std::min(op.end, ce) - std::max(op.start, cs));
            }
        }
        // Low chunks, consecutive ones joined with their size-weighted mean.
        FindingEvent region;
        double weighted = 0.0;
        bool open = false;
        const auto close = [&] {
            if (!open)
                return;
            region.inUse = std::round(weighted / static_cast<double>(region.duration) * 10.0) / 10.0;
            events.push_back(region);
            open = false;
        };
        for (TimeNs c = 0; c < chunks; ++c) {
            const TimeNs cs = first + c * size, ce = last - cs > size ? cs + size : last; // no overflow near 2^63
            if (cs >= ce) {
                close();
                break;
            }
            const TimeNs length = ce - cs;
            const double percent =
                static_cast<double>(busy[static_cast<std::size_t>(c)]) / static_cast<double>(length) * 100.0;
            if (percent >= threshold) {
                close();
                continue;
            }
            if (!open) {
                region = FindingEvent{};
                region.start = cs;
                region.duration = 0;
                region.device = device.device;
                region.pid = device.pid;
                weighted = 0.0;
                open = true;
            }
            region.duration = ce - region.start;
            region.cost = region.duration;
            weighted += static_cast<double>(length) * percent;
        }
        close();
    }
    std::sort(events.begin(), events.end(), [](const FindingEvent &a, const FindingEvent &b) {
        return std::tie(a.inUse, a.duration, a.device, a.start) < std::tie(b.inUse, b.duration, b.device, b.start);
    });
    Finding f;
    f.rule = "gpu_time_util";
    f.count = static_cast<std::int64_t>(events.size());
    for (const FindingEvent &e : events)
        f.time += e.duration;
    f.shareOfStep = context.shareOfWindow(f.time);
    f.events = std::move(events);
    f.message = std::to_string(f.count) + " region(s), " + durationText(f.time) + " in all, had GPU utilisation under "
                + percentText(threshold) + " % (the span of each GPU in " + std::to_string(chunks) + " equal chunks)";
    f.fix = fixForIdleGpu();
    const bool fires = f.count > 0;
    out.push_back(context.result(std::move(f), fires));
}

} // namespace tracelane::findings
