#include "snapshot_allocations.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

namespace tracelane {

std::string snapshotAddress(std::uint64_t address)
{
    static constexpr char kHex[] = "0123456789abcdef";
    std::string digits;
    do {
        digits.push_back(kHex[address & 15]);
        address >>= 4;
    } while (address);
    return "0x" + std::string(digits.rbegin(), digits.rend());
}

SnapshotAllocations snapshotAllocations(const MemorySnapshot &snapshot)
{
    SnapshotAllocations result;
    std::set<std::int32_t> devices;
    for (std::size_t d = 0; d < snapshot.deviceTraces.size(); ++d)
        devices.insert(std::int32_t(d));
    for (const SnapshotSegment &segment : snapshot.segments)
        devices.insert(segment.device);
    for (const std::int32_t device : devices) {
        static const std::vector<SnapshotEntry> kNone;
        const std::vector<SnapshotEntry> &entries =
            std::size_t(device) < snapshot.deviceTraces.size() ? snapshot.deviceTraces[std::size_t(device)] : kNone;
        std::vector<SnapshotAllocation> inTrace, freedOnly;
        std::unordered_map<std::uint64_t, std::size_t> open; // address -> index into inTrace
        for (std::size_t k = 0; k < entries.size(); ++k) {
            const SnapshotEntry &e = entries[k];
            const TimeNs time = snapshot.entryTime(std::size_t(device), k);
            if (e.action == SnapshotAction::Alloc) {
                SnapshotAllocation a;
                a.device = device;
                a.address = e.address;
                a.size = e.size;
                a.stream = e.stream;
                a.stack = e.stack;
                a.allocEntry = k;
                a.allocAt = time;
                if (!open.insert_or_assign(e.address, inTrace.size()).second)
                    ++result.reusedBeforeFree;
                inTrace.push_back(a);
            } else if (e.action == SnapshotAction::FreeCompleted) {
                if (const auto it = open.find(e.address); it != open.end()) {
                    inTrace[it->second].freeEntry = k;
                    inTrace[it->second].freeAt = time;
                    open.erase(it);
                } else {
                    SnapshotAllocation a;
                    a.device = device;
                    a.address = e.address;
                    a.size = e.size;
                    a.stream = e.stream;
                    a.stack = e.stack;
                    a.freeEntry = k;
                    a.freeAt = time;
                    freedOnly.push_back(a);
                }
            }
        }
        for (const SnapshotSegment &segment : snapshot.segments) {
            if (segment.device != device)
                continue;
            for (const SnapshotBlock &block : segment.blocks) {
                if (!block.isActive() || open.count(block.address))
                    continue;
                SnapshotAllocation a;
                a.device = device;
                a.address = block.address;
                a.size = block.requestedSize;
                a.stream = segment.stream;
                a.stack = block.stack;
                result.allocations.push_back(a);
            }
        }
        result.allocations.insert(result.allocations.end(), freedOnly.rbegin(), freedOnly.rend());
        result.allocations.insert(result.allocations.end(), inTrace.begin(), inTrace.end());
    }
    return result;
}

std::vector<SnapshotOom> snapshotOoms(const MemorySnapshot &snapshot)
{
    std::vector<SnapshotOom> ooms;
    for (std::size_t d = 0; d < snapshot.deviceTraces.size(); ++d) {
        const std::vector<SnapshotEntry> &entries = snapshot.deviceTraces[d];
        if (std::none_of(entries.begin(), entries.end(),
                         [](const SnapshotEntry &e) { return e.action == SnapshotAction::Oom; }))
            continue;
        const SnapshotTotals totals = snapshotTotals(snapshot, d);
        for (std::size_t k = 0; k < entries.size(); ++k) {
            const SnapshotEntry &e = entries[k];
            if (e.action != SnapshotAction::Oom)
                continue;
            ooms.push_back({std::int32_t(d), k, snapshot.entryTime(d, k), e.size, e.deviceFree, e.stream,
                            totals.allocated[k], totals.reserved[k], e.stack});
        }
    }
    return ooms;
}

namespace {

Cell optionalTime(const std::optional<TimeNs> &time)
{
    return time ? Cell::integer(*time) : Cell::empty();
}

std::string deviceName(std::int32_t device)
{
    return "GPU " + std::to_string(device);
}

} // namespace

Table snapshotAllocationTable(const MemorySnapshot &snapshot, const SnapshotAllocations &allocations)
{
    Table table;
    table.columns = {"Device", "Address", "Size (B)", "Stream", "Allocated At (ns)", "Freed At (ns)", "Stack"};
    for (const SnapshotAllocation &a : allocations.allocations)
        table.rows.push_back({Cell::text(deviceName(a.device)), Cell::text(snapshotAddress(a.address)),
                              Cell::integer(a.size), Cell::integer(a.stream), optionalTime(a.allocAt),
                              optionalTime(a.freeAt), Cell::text(snapshot.stackText(a.stack, "; "))});
    return table;
}

Table snapshotOomTable(const MemorySnapshot &snapshot, const std::vector<SnapshotOom> &ooms)
{
    Table table;
    table.columns = {"Device", "Time (ns)", "Requested (B)", "Device Free (B)", "Stream", "Allocated (B)",
                     "Reserved (B)", "Stack"};
    for (const SnapshotOom &o : ooms)
        table.rows.push_back({Cell::text(deviceName(o.device)), Cell::integer(o.time), Cell::integer(o.requested),
                              o.deviceFree ? Cell::integer(*o.deviceFree) : Cell::empty(), Cell::integer(o.stream),
                              Cell::integer(o.allocated), Cell::integer(o.reserved),
                              Cell::text(snapshot.stackText(o.stack, "; "))});
    return table;
}

Table snapshotSummaryTable(const MemorySnapshot &snapshot)
{
    Table table;
    table.columns = {"Device", "Segments", "Reserved (B)", "Allocated (B)", "Trace Entries", "Allocations",
                     "Frees", "OOMs", "Peak Allocated (B)", "Peak Reserved (B)"};
    std::map<std::int32_t, std::pair<std::int64_t, std::int64_t>> segments; // device -> (count, reserved)
    std::map<std::int32_t, std::int64_t> active;
    for (std::size_t d = 0; d < snapshot.deviceTraces.size(); ++d)
        segments[std::int32_t(d)];
    for (const SnapshotSegment &segment : snapshot.segments) {
        auto &[count, reserved] = segments[segment.device];
        ++count;
        reserved += segment.totalSize;
        for (const SnapshotBlock &block : segment.blocks)
            if (block.isActive())
                active[segment.device] += block.requestedSize;
    }
    for (const auto &[device, figures] : segments) {
        const SnapshotTotals totals = snapshotTotals(snapshot, std::size_t(device));
        std::int64_t allocs = 0, frees = 0, ooms = 0, entries = 0;
        if (std::size_t(device) < snapshot.deviceTraces.size()) {
            for (const SnapshotEntry &e : snapshot.deviceTraces[std::size_t(device)]) {
                allocs += e.action == SnapshotAction::Alloc;
                frees += e.action == SnapshotAction::FreeCompleted;
                ooms += e.action == SnapshotAction::Oom;
            }
            entries = std::int64_t(snapshot.deviceTraces[std::size_t(device)].size());
        }
        std::int64_t peakAllocated = totals.initialAllocated, peakReserved = totals.initialReserved;
        for (std::size_t k = 0; k < totals.allocated.size(); ++k) {
            peakAllocated = std::max(peakAllocated, totals.allocated[k]);
            peakReserved = std::max(peakReserved, totals.reserved[k]);
        }
        table.rows.push_back({Cell::text(deviceName(device)), Cell::integer(figures.first),
                              Cell::integer(figures.second), Cell::integer(active[device]), Cell::integer(entries),
                              Cell::integer(allocs), Cell::integer(frees), Cell::integer(ooms),
                              Cell::integer(peakAllocated), Cell::integer(peakReserved)});
    }
    return table;
}

} // namespace tracelane
