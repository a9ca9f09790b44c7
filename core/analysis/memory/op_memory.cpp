#include "op_memory.h"

#include "model/parent_walk.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace tracelane {
namespace {

// What allocates: a CPU op, or a range (an NVTX range of an Nsight Systems export,
// where the memory events sit on the thread's NVTX track).
bool allocates(EventKind kind)
{
    return kind == EventKind::CpuOp || kind == EventKind::Range;
}

// Every event's parent on the tracks that hold memory events.
std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> parentsOf(const Trace &trace, const MemoryEvents &events)
{
    std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> parents;
    for (const MemoryEvent &e : events.events)
        if (!parents.count(e.ref.track)) {
            const Track &track = trace.tracks[e.ref.track];
            std::vector<std::uint32_t> &p = parents[e.ref.track];
            p.resize(track.events.size());
            ParentWalk walk(track);
            for (std::uint32_t i = 0; i < track.events.size(); ++i)
                p[i] = walk.next(i);
        }
    return parents;
}

} // namespace

std::vector<EventRef> allocatingOps(const Trace &trace, const MemoryEvents &events)
{
    const auto parents = parentsOf(trace, events);
    std::vector<EventRef> ops;
    ops.reserve(events.events.size());
    for (const MemoryEvent &e : events.events) {
        const std::vector<std::uint32_t> &p = parents.at(e.ref.track);
        const std::vector<Event> &track = trace.tracks[e.ref.track].events;
        std::uint32_t i = p[e.ref.index];
        while (i != kNoParent && !allocates(track[i].kind))
            i = p[i];
        ops.push_back(i == kNoParent ? EventRef{} : EventRef{e.ref.track, i});
    }
    return ops;
}

std::vector<OpMemory> memoryByOp(const Trace &trace, const MemoryEvents &events)
{
    const auto parents = parentsOf(trace, events);
    std::map<std::pair<StringId, MemoryDevice>, OpMemory> rows;
    auto rowOf = [&](StringId name, MemoryDevice device) -> OpMemory & {
        OpMemory &row = rows[{name, device}];
        if (row.name.empty()) {
            row.name = std::string(trace.strings.view(name));
            row.device = device;
        }
        return row;
    };
    std::vector<StringId> names; // the distinct op names around one event
    for (const MemoryEvent &e : events.events) {
        const std::vector<std::uint32_t> &p = parents.at(e.ref.track);
        const std::vector<Event> &track = trace.tracks[e.ref.track].events;
        names.clear();
        bool innermost = true;
        for (std::uint32_t i = p[e.ref.index]; i != kNoParent; i = p[i]) {
            if (!allocates(track[i].kind))
                continue;
            OpMemory &row = rowOf(track[i].name, e.device);
            if (innermost) {
                (e.bytes >= 0 ? row.allocations : row.frees) += 1;
                (e.bytes >= 0 ? row.allocatedBytes : row.freedBytes) += e.bytes >= 0 ? e.bytes : -e.bytes;
                row.selfIncrease += e.bytes;
                innermost = false;
            }
            // An op called inside itself counts the event once.
            if (std::find(names.begin(), names.end(), track[i].name) == names.end()) {
                names.push_back(track[i].name);
                row.totalIncrease += e.bytes;
            }
        }
    }
    // Calls: every instance of each op name that has a row.
    std::unordered_map<StringId, std::int64_t> calls;
    for (const auto &[key, row] : rows)
        calls.emplace(key.first, 0);
    for (const Track &track : trace.tracks)
        for (const Event &e : track.events)
            if (allocates(e.kind))
                if (auto it = calls.find(e.name); it != calls.end())
                    ++it->second;
    std::vector<OpMemory> result;
    for (auto &[key, row] : rows) {
        row.calls = calls[key.first];
        result.push_back(row);
    }
    std::stable_sort(result.begin(), result.end(), [](const OpMemory &a, const OpMemory &b) {
        return std::tuple(b.totalIncrease, a.name, a.device) < std::tuple(a.totalIncrease, b.name, b.device);
    });
    return result;
}

Table opMemoryTable(const std::vector<OpMemory> &rows)
{
    Table table;
    table.columns = {"Name",      "Device",     "Calls",             "Allocations",      "Allocated (B)",
                     "Frees",     "Freed (B)",  "Self Increase (B)", "Total Increase (B)"};
    for (const OpMemory &r : rows)
        table.rows.push_back({Cell::text(r.name), Cell::text(memoryDeviceName(r.device)), Cell::integer(r.calls),
                              Cell::integer(r.allocations), Cell::integer(r.allocatedBytes), Cell::integer(r.frees),
                              Cell::integer(r.freedBytes), Cell::integer(r.selfIncrease),
                              Cell::integer(r.totalIncrease)});
    return table;
}

} // namespace tracelane
