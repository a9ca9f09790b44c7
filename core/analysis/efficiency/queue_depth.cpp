#include "queue_depth.h"

#include <algorithm>

namespace tracelane {
namespace {

struct DepthChange
{
    TimeNs time;
    std::int32_t delta;
};

StreamQueueDepth streamQueueDepth(const Trace &trace, const StreamOps &ops)
{
    StreamQueueDepth result{ops.deviceId(trace), ops.streamId(trace), ops.track, {}, 0, 0.0, 0};
    const Track &track = trace.tracks[ops.track];
    std::vector<DepthChange> changes;
    for (std::size_t k = 0; k < ops.ops.size(); ++k) {
        if (!ops.launchCall[k].isValid())
            continue;
        const TimeNs launched = trace.event(ops.launchCall[k]).start;
        // A GPU clock that reads earlier than the call would make the depth negative.
        const TimeNs started = std::max(launched, track.events[ops.ops[k]].start);
        changes.push_back({launched, +1});
        changes.push_back({started, -1});
    }
    if (changes.empty())
        return result;
    std::sort(changes.begin(), changes.end(), [](const DepthChange &a, const DepthChange &b) { return a.time < b.time; });

    std::int32_t depth = 0;
    long double weighted = 0; // integral of depth over time
    for (std::size_t c = 0; c < changes.size();) {
        const TimeNs now = changes[c].time;
        for (; c < changes.size() && changes[c].time == now; ++c)
            depth += changes[c].delta;
        if (result.series.empty() || result.series.back().depth != depth)
            result.series.push_back({now, depth});
        if (c < changes.size()) {
            const TimeNs held = changes[c].time - now;
            weighted += static_cast<long double>(depth) * held;
            if (depth >= kCudaLaunchQueueLimit)
                result.timeAtLimit += held;
        }
        result.max = std::max(result.max, depth);
    }
    const TimeNs window = changes.back().time - changes.front().time;
    result.mean = window > 0 ? static_cast<double>(weighted / window) : 0.0;
    return result;
}

} // namespace

std::vector<StreamQueueDepth> queueDepth(const Trace &trace, const std::vector<StreamOps> &streams)
{
    std::vector<StreamQueueDepth> result;
    result.reserve(streams.size());
    for (const StreamOps &ops : streams)
        result.push_back(streamQueueDepth(trace, ops));
    return result;
}

Table queueTable(const std::vector<StreamQueueDepth> &rows)
{
    Table table;
    table.columns = {"Device", "Stream", "Max", "Mean (time-weighted)", "Time at >= 1024 (ns)"};
    for (const StreamQueueDepth &r : rows)
        if (!r.series.empty()) // a stream with nothing launched has no queue
            table.rows.push_back({Cell::integer(r.deviceId), Cell::integer(r.streamId), Cell::integer(r.max),
                              Cell::fixed(r.mean, 2), Cell::integer(r.timeAtLimit)});
    return table;
}

} // namespace tracelane
