#include "memory_snapshot.h"

#include "pickle_reader.h"

#include "model/time_math.h"

#include <cmath>
#include <unordered_map>

namespace tracelane {

using snapshot::PickleValue;

namespace {

using Type = PickleValue::Type;

struct ActionName
{
    SnapshotAction action;
    std::string_view name;
};
constexpr ActionName kActions[] = {
    {SnapshotAction::Alloc, "alloc"},
    {SnapshotAction::FreeRequested, "free_requested"},
    {SnapshotAction::FreeCompleted, "free_completed"},
    {SnapshotAction::SegmentAlloc, "segment_alloc"},
    {SnapshotAction::SegmentFree, "segment_free"},
    {SnapshotAction::SegmentMap, "segment_map"},
    {SnapshotAction::SegmentUnmap, "segment_unmap"},
    {SnapshotAction::Snapshot, "snapshot"},
    {SnapshotAction::Oom, "oom"},
};

class SnapshotReader
{
public:
    SnapshotReader(Diagnostics &diagnostics, std::uint64_t budget) : m_diagnostics(diagnostics), m_budget(budget) {}

    MemorySnapshot read(const PickleValue &root)
    {
        if (root.type != Type::Dict)
            throw SnapshotFormatError("the pickle holds a value of type " + std::string(root.typeName())
                                      + ", not a memory snapshot (a dict with 'segments' and 'device_traces')");
        const PickleValue *segments = root.find("segments");
        const PickleValue *traces = root.find("device_traces");
        if (!segments && !traces)
            throw SnapshotFormatError("the pickle's dict has neither 'segments' nor 'device_traces': not a memory "
                                      "snapshot");
        if (segments && segments->type != Type::List)
            throw SnapshotFormatError("the snapshot's 'segments' is of type " + std::string(segments->typeName())
                                      + ", expected a list of segment dicts");
        if (traces && traces->type != Type::List)
            throw SnapshotFormatError("the snapshot's 'device_traces' is of type " + std::string(traces->typeName())
                                      + ", expected a list (one list of entries per device)");
        if (segments)
            for (std::size_t k = 0; k < segments->items.size(); ++k)
                readSegment(*segments->items[k], k);
        if (traces)
            readTraces(*traces);
        if (const PickleValue *settings = root.find("allocator_settings"); settings && settings->type == Type::Dict)
            for (const auto &[key, value] : settings->entries)
                m_result.allocatorSettings.emplace_back(text(*key), text(*value));
        if (const PickleValue *annotations = root.find("external_annotations"); annotations && annotations->isSequence())
            m_result.externalAnnotations = annotations->items.size();
        return std::move(m_result);
    }

private:
    void visit()
    {
        if (++m_visited > m_budget)
            throw SnapshotFormatError("the snapshot refers to its records more than " + std::to_string(m_budget)
                                      + " times (memo references repeat them): refused rather than expanded");
    }

    void warn(std::string_view code, std::string_view message, const std::string &where)
    {
        m_diagnostics.add(code, message, m_diagnostics.wantsExample(code) ? where : std::string());
    }

    static std::string text(const PickleValue &value)
    {
        switch (value.type) {
        case Type::None: return "None";
        case Type::Bool: return value.b ? "True" : "False";
        case Type::Int: return std::to_string(value.i);
        case Type::Float: return std::to_string(value.f);
        case Type::String: return value.s;
        default: return "(" + std::string(value.typeName()) + ")";
        }
    }

    static std::optional<std::int64_t> integer(const PickleValue *value)
    {
        if (!value)
            return std::nullopt;
        if (value->type == Type::Int)
            return value->i;
        if (value->type == Type::Bool)
            return value->b ? 1 : 0;
        return std::nullopt;
    }

    static std::string string(const PickleValue *value)
    {
        return value && value->type == Type::String ? value->s : std::string();
    }

    // An int field: `fallback` when absent; nullopt (the record is skipped) when of another type.
    std::optional<std::int64_t> field(const PickleValue &record, std::string_view key, std::optional<std::int64_t> fallback,
                                      const std::string &where)
    {
        const PickleValue *value = record.find(key);
        if (!value || value->type == Type::None) {
            if (!fallback)
                warn("snapshot-missing-field", "snapshot records without a field they need, skipped",
                     where + " has no '" + std::string(key) + "'");
            return fallback;
        }
        if (const auto v = integer(value))
            return v;
        warn("snapshot-wrong-type", "snapshot fields of the wrong type, their records skipped",
             where + " '" + std::string(key) + "' is a " + std::string(value->typeName()));
        return std::nullopt;
    }

    SnapshotStack stackOf(const PickleValue *frames, const std::string &where)
    {
        if (!frames || frames->type == Type::None)
            return 0;
        if (!frames->isSequence()) {
            warn("snapshot-bad-frames", "snapshot stacks that are not lists of frames, left empty", where);
            return 0;
        }
        if (const auto it = m_stackByNode.find(frames); it != m_stackByNode.end())
            return it->second;
        std::vector<std::uint32_t> stack;
        stack.reserve(frames->items.size());
        for (const auto &frame : frames->items) {
            visit();
            if (frame->type != Type::Dict) {
                warn("snapshot-bad-frames", "snapshot stacks that are not lists of frames, left empty", where);
                continue;
            }
            const std::int64_t line = integer(frame->find("line")).value_or(0);
            std::string key = string(frame->find("filename"));
            key += '\0';
            key += std::to_string(line);
            key += '\0';
            key += string(frame->find("name"));
            auto [it, added] = m_frameByKey.try_emplace(std::move(key), std::uint32_t(m_result.frames.size()));
            if (added)
                m_result.frames.push_back({string(frame->find("filename")), line, string(frame->find("name"))});
            stack.push_back(it->second);
        }
        std::string key(reinterpret_cast<const char *>(stack.data()), stack.size() * sizeof(std::uint32_t));
        auto [it, added] = m_stackByKey.try_emplace(std::move(key), SnapshotStack(m_result.stacks.size()));
        if (added)
            m_result.stacks.push_back(std::move(stack));
        m_stackByNode.emplace(frames, it->second);
        return it->second;
    }

    void readSegment(const PickleValue &record, std::size_t index)
    {
        visit();
        const std::string where = "segment " + std::to_string(index);
        if (record.type != Type::Dict) {
            warn("snapshot-bad-segment", "segments that are not dicts, skipped", where);
            return;
        }
        const auto device = field(record, "device", std::nullopt, where);
        const auto address = field(record, "address", std::nullopt, where);
        const auto total = field(record, "total_size", std::nullopt, where);
        if (!device || !address || !total || *device < 0 || *device > 0xFFFF || *address < 0 || *total < 0) {
            warn("snapshot-bad-segment", "segments without a valid device, address or total_size, skipped", where);
            return;
        }
        SnapshotSegment segment;
        segment.device = std::int32_t(*device);
        segment.address = std::uint64_t(*address);
        segment.totalSize = *total;
        segment.allocatedSize = field(record, "allocated_size", 0, where).value_or(0);
        segment.activeSize = field(record, "active_size", 0, where).value_or(0);
        segment.requestedSize = field(record, "requested_size", 0, where).value_or(0);
        segment.stream = field(record, "stream", 0, where).value_or(0);
        segment.segmentType = string(record.find("segment_type"));
        if (const PickleValue *pool = record.find("segment_pool_id"); pool && pool->isSequence()) {
            for (const auto &part : pool->items)
                segment.pool += (segment.pool.empty() ? "" : ",") + text(*part);
        } else if (pool && pool->type == Type::Int) {
            segment.pool = std::to_string(pool->i);
        }
        if (const PickleValue *expandable = record.find("is_expandable"))
            segment.expandable = integer(expandable).value_or(0) != 0;
        segment.stack = stackOf(record.find("frames"), where);
        const PickleValue *blocks = record.find("blocks");
        if (blocks && !blocks->isSequence()) {
            warn("snapshot-wrong-type", "snapshot fields of the wrong type, their records skipped",
                 where + " 'blocks' is a " + std::string(blocks->typeName()));
            blocks = nullptr;
        }
        // Old snapshots have no block addresses: blocks tile the segment in order.
        std::uint64_t next = segment.address;
        for (std::size_t b = 0; blocks && b < blocks->items.size(); ++b) {
            visit();
            const PickleValue &block = *blocks->items[b];
            const std::string blockWhere = where + " block " + std::to_string(b);
            if (block.type != Type::Dict) {
                warn("snapshot-bad-block", "blocks that are not dicts, skipped", blockWhere);
                continue;
            }
            const auto size = field(block, "size", std::nullopt, blockWhere);
            const auto addr = field(block, "address", std::int64_t(next), blockWhere);
            if (!size || !addr || *size < 0 || *addr < 0) {
                warn("snapshot-bad-block", "blocks without a valid size or address, skipped", blockWhere);
                continue;
            }
            SnapshotBlock out;
            out.address = std::uint64_t(*addr);
            out.size = *size;
            out.requestedSize = field(block, "requested_size", *size, blockWhere).value_or(*size);
            const std::string state = string(block.find("state"));
            out.state = state == "active_allocated" ? BlockState::ActiveAllocated
                      : state == "active_pending_free" ? BlockState::ActivePendingFree
                      : state == "inactive" ? BlockState::Inactive
                                            : BlockState::Other;
            out.stack = stackOf(block.find("frames"), blockWhere);
            next = out.address + std::uint64_t(out.size);
            segment.blocks.push_back(out);
        }
        m_result.segments.push_back(std::move(segment));
    }

    std::optional<TimeNs> timeOf(const PickleValue *value, const std::string &where)
    {
        if (!value || value->type == Type::None)
            return std::nullopt;
        if (value->type == Type::Int && value->i >= kMinTimeNs / 1000 && value->i <= kMaxTimeNs / 1000)
            return value->i * 1000;
        if (value->type == Type::Float && std::isfinite(value->f) && std::fabs(value->f) < double(kMaxTimeNs) / 1000.0)
            return std::llround(value->f * 1000.0);
        warn("snapshot-bad-time", "trace entries with a time_us that is not a number in range, read without it",
             where);
        return std::nullopt;
    }

    void readTraces(const PickleValue &traces)
    {
        static constexpr std::size_t kMaxDevices = 4096;
        if (traces.items.size() > kMaxDevices)
            throw SnapshotFormatError("the snapshot has traces for " + std::to_string(traces.items.size())
                                      + " devices (at most " + std::to_string(kMaxDevices) + " are read)");
        m_result.deviceTraces.resize(traces.items.size());
        bool everyTimed = true;
        for (std::size_t d = 0; d < traces.items.size(); ++d) {
            const PickleValue &entries = *traces.items[d];
            if (!entries.isSequence()) {
                warn("snapshot-bad-trace", "device traces that are not lists, read as empty",
                     "device_traces[" + std::to_string(d) + "] is a " + std::string(entries.typeName()));
                continue;
            }
            std::vector<SnapshotEntry> &out = m_result.deviceTraces[d];
            out.reserve(entries.items.size());
            for (std::size_t k = 0; k < entries.items.size(); ++k) {
                visit();
                const PickleValue &entry = *entries.items[k];
                const std::string where = "device " + std::to_string(d) + " entry " + std::to_string(k);
                if (entry.type != Type::Dict) {
                    warn("snapshot-bad-entry", "trace entries that are not dicts, skipped", where);
                    continue;
                }
                SnapshotEntry e;
                const PickleValue *action = entry.find("action");
                if (!action || action->type != Type::String) {
                    warn("snapshot-bad-entry", "trace entries without an action, skipped", where);
                    continue;
                }
                for (const ActionName &known : kActions)
                    if (known.name == action->s)
                        e.action = known.action;
                if (e.action == SnapshotAction::Other)
                    m_diagnostics.addInformation("snapshot-unknown-action",
                                                 "trace entries with an action this version does not know, kept as "
                                                 "markers");
                const auto addr = field(entry, "addr", 0, where);
                const auto size = field(entry, "size", 0, where);
                const auto stream = field(entry, "stream", 0, where);
                if (!addr || !size || !stream || *addr < 0 || *size < 0) {
                    warn("snapshot-bad-entry", "trace entries with a negative or unreadable addr or size, skipped",
                         where);
                    continue;
                }
                e.address = std::uint64_t(*addr);
                e.size = *size;
                e.stream = *stream;
                e.stack = stackOf(entry.find("frames"), where);
                e.time = timeOf(entry.find("time_us"), where);
                if (e.action == SnapshotAction::Oom)
                    e.deviceFree = integer(entry.find("device_free"));
                everyTimed = everyTimed && e.time.has_value();
                out.push_back(e);
            }
        }
        m_result.timed = everyTimed && m_result.entryCount() > 0;
    }

    Diagnostics &m_diagnostics;
    std::uint64_t m_budget;
    std::uint64_t m_visited = 0;
    MemorySnapshot m_result;
    std::unordered_map<std::string, std::uint32_t> m_frameByKey;
    std::unordered_map<std::string, SnapshotStack> m_stackByKey;
    std::unordered_map<const PickleValue *, SnapshotStack> m_stackByNode;
};

} // namespace

std::string_view snapshotActionName(SnapshotAction action)
{
    for (const ActionName &known : kActions)
        if (known.action == action)
            return known.name;
    return "other";
}

std::string MemorySnapshot::stackText(SnapshotStack stack, std::string_view separator) const
{
    std::string text;
    if (stack >= stacks.size())
        return text;
    const std::vector<std::uint32_t> &ids = stacks[stack];
    for (auto it = ids.rbegin(); it != ids.rend(); ++it) {
        const SnapshotFrame &frame = frames[*it];
        if (!text.empty())
            text += separator;
        text += frame.filename;
        text += ':';
        text += std::to_string(frame.line);
        text += ' ';
        text += frame.name;
    }
    return text;
}

std::size_t MemorySnapshot::entryCount() const
{
    std::size_t count = 0;
    for (const auto &trace : deviceTraces)
        count += trace.size();
    return count;
}

SnapshotTotals snapshotTotals(const MemorySnapshot &snapshot, std::size_t device)
{
    SnapshotTotals totals;
    std::int64_t reserved = 0, allocated = 0;
    for (const SnapshotSegment &segment : snapshot.segments) {
        if (std::size_t(segment.device) != device)
            continue;
        reserved = saturatingAdd(reserved, segment.totalSize);
        for (const SnapshotBlock &block : segment.blocks)
            if (block.isActive())
                allocated = saturatingAdd(allocated, block.requestedSize);
    }
    if (device >= snapshot.deviceTraces.size()) {
        totals.initialAllocated = allocated;
        totals.initialReserved = reserved;
        return totals;
    }
    const std::vector<SnapshotEntry> &entries = snapshot.deviceTraces[device];
    auto allocatedDelta = [](const SnapshotEntry &e) -> std::int64_t {
        return e.action == SnapshotAction::Alloc ? e.size : e.action == SnapshotAction::FreeCompleted ? -e.size : 0;
    };
    auto reservedDelta = [](const SnapshotEntry &e) -> std::int64_t {
        if (e.action == SnapshotAction::SegmentAlloc || e.action == SnapshotAction::SegmentMap)
            return e.size;
        if (e.action == SnapshotAction::SegmentFree || e.action == SnapshotAction::SegmentUnmap)
            return -e.size;
        return 0;
    };
    for (const SnapshotEntry &e : entries) {
        allocated = saturatingSub(allocated, allocatedDelta(e));
        reserved = saturatingSub(reserved, reservedDelta(e));
    }
    if (allocated < 0 || reserved < 0)
        totals.inferredNegative = true;
    totals.initialAllocated = std::max<std::int64_t>(allocated, 0);
    totals.initialReserved = std::max<std::int64_t>(reserved, 0);
    allocated = totals.initialAllocated;
    reserved = totals.initialReserved;
    totals.allocated.reserve(entries.size());
    totals.reserved.reserve(entries.size());
    for (const SnapshotEntry &e : entries) {
        allocated = saturatingAdd(allocated, allocatedDelta(e));
        reserved = saturatingAdd(reserved, reservedDelta(e));
        totals.allocated.push_back(allocated);
        totals.reserved.push_back(reserved);
    }
    return totals;
}

MemorySnapshot readMemorySnapshot(const PickleValue &root, Diagnostics &diagnostics, std::uint64_t visitBudget)
{
    return SnapshotReader(diagnostics, visitBudget).read(root);
}

} // namespace tracelane
