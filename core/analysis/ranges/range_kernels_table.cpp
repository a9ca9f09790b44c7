#include "range_kernels_table.h"

#include <algorithm>
#include <tuple>

namespace tracelane {
namespace {

bool nameMatches(const Trace &trace, const Track &track, const Event &e, std::string_view name)
{
    const std::string_view text = trace.strings.view(e.name);
    if (text == name)
        return true;
    if (e.kind != EventKind::Range)
        return false;
    const std::string_view domain = trace.strings.view(track.domain);
    return name.size() == domain.size() + 1 + text.size() && name.starts_with(domain)
           && name[domain.size()] == ':' && name.ends_with(text);
}

Cell textArg(const Trace &trace, EventRef ref, std::string_view key)
{
    const auto value = trace.arg(ref, key);
    if (!value || value->type == ArgType::Null)
        return Cell::empty();
    return Cell::text(value->toText(trace.strings));
}

} // namespace

std::vector<EventRef> findRangesNamed(const Trace &trace, std::string_view name)
{
    std::vector<EventRef> found;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &track = trace.tracks[t];
        if (track.thread == kNoIndex || (track.kind != TrackKind::ThreadRanges && track.kind != TrackKind::CpuThread))
            continue;
        for (std::uint32_t i = 0; i < track.events.size(); ++i) {
            const Event &e = track.events[i];
            if ((e.kind == EventKind::Range || e.kind == EventKind::CpuOp) && nameMatches(trace, track, e, name))
                found.push_back({t, i});
        }
    }
    std::sort(found.begin(), found.end(), [&](EventRef a, EventRef b) {
        return std::tuple(trace.event(a).start, a) < std::tuple(trace.event(b).start, b);
    });
    return found;
}

Table gpuOpsTable(const Trace &trace, const std::vector<EventRef> &ops)
{
    Table table;
    table.columns = {"Name", "Kind", "Stream", "Device", "Start (ns)", "Duration (ns)", "Grid", "Block", "Correlation"};
    for (const EventRef ref : ops) {
        const Event &e = trace.event(ref);
        const std::int32_t stream = trace.tracks[ref.track].stream;
        Cell streamCell, deviceCell;
        if (stream != kNoIndex) {
            streamCell = Cell::integer(trace.streams[stream].streamId);
            const std::int32_t device = trace.streams[stream].device;
            if (device != kNoIndex)
                deviceCell = Cell::integer(trace.devices[device].id);
        }
        table.rows.push_back({Cell::text(std::string(trace.strings.view(e.name))),
                              Cell::text(std::string(eventKindName(e.kind))), streamCell, deviceCell,
                              Cell::integer(e.start), Cell::integer(e.duration), textArg(trace, ref, "grid"),
                              textArg(trace, ref, "block"),
                              e.correlation ? Cell::integer(e.correlation) : Cell::empty()});
    }
    return table;
}

Table launchedTable(const Trace &trace, const RangeKernels &kernels)
{
    std::vector<EventRef> ops;
    ops.reserve(kernels.launched.size());
    for (const LaunchedGpuOp &op : kernels.launched)
        ops.push_back(op.op);
    return gpuOpsTable(trace, ops);
}

} // namespace tracelane
