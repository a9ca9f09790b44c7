#include "trace.h"

#include <algorithm>

namespace tracelane {

std::vector<Arg> Trace::args(EventRef ref) const
{
    const Track &track = tracks[ref.track];
    return decodeArgs(argSchemas, track.argBlob, track.events[ref.index].args);
}

std::optional<ArgValue> Trace::arg(EventRef ref, std::string_view key) const
{
    const auto keyId = strings.find(key);
    if (!keyId)
        return std::nullopt;
    const Track &track = tracks[ref.track];
    return findArg(argSchemas, track.argBlob, track.events[ref.index].args, *keyId);
}

std::span<const Flow> Trace::flowsFrom(EventRef ref) const
{
    auto range = std::equal_range(flows.begin(), flows.end(), ref,
                                  [](const auto &a, const auto &b) {
                                      if constexpr (std::is_same_v<std::decay_t<decltype(a)>, Flow>)
                                          return a.from < b;
                                      else
                                          return a < b.from;
                                  });
    return {range.first, range.second};
}

std::vector<const Flow *> Trace::flowsTo(EventRef ref) const
{
    std::vector<const Flow *> result;
    auto it = std::lower_bound(flowsByTo.begin(), flowsByTo.end(), ref,
                               [this](std::uint32_t i, const EventRef &r) { return flows[i].to < r; });
    for (; it != flowsByTo.end() && flows[*it].to == ref; ++it)
        result.push_back(&flows[*it]);
    return result;
}

EventCounts Trace::counts() const
{
    EventCounts c;
    for (const Track &track : tracks) {
        if (track.derived)
            continue; // the file's events only
        c.events += track.events.size();
        for (const Event &e : track.events) {
            switch (e.kind) {
            case EventKind::CpuOp: ++c.cpuOps; break;
            case EventKind::Range: ++c.ranges; break;
            case EventKind::ApiCall: ++c.apiCalls; break;
            case EventKind::Kernel: ++c.kernels; break;
            case EventKind::Memcpy: ++c.memcpys; break;
            case EventKind::Memset: ++c.memsets; break;
            default: break;
            }
        }
    }
    c.flows = flows.size();
    c.threads = threads.size();
    c.streams = streams.size();
    return c;
}

std::uint64_t Trace::eventCount() const
{
    std::uint64_t n = 0;
    for (const Track &track : tracks)
        if (!track.derived)
            n += track.events.size();
    return n;
}

const TracePart *Trace::partOfTrack(std::uint32_t track) const
{
    // Parts are few (one per rank) and ordered by firstTrack.
    const auto after = std::upper_bound(parts.begin(), parts.end(), track,
                                        [](std::uint32_t t, const TracePart &part) { return t < part.firstTrack; });
    if (after == parts.begin())
        return nullptr;
    const TracePart &part = *std::prev(after);
    return track < part.endTrack ? &part : nullptr;
}

std::uint64_t Trace::memoryBytes() const
{
    std::uint64_t bytes = strings.bytesUsed() + argSchemas.bytesUsed();
    for (const Track &track : tracks)
        bytes += track.events.capacity() * sizeof(Event) + track.argBlob.capacity()
                 + track.counterValues.capacity() * sizeof(double)
                 + track.sourceRecords.capacity() * sizeof(std::uint32_t) + sizeof(Track);
    bytes += flows.capacity() * sizeof(Flow) + flowsByTo.capacity() * sizeof(std::uint32_t);
    bytes += processes.capacity() * sizeof(Process) + threads.capacity() * sizeof(Thread)
             + devices.capacity() * sizeof(GpuDevice) + streams.capacity() * sizeof(Stream)
             + categories.capacity() * sizeof(StringId);
    return bytes;
}

} // namespace tracelane
