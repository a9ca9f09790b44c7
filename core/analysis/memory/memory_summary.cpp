#include "memory_summary.h"

#include <map>
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

} // namespace tracelane
