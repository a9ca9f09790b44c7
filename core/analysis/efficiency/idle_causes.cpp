#include "idle_causes.h"
#include "model/time_math.h"

#include <algorithm>
#include <limits>
#include <tuple>

namespace tracelane {

std::string_view idleCauseName(IdleCause cause)
{
    switch (cause) {
    case IdleCause::HostWait: return "host wait";
    case IdleCause::KernelWait: return "kernel wait";
    case IdleCause::Other: return "other";
    }
    return "other";
}

std::vector<IdleGap> idleGaps(const Trace &trace, const std::vector<StreamOps> &streams, TimeNs kernelWaitThreshold)
{
    std::vector<IdleGap> gaps;
    for (const StreamOps &ops : streams) {
        const Track &track = trace.tracks[ops.track];
        TimeNs idleSince = std::numeric_limits<TimeNs>::min();
        for (std::size_t k = 0; k < ops.ops.size(); ++k) {
            const Event &e = track.events[ops.ops[k]];
            if (k > 0 && e.start > idleSince) {
                IdleGap gap{ops.track, idleSince, e.start, IdleCause::Other, {ops.track, ops.ops[k]}, ops.launchCall[k]};
                if (gap.launchCall.isValid() && trace.event(gap.launchCall).start > idleSince)
                    gap.cause = IdleCause::HostWait;
                else if (gap.length() < kernelWaitThreshold)
                    gap.cause = IdleCause::KernelWait;
                gaps.push_back(gap);
            }
            idleSince = std::max(idleSince, e.end());
        }
    }
    return gaps;
}

std::vector<StreamIdle> idleByStream(const Trace &trace, const std::vector<StreamOps> &streams,
                                     const std::vector<IdleGap> &gaps)
{
    std::vector<StreamIdle> rows;
    rows.reserve(streams.size());
    auto gap = gaps.begin();
    for (const StreamOps &ops : streams) {
        StreamIdle row{ops.deviceId(trace), ops.streamId(trace), ops.track};
        for (; gap != gaps.end() && gap->track == ops.track; ++gap) {
            ++row.gaps;
            switch (gap->cause) {
            case IdleCause::HostWait: row.hostWait = saturatingAdd(row.hostWait, gap->length()); break;
            case IdleCause::KernelWait: row.kernelWait = saturatingAdd(row.kernelWait, gap->length()); break;
            case IdleCause::Other: row.other = saturatingAdd(row.other, gap->length()); break;
            }
        }
        rows.push_back(row);
    }
    return rows;
}

std::vector<IdleGap> longestGaps(const std::vector<IdleGap> &gaps, std::size_t count)
{
    const auto longerFirst = [](const IdleGap &a, const IdleGap &b) {
        return std::tuple(b.length(), a.start, a.track) < std::tuple(a.length(), b.start, b.track);
    };
    std::vector<IdleGap> result(std::min(count, gaps.size()));
    std::partial_sort_copy(gaps.begin(), gaps.end(), result.begin(), result.end(), longerFirst);
    return result;
}

Table idleTable(const std::vector<StreamIdle> &rows)
{
    Table table;
    table.columns = {"Device",        "Stream",          "Host Wait (ns)",  "Kernel Wait (ns)",
                     "Other (ns)",    "Host Wait (%)",   "Kernel Wait (%)", "Other (%)"};
    for (const StreamIdle &r : rows)
        table.rows.push_back({Cell::integer(r.deviceId), Cell::integer(r.streamId), Cell::integer(r.hostWait),
                              Cell::integer(r.kernelWait), Cell::integer(r.other), Cell::percentOf(r.hostWait, r.total()),
                              Cell::percentOf(r.kernelWait, r.total()), Cell::percentOf(r.other, r.total())});
    return table;
}

} // namespace tracelane
