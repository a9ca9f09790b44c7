#include "memory_events.h"

#include <algorithm>
#include <map>

namespace tracelane {

std::string memoryDeviceName(MemoryDevice device)
{
    if (device.type == 0)
        return "CPU";
    if (device.type == 1)
        return "GPU " + std::to_string(device.id);
    return "device " + std::to_string(device.type) + ":" + std::to_string(device.id);
}

MemoryEvents collectMemoryEvents(const Trace &trace)
{
    MemoryEvents result;
    const auto memoryName = trace.strings.find("[memory]");
    if (!memoryName)
        return result;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const std::vector<Event> &events = trace.tracks[t].events;
        for (std::uint32_t i = 0; i < events.size(); ++i) {
            if (events[i].name != *memoryName || events[i].kind != EventKind::Instant)
                continue;
            const EventRef ref{t, i};
            const auto bytes = trace.arg(ref, "Bytes");
            if (!bytes || !bytes->asInt()) {
                ++result.malformed;
                continue;
            }
            MemoryEvent e;
            e.ref = ref;
            e.time = events[i].start;
            e.bytes = *bytes->asInt();
            if (const auto v = trace.arg(ref, "Device Type"); v && v->asInt())
                e.device.type = *v->asInt();
            if (const auto v = trace.arg(ref, "Device Id"); v && v->asInt())
                e.device.id = *v->asInt();
            if (const auto v = trace.arg(ref, "Addr"); v && v->asInt())
                e.address = std::uint64_t(*v->asInt());
            if (const auto v = trace.arg(ref, "Total Allocated"); v && v->asInt()) {
                e.totalAllocated = *v->asInt();
                result.recordedTotals = true;
            }
            if (const auto v = trace.arg(ref, "Total Reserved"); v && v->asInt())
                e.totalReserved = *v->asInt();
            result.events.push_back(e);
        }
    }
    // By time, then in the file's order: the allocator's totals follow that order.
    std::sort(result.events.begin(), result.events.end(), [&](const MemoryEvent &a, const MemoryEvent &b) {
        return std::pair(a.time, trace.sourceRecord(a.ref)) < std::pair(b.time, trace.sourceRecord(b.ref));
    });
    if (!result.recordedTotals) {
        // The 2021 schema: what the allocator held is the running sum of Bytes, per device.
        std::map<MemoryDevice, std::int64_t> running;
        for (MemoryEvent &e : result.events) {
            std::int64_t &sum = running[e.device];
            sum += e.bytes;
            e.totalAllocated = sum;
        }
    }
    return result;
}

} // namespace tracelane
