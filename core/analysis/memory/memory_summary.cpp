#include "memory_summary.h"

#include "model/parent_walk.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <unordered_map>

namespace tracelane {

MemorySummary summarizeMemory(const MemoryEvents &events)
{
    MemorySummary summary;
    std::map<MemoryDevice, DeviceMemory> devices;
    // Per device, the open allocation at each address (an index into summary.allocations).
    std::map<MemoryDevice, std::unordered_map<std::uint64_t, std::size_t>> open;
    bool addresses = !events.events.empty();
    for (const MemoryEvent &e : events.events)
        addresses &= e.address.has_value();
    for (std::size_t k = 0; k < events.events.size(); ++k) {
        const MemoryEvent &e = events.events[k];
        DeviceMemory &d = devices[e.device];
        d.device = e.device;
        if (d.allocations + d.frees == 0 || e.totalAllocated > d.peakAllocated) {
            d.peakAllocated = e.totalAllocated;
            d.peakAt = e.time;
            d.peakEvent = k;
        }
        if (e.totalReserved && (!d.peakReserved || *e.totalReserved > *d.peakReserved))
            d.peakReserved = e.totalReserved;
        (e.bytes >= 0 ? d.allocations : d.frees) += 1;
        if (!addresses)
            continue;
        auto &held = open[e.device];
        if (e.bytes >= 0) {
            // An address allocated again before its free: the earlier one stays
            // counted as never freed.
            if (const auto [it, added] = held.try_emplace(*e.address, summary.allocations.size()); !added) {
                ++summary.reusedBeforeFree;
                it->second = summary.allocations.size();
            }
            summary.allocations.push_back({k, kNotFreed});
        } else if (const auto it = held.find(*e.address); it != held.end()) {
            summary.allocations[it->second].free = k;
            held.erase(it);
        } else {
            ++summary.unpairedFrees;
        }
    }
    if (addresses) {
        for (auto &[device, d] : devices) {
            d.neverFreed = 0;
            d.neverFreedBytes = 0;
        }
        for (const MemoryAllocation &a : summary.allocations)
            if (a.free == kNotFreed) {
                DeviceMemory &d = devices[events.events[a.alloc].device];
                *d.neverFreed += 1;
                *d.neverFreedBytes += events.events[a.alloc].bytes;
            }
    }
    for (auto &[device, d] : devices)
        summary.devices.push_back(d);
    return summary;
}

Table memoryTable(const MemorySummary &summary)
{
    Table table;
    table.columns = {"Device",      "Peak Allocated (B)", "Peak At (ns)", "Peak Reserved (B)",
                     "Allocations", "Frees",              "Never Freed",  "Never Freed (B)"};
    auto optional = [](const std::optional<std::int64_t> &v) { return v ? Cell::integer(*v) : Cell::empty(); };
    for (const DeviceMemory &d : summary.devices)
        table.rows.push_back({Cell::text(memoryDeviceName(d.device)), Cell::integer(d.peakAllocated),
                              Cell::integer(d.peakAt), optional(d.peakReserved), Cell::integer(d.allocations),
                              Cell::integer(d.frees), optional(d.neverFreed), optional(d.neverFreedBytes)});
    return table;
}

std::vector<std::size_t> aliveAtPeak(const MemoryEvents &events, const MemorySummary &summary,
                                     const DeviceMemory &device)
{
    std::vector<std::size_t> alive;
    for (std::size_t a = 0; a < summary.allocations.size(); ++a) {
        const MemoryAllocation &allocation = summary.allocations[a];
        if (events.events[allocation.alloc].device == device.device && allocation.alloc <= device.peakEvent &&
            (allocation.free == kNotFreed || allocation.free > device.peakEvent))
            alive.push_back(a);
    }
    std::stable_sort(alive.begin(), alive.end(), [&](std::size_t x, std::size_t y) {
        return events.events[summary.allocations[x].alloc].bytes > events.events[summary.allocations[y].alloc].bytes;
    });
    return alive;
}

namespace {

// The Python frames around an op, outermost first ("train.py(12): step; ..."),
// up its track's nesting (each track walked once).
class PythonStacks
{
public:
    explicit PythonStacks(const Trace &trace) : m_trace(trace) {}

    std::string of(EventRef op)
    {
        if (!op.isValid())
            return {};
        std::vector<std::uint32_t> &parents = m_parents[op.track];
        if (parents.empty()) {
            const Track &track = m_trace.tracks[op.track];
            parents.resize(track.events.size());
            ParentWalk walk(track);
            for (std::uint32_t i = 0; i < track.events.size(); ++i)
                parents[i] = walk.next(i);
        }
        const std::vector<Event> &events = m_trace.tracks[op.track].events;
        std::vector<std::string_view> frames;
        for (std::uint32_t i = parents[op.index]; i != kNoParent; i = parents[i])
            if (events[i].kind == EventKind::PythonFunction)
                frames.push_back(m_trace.strings.view(events[i].name));
        std::string text;
        for (auto it = frames.rbegin(); it != frames.rend(); ++it)
            text += (text.empty() ? "" : "; ") + std::string(*it);
        return text;
    }

private:
    const Trace &m_trace;
    std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> m_parents;
};

} // namespace

Table peakTable(const Trace &trace, const MemoryEvents &events, const MemorySummary &summary,
                const std::vector<EventRef> &ops)
{
    Table table;
    table.columns = {"Device", "Address", "Size (B)", "Allocated At (ns)", "Freed At (ns)", "Op", "Python Stack"};
    PythonStacks stacks(trace);
    for (const DeviceMemory &d : summary.devices)
        for (const std::size_t a : aliveAtPeak(events, summary, d)) {
            const MemoryAllocation &allocation = summary.allocations[a];
            const MemoryEvent &e = events.events[allocation.alloc];
            const EventRef op = ops[allocation.alloc];
            table.rows.push_back(
                {Cell::text(memoryDeviceName(d.device)), Cell::integer(std::int64_t(e.address.value_or(0))),
                 Cell::integer(e.bytes), Cell::integer(e.time),
                 allocation.free == kNotFreed ? Cell::empty() : Cell::integer(events.events[allocation.free].time),
                 Cell::text(op.isValid() ? std::string(trace.name(op)) : std::string()),
                 Cell::text(stacks.of(op))});
        }
    return table;
}

Table neverFreedTable(const Trace &trace, const MemoryEvents &events, const MemorySummary &summary,
                      const std::vector<EventRef> &ops)
{
    Table table;
    table.columns = {"Device", "Address", "Size (B)", "Allocated At (ns)", "Op", "Python Stack"};
    std::vector<std::size_t> open;
    for (std::size_t a = 0; a < summary.allocations.size(); ++a)
        if (summary.allocations[a].free == kNotFreed)
            open.push_back(a);
    // By device as the device table, then largest first, then as made.
    std::stable_sort(open.begin(), open.end(), [&](std::size_t x, std::size_t y) {
        const MemoryEvent &a = events.events[summary.allocations[x].alloc];
        const MemoryEvent &b = events.events[summary.allocations[y].alloc];
        return std::tie(a.device, b.bytes) < std::tie(b.device, a.bytes);
    });
    PythonStacks stacks(trace);
    for (const std::size_t a : open) {
        const MemoryEvent &e = events.events[summary.allocations[a].alloc];
        const EventRef op = ops[summary.allocations[a].alloc];
        table.rows.push_back({Cell::text(memoryDeviceName(e.device)), Cell::integer(std::int64_t(e.address.value_or(0))),
                              Cell::integer(e.bytes), Cell::integer(e.time),
                              Cell::text(op.isValid() ? std::string(trace.name(op)) : std::string()),
                              Cell::text(stacks.of(op))});
    }
    return table;
}

Table memoryTimelineTable(const MemoryEvents &events)
{
    Table table;
    table.columns = {"Device", "Time (ns)", "Allocated (B)", "Reserved (B)"};
    for (const MemoryEvent &e : events.events)
        table.rows.push_back({Cell::text(memoryDeviceName(e.device)), Cell::integer(e.time),
                              Cell::integer(e.totalAllocated),
                              e.totalReserved ? Cell::integer(*e.totalReserved) : Cell::empty()});
    return table;
}

} // namespace tracelane
