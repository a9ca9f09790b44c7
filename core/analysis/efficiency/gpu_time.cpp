#include "gpu_time.h"

#include "analysis/gpu/gpu_op_class.h"
#include "analysis/gpu/interval_set.h"

#include <algorithm>
#include <array>
#include <limits>

namespace tracelane {
namespace {

using ClassIntervals = std::array<std::vector<TimeInterval>, kGpuOpClassCount>;

struct Coverage
{
    TimeNs first = std::numeric_limits<TimeNs>::max();
    TimeNs last = std::numeric_limits<TimeNs>::min();
    ClassIntervals intervals;

    void add(const Event &e, GpuOpClass opClass)
    {
        first = std::min(first, e.start);
        last = std::max(last, e.end());
        intervals[static_cast<int>(opClass)].push_back({e.start, e.end()});
    }
    void add(const Coverage &other)
    {
        first = std::min(first, other.first);
        last = std::max(last, other.last);
        for (int c = 0; c < kGpuOpClassCount; ++c)
            intervals[c].insert(intervals[c].end(), other.intervals[c].begin(), other.intervals[c].end());
    }
};

struct Measured
{
    GpuTimeRow row;
    std::array<TimeNs, 8> buckets{};
    std::array<IntervalSet, kGpuOpClassCount> unions;
};

Measured measure(const Coverage &coverage)
{
    Measured m;
    for (int c = 0; c < kGpuOpClassCount; ++c)
        m.unions[c] = IntervalSet::unionOf(coverage.intervals[c]);
    m.buckets = IntervalSet::exclusiveCoverage(m.unions);
    m.row.span = coverage.last > coverage.first ? coverage.last - coverage.first : 0;
    for (OpClassMask mask = 1; mask < 8; ++mask)
        m.row.busy += m.buckets[mask];
    m.row.compute = m.unions[static_cast<int>(GpuOpClass::Compute)].length();
    return m;
}

} // namespace

std::string opClassMaskName(OpClassMask mask)
{
    switch (mask) {
    case 1: return "Compute";
    case 2: return "Communication";
    case 4: return "Memory";
    case 3: return "Compute overlapping communication";
    case 5: return "Compute overlapping memory";
    case 6: return "Communication overlapping memory";
    case 7: return "Compute overlapping communication and memory";
    default: return "Idle";
    }
}

GpuTimeBreakdown gpuTimeBreakdown(const Trace &trace, const std::vector<StreamOps> &streams)
{
    GpuTimeBreakdown result;
    GpuOpClassifier classify(trace.strings);
    // `streams` is ordered by device: each device is one run.
    for (std::size_t first = 0; first < streams.size();) {
        const std::int32_t deviceId = streams[first].deviceId(trace);
        Coverage device;
        std::size_t s = first;
        for (; s < streams.size() && streams[s].deviceId(trace) == deviceId; ++s) {
            const StreamOps &ops = streams[s];
            const Track &track = trace.tracks[ops.track];
            Coverage stream;
            for (const std::uint32_t i : ops.ops) {
                const Event &e = track.events[i];
                stream.add(e, classify(e));
            }
            Measured m = measure(stream);
            m.row.deviceId = deviceId;
            m.row.streamId = ops.streamId(trace);
            result.streams.push_back(m.row);
            device.add(stream);
        }
        first = s;

        Measured m = measure(device);
        m.row.deviceId = deviceId;
        result.devices.push_back(m.row);
        // In the order of the documentation: single classes, then overlaps.
        for (const OpClassMask bucket : {1u, 2u, 4u, 3u, 5u, 6u, 7u})
            if (m.buckets[bucket] > 0)
                result.kernelTypes.push_back({deviceId, bucket, m.buckets[bucket], m.row.busy});
        const IntervalSet &communication = m.unions[static_cast<int>(GpuOpClass::Communication)];
        if (!communication.empty())
            result.overlap.push_back({deviceId, communication.length(),
                                      IntervalSet::intersectionLength(
                                          communication, m.unions[static_cast<int>(GpuOpClass::Compute)])});
    }
    return result;
}

Table gpuTimeTable(const GpuTimeBreakdown &breakdown, bool perStream)
{
    Table table;
    table.columns = {"Device",         "Stream",           "Span (ns)", "Busy (ns)",   "Idle (ns)",
                     "Compute (ns)",   "Non-compute (ns)", "Idle (%)",  "Compute (%)", "Non-compute (%)"};
    auto add = [&](const GpuTimeRow &r) {
        table.rows.push_back({Cell::integer(r.deviceId), r.streamId ? Cell::integer(*r.streamId) : Cell::empty(),
                              Cell::integer(r.span), Cell::integer(r.busy), Cell::integer(r.idle()),
                              Cell::integer(r.compute), Cell::integer(r.nonCompute()), Cell::percentOf(r.idle(), r.span),
                              Cell::percentOf(r.compute, r.span), Cell::percentOf(r.nonCompute(), r.span)});
    };
    for (const GpuTimeRow &device : breakdown.devices) {
        add(device);
        if (perStream)
            for (const GpuTimeRow &stream : breakdown.streams)
                if (stream.deviceId == device.deviceId)
                    add(stream);
    }
    return table;
}

Table kernelTypesTable(const GpuTimeBreakdown &breakdown)
{
    Table table;
    table.columns = {"Device", "Type", "Time (ns)", "Share (%)"};
    for (const KernelTypeTime &k : breakdown.kernelTypes)
        table.rows.push_back({Cell::integer(k.deviceId), Cell::text(opClassMaskName(k.classes)), Cell::integer(k.time),
                              Cell::percentOf(k.time, k.busy)});
    return table;
}

Table overlapTable(const GpuTimeBreakdown &breakdown)
{
    Table table;
    table.columns = {"Device", "Communication (ns)", "Overlapped (ns)", "Overlap (%)"};
    for (const CommunicationOverlap &o : breakdown.overlap)
        table.rows.push_back({Cell::integer(o.deviceId), Cell::integer(o.communication), Cell::integer(o.overlapped),
                              Cell::percentOf(o.overlapped, o.communication)});
    return table;
}

} // namespace tracelane
