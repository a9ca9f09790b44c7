#include "memory_events.h"

#include <algorithm>
#include <array>
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
    // The argument names looked up once; each event's record is then read in one pass.
    enum Key { Bytes, Type, Id, Addr, Allocated, Reserved, KeyCount };
    std::array<StringId, KeyCount> keys{};
    const char *names[KeyCount] = {"Bytes", "Device Type", "Device Id", "Addr", "Total Allocated", "Total Reserved"};
    for (int k = 0; k < KeyCount; ++k)
        keys[std::size_t(k)] = trace.strings.find(names[k]).value_or(StringId(0xFFFFFFFFu)); // absent: never matches
    std::array<std::optional<ArgValue>, KeyCount> values;
    auto intOf = [&](Key k) { return values[std::size_t(k)] ? values[std::size_t(k)]->asInt() : std::nullopt; };
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &track = trace.tracks[t];
        for (std::uint32_t i = 0; i < track.events.size(); ++i) {
            const Event &event = track.events[i];
            if (event.name != *memoryName || event.kind != EventKind::Instant)
                continue;
            values.fill(std::nullopt);
            findArgs(trace.argSchemas, track.argBlob, event.args, keys, values);
            const auto bytes = intOf(Bytes);
            if (!bytes) {
                ++result.malformed;
                continue;
            }
            MemoryEvent e;
            e.ref = {t, i};
            e.time = event.start;
            e.bytes = *bytes;
            e.device.type = intOf(Type).value_or(0);
            e.device.id = intOf(Id).value_or(-1);
            if (const auto v = intOf(Addr))
                e.address = std::uint64_t(*v);
            if (const auto v = intOf(Allocated)) {
                e.totalAllocated = *v;
                result.recordedTotals = true;
            }
            e.totalReserved = intOf(Reserved);
            result.events.push_back(e);
        }
    }
    // By time, then in the file's order: the allocator's totals follow that order.
    // The key is built once: looking records up inside the comparison costs
    // two scattered reads per comparison on a million events.
    std::vector<std::pair<std::pair<TimeNs, std::uint32_t>, std::uint32_t>> order(result.events.size());
    for (std::uint32_t k = 0; k < result.events.size(); ++k)
        order[k] = {{result.events[k].time, trace.sourceRecord(result.events[k].ref)}, k};
    if (!std::is_sorted(order.begin(), order.end())) {
        std::sort(order.begin(), order.end());
        std::vector<MemoryEvent> sorted;
        sorted.reserve(order.size());
        for (const auto &entry : order)
            sorted.push_back(result.events[entry.second]);
        result.events = std::move(sorted);
    }
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
