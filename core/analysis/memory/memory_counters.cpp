#include "memory_counters.h"

#include "memory_events.h"

#include <algorithm>
#include <map>

namespace tracelane {
namespace {

struct DeviceSeries
{
    std::int32_t process = kNoIndex;
    std::vector<std::size_t> events; // into MemoryEvents::events, in time order
    bool reserved = false;           // some event records Total Reserved
};

// The index of GPU `ordinal` in trace.devices, added when no stream named it.
std::int32_t gpuIndex(Trace &trace, std::int64_t ordinal)
{
    for (std::size_t d = 0; d < trace.devices.size(); ++d)
        if (trace.devices[d].id == ordinal)
            return std::int32_t(d);
    GpuDevice device;
    device.id = std::int32_t(ordinal);
    trace.devices.push_back(device);
    return std::int32_t(trace.devices.size() - 1);
}

void addSeries(Trace &trace, const MemoryEvents &memory, const DeviceSeries &series, std::int32_t device,
               std::string_view name, bool reserved)
{
    Track track;
    track.kind = TrackKind::Counter;
    track.name = trace.strings.intern(name);
    track.process = series.process;
    track.device = device;
    track.derived = true;
    track.counterUnit = CounterUnit::Bytes;
    track.events.reserve(series.events.size());
    track.counterValues.reserve(series.events.size());
    for (std::size_t k : series.events) {
        const MemoryEvent &m = memory.events[k];
        double value = double(m.totalAllocated);
        if (reserved) {
            if (!m.totalReserved)
                continue; // this event did not say; the last value holds
            value = double(*m.totalReserved);
        }
        Event e;
        e.start = m.time;
        e.kind = EventKind::CounterSample;
        e.name = track.name;
        track.events.push_back(e);
        track.counterValues.push_back(value);
    }
    // A sample holds until the next one, as for the file's own counters.
    for (std::size_t i = 0; i + 1 < track.events.size(); ++i)
        track.events[i].duration = track.events[i + 1].start - track.events[i].start;
    track.sourceRecords.assign(track.events.size(), kNoSourceRecord);
    // An allocator that reserves nothing (the CPU's reports 0) gets no reserved lane.
    const bool allZero = std::all_of(track.counterValues.begin(), track.counterValues.end(),
                                     [](double v) { return v == 0.0; });
    if (!track.events.empty() && !(reserved && allZero))
        trace.tracks.push_back(std::move(track));
}

} // namespace

std::size_t addMemoryCounterTracks(Trace &trace)
{
    const MemoryEvents memory = collectMemoryEvents(trace);
    if (memory.events.empty())
        return 0;
    std::map<MemoryDevice, DeviceSeries> devices; // the CPU first, then by device
    for (std::size_t k = 0; k < memory.events.size(); ++k) {
        const MemoryEvent &m = memory.events[k];
        DeviceSeries &series = devices[m.device];
        if (series.process == kNoIndex)
            series.process = trace.tracks[m.ref.track].process;
        series.events.push_back(k);
        series.reserved = series.reserved || m.totalReserved.has_value();
    }
    const std::size_t before = trace.tracks.size();
    for (const auto &entry : devices) {
        const MemoryDevice &device = entry.first;
        const DeviceSeries &series = entry.second;
        const bool gpu = device.type == 1 && device.id >= 0;
        const std::int32_t index = gpu ? gpuIndex(trace, device.id) : kNoIndex;
        // A GPU's lanes sit in its own group, so their names need not say which device.
        const std::string prefix = gpu ? std::string() : memoryDeviceName(device) + " ";
        addSeries(trace, memory, series, index, prefix + (gpu ? "Allocated" : "allocated"), false);
        if (series.reserved)
            addSeries(trace, memory, series, index, prefix + (gpu ? "Reserved" : "reserved"), true);
    }
    return trace.tracks.size() - before;
}

} // namespace tracelane
