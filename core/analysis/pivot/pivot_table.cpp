#include "pivot_table.h"

#include "analysis/window/window_summary.h"

#include "pivot_containers.h"

#include "model/args.h"
#include "model/parent_walk.h"
#include "model/time_math.h"

#include <algorithm>
#include <limits>
#include <memory>
#include <unordered_map>

namespace tracelane {
namespace {

constexpr std::uint64_t kPivotNoneKey = std::numeric_limits<std::uint64_t>::max();

// An argument value as a hashable pair: its type and its 64 payload bits.
struct PivotArgBits
{
    ArgType type = ArgType::Null;
    std::uint64_t bits = 0;
    friend bool operator==(const PivotArgBits &, const PivotArgBits &) = default;
};

struct PivotArgBitsHash
{
    std::size_t operator()(const PivotArgBits &v) const
    {
        return std::hash<std::uint64_t>()(v.bits * 0x9E3779B97F4A7C15ull + std::uint64_t(v.type));
    }
};

PivotArgBits pivotBitsOf(const ArgValue &v)
{
    switch (v.type) {
    case ArgType::Null: return {v.type, 0};
    case ArgType::Bool:
    case ArgType::Int: return {v.type, std::uint64_t(v.i)};
    case ArgType::Double: {
        std::uint64_t bits = 0;
        static_assert(sizeof bits == sizeof v.d);
        __builtin_memcpy(&bits, &v.d, sizeof bits);
        return {v.type, bits};
    }
    case ArgType::String:
    case ArgType::Json: return {v.type, v.s};
    }
    return {v.type, 0};
}

// One group's place below its parent, for the lookup of each event's group.
struct PivotSlot
{
    std::uint32_t parent = 0;
    std::uint64_t key = 0;
    friend bool operator==(const PivotSlot &, const PivotSlot &) = default;
};

struct PivotSlotHash
{
    std::size_t operator()(const PivotSlot &s) const
    {
        return std::hash<std::uint64_t>()(s.key * 0x9E3779B97F4A7C15ull ^ (std::uint64_t(s.parent) << 7));
    }
};


// The key of each event for each dimension, and the keys' text afterwards.
class PivotKeyer
{
public:
    PivotKeyer(const Trace &trace, const std::vector<PivotBy> &dims) : m_trace(trace), m_dims(dims)
    {
        m_argKeys.resize(dims.size());
        m_argIds.resize(dims.size());
        m_argValues.resize(dims.size());
        bool needLaunches = false;
        for (std::size_t d = 0; d < dims.size(); ++d) {
            switch (dims[d].dimension) {
            case PivotDimension::Arg: m_argKeys[d] = trace.strings.find(dims[d].argKey); break;
            case PivotDimension::EnclosingRange:
                if (!m_ranges)
                    m_ranges = std::make_unique<PivotContainers>(trace, PivotContainerKind::Range);
                needLaunches = true;
                break;
            case PivotDimension::Module:
                if (!m_modules)
                    m_modules = std::make_unique<PivotContainers>(trace, PivotContainerKind::Module);
                needLaunches = true;
                break;
            default: break;
            }
        }
        m_emptyCategory.resize(trace.categories.size());
        for (std::size_t c = 0; c < trace.categories.size(); ++c)
            m_emptyCategory[c] = c == 0 || trace.strings.view(trace.categories[c]).empty();
        if (needLaunches)
            collectLaunches();
    }

    std::uint64_t key(std::size_t d, std::uint32_t trackIndex, std::uint32_t index, const Event &e)
    {
        const Track &track = m_trace.tracks[trackIndex];
        switch (m_dims[d].dimension) {
        case PivotDimension::Name: return e.name;
        case PivotDimension::Kind: return std::uint64_t(e.kind);
        case PivotDimension::Thread:
            return track.thread >= 0 && std::size_t(track.thread) < m_trace.threads.size()
                       ? std::uint64_t(track.thread)
                       : kPivotNoneKey;
        case PivotDimension::Stream:
            if (const Stream *s = streamOf(track))
                return std::uint64_t(s->streamId);
            return kPivotNoneKey;
        case PivotDimension::Device:
            if (const Stream *s = streamOf(track); s && s->device >= 0 && std::size_t(s->device) < m_trace.devices.size())
                return std::uint64_t(std::int64_t(m_trace.devices[std::size_t(s->device)].id));
            return kPivotNoneKey;
        case PivotDimension::Category:
            return e.category < m_emptyCategory.size() && !m_emptyCategory[e.category] ? e.category : kPivotNoneKey;
        case PivotDimension::EnclosingRange: return containerKey(*m_ranges, trackIndex, index, e);
        case PivotDimension::Module: return containerKey(*m_modules, trackIndex, index, e);
        case PivotDimension::Arg: return argKey(d, track, e);
        }
        return kPivotNoneKey;
    }

    std::string text(std::size_t d, std::uint64_t key) const
    {
        if (key == kPivotNoneKey)
            return std::string(kPivotNone);
        switch (m_dims[d].dimension) {
        case PivotDimension::Name: return std::string(m_trace.strings.view(StringId(key)));
        case PivotDimension::Kind: return std::string(eventKindName(EventKind(key)));
        case PivotDimension::Thread: {
            const Thread &thread = m_trace.threads[std::size_t(key)];
            const std::string_view name = m_trace.strings.view(thread.name);
            const std::string tid = std::to_string(thread.tid);
            if (name.empty())
                return tid;
            std::string out(name);
            // Kineto names threads "thread 19392 (python3)": the tid is there already.
            if (name.find(tid) == std::string_view::npos)
                out.append(" (").append(tid).append(")");
            return out;
        }
        case PivotDimension::Stream:
        case PivotDimension::Device: return std::to_string(std::int64_t(key));
        case PivotDimension::Category: return std::string(m_trace.strings.view(m_trace.categories[std::size_t(key)]));
        case PivotDimension::EnclosingRange: return std::string(m_trace.strings.view(StringId(key)));
        case PivotDimension::Module:
            return std::string(PivotContainers::moduleName(m_trace.strings.view(StringId(key))));
        case PivotDimension::Arg: return m_argValues[d][std::size_t(key)].toText(m_trace.strings);
        }
        return {};
    }

private:
    const Stream *streamOf(const Track &track) const
    {
        return track.stream >= 0 && std::size_t(track.stream) < m_trace.streams.size()
                   ? &m_trace.streams[std::size_t(track.stream)]
                   : nullptr;
    }

    // The first launch flow into each GPU operation, as SQL's launch_id.
    void collectLaunches()
    {
        m_launchOf.resize(m_trace.tracks.size());
        for (std::uint32_t f : m_trace.flowsByTo) {
            const Flow &flow = m_trace.flows[f];
            if (flow.kind != FlowKind::Launch || flow.to.track >= m_trace.tracks.size())
                continue;
            std::vector<EventRef> &calls = m_launchOf[flow.to.track];
            if (calls.empty())
                calls.resize(m_trace.tracks[flow.to.track].events.size());
            if (flow.to.index < calls.size() && !calls[flow.to.index].isValid())
                calls[flow.to.index] = flow.from;
        }
    }

    std::uint64_t containerKey(PivotContainers &containers, std::uint32_t track, std::uint32_t index, const Event &e)
    {
        // GPU work sits inside the ranges around the call that launched it.
        if (isGpuWork(e.kind) || e.kind == EventKind::Sync) {
            const std::vector<EventRef> &calls = m_launchOf[track];
            if (index < calls.size() && calls[index].isValid()) {
                track = calls[index].track;
                index = calls[index].index;
            }
        }
        const StringId name = containers.containerName(track, index);
        return name == kPivotNoContainer ? kPivotNoneKey : name;
    }

    std::uint64_t argKey(std::size_t d, const Track &track, const Event &e)
    {
        if (!m_argKeys[d] || e.args == kNoArgs)
            return kPivotNoneKey;
        const auto value = findArg(m_trace.argSchemas, track.argBlob, e.args, *m_argKeys[d]);
        if (!value)
            return kPivotNoneKey;
        const auto [it, added] = m_argIds[d].try_emplace(pivotBitsOf(*value), std::uint32_t(m_argValues[d].size()));
        if (added)
            m_argValues[d].push_back(*value);
        return it->second;
    }

    const Trace &m_trace;
    const std::vector<PivotBy> &m_dims;
    std::vector<bool> m_emptyCategory;
    std::vector<std::optional<StringId>> m_argKeys;
    std::vector<std::unordered_map<PivotArgBits, std::uint32_t, PivotArgBitsHash>> m_argIds;
    std::vector<std::vector<ArgValue>> m_argValues;
    std::unique_ptr<PivotContainers> m_ranges, m_modules;
    std::vector<std::vector<EventRef>> m_launchOf; // per track, per event: the launching call
};

} // namespace

std::vector<TimeNs> pivotSelfTimes(const Track &track)
{
    const std::vector<Event> &events = track.events;
    std::vector<TimeNs> self(events.size());
    for (std::size_t i = 0; i < events.size(); ++i)
        self[i] = events[i].duration;
    ParentWalk walk(track);
    for (std::uint32_t i = 0; i < events.size(); ++i) {
        const std::uint32_t parent = walk.next(i);
        if (parent == kNoParent)
            continue;
        const Event &p = events[parent], &c = events[i];
        self[parent] = saturatingSub(self[parent], std::max<TimeNs>(0, std::min(c.end(), p.end()) - std::max(c.start, p.start)));
    }
    return self;
}

std::vector<std::uint32_t> PivotResult::depthFirst() const
{
    std::vector<std::uint32_t> out;
    if (groups.empty())
        return out;
    out.reserve(groups.size());
    std::vector<std::uint32_t> pending(groups.front().children.rbegin(), groups.front().children.rend());
    while (!pending.empty()) {
        const std::uint32_t g = pending.back();
        pending.pop_back();
        out.push_back(g);
        pending.insert(pending.end(), groups[g].children.rbegin(), groups[g].children.rend());
    }
    return out;
}

PivotResult computePivot(const Trace &trace, const PivotOptions &options)
{
    PivotResult result;
    result.dimensions = options.dimensions;
    if (options.dimensions.empty()) {
        result.error = "choose at least one dimension to group by";
        return result;
    }
    const std::size_t dims = options.dimensions.size();
    std::uint32_t kindMask = 0;
    for (EventKind kind : options.filter.kinds)
        kindMask |= 1u << unsigned(kind);
    if (kindMask == 0)
        kindMask = ~0u;
    const TimeNs from = options.filter.from.value_or(std::numeric_limits<TimeNs>::min());
    const TimeNs to = options.filter.to.value_or(std::numeric_limits<TimeNs>::max());

    PivotKeyer keyer(trace, options.dimensions);
    result.groups.emplace_back();
    std::vector<std::uint64_t> keys{0};    // per group: its key before it becomes text
    std::vector<TimeSum> totals(1), selfs(1);
    std::unordered_map<PivotSlot, std::uint32_t, PivotSlotHash> slots;
    slots.reserve(1024);
    std::vector<PivotSlot> lastSlot(dims, PivotSlot{kPivotNoGroup, 0});
    std::vector<std::uint32_t> lastGroup(dims, 0);

    const auto addTo = [&](std::uint32_t g, const Event &e, TimeNs self, EventRef ref) {
        PivotGroup &group = result.groups[g];
        if (group.count == 0 || e.duration < group.min)
            group.min = e.duration;
        if (group.count == 0 || e.duration > group.max) {
            group.max = e.duration;
            group.longest = ref;
        }
        ++group.count;
        totals[g] += e.duration;
        selfs[g] += self;
    };

    for (std::uint32_t t : selectedTracks(trace, options.filter.tracks)) {
        const std::vector<Event> &events = trace.tracks[t].events;
        const auto byStart = [](const Event &e, TimeNs time) { return e.start < time; };
        const auto first = std::lower_bound(events.begin(), events.end(), from, byStart);
        const auto last = std::lower_bound(first, events.end(), to, byStart);
        if (first == last)
            continue;
        const std::vector<TimeNs> self = pivotSelfTimes(trace.tracks[t]);
        for (auto it = first; it != last; ++it) {
            const Event &e = *it;
            if (!(kindMask & (1u << unsigned(e.kind))))
                continue;
            const auto index = std::uint32_t(it - events.begin());
            const EventRef ref{t, index};
            std::uint32_t group = 0;
            addTo(group, e, self[index], ref);
            for (std::size_t d = 0; d < dims; ++d) {
                const PivotSlot slot{group, keyer.key(d, t, index, e)};
                if (slot == lastSlot[d]) {
                    group = lastGroup[d];
                } else {
                    const auto [found, added] = slots.try_emplace(slot, std::uint32_t(result.groups.size()));
                    if (added) {
                        PivotGroup child;
                        child.level = int(d);
                        child.parent = group;
                        result.groups[group].children.push_back(found->second);
                        result.groups.push_back(std::move(child));
                        keys.push_back(slot.key);
                        totals.emplace_back();
                        selfs.emplace_back();
                    }
                    group = found->second;
                    lastSlot[d] = slot;
                    lastGroup[d] = group;
                }
                addTo(group, e, self[index], ref);
            }
        }
    }

    for (std::size_t g = 0; g < result.groups.size(); ++g) {
        PivotGroup &group = result.groups[g];
        group.total = totals[g].saturated();
        group.self = selfs[g].saturated();
        if (group.level >= 0)
            group.key = keyer.text(std::size_t(group.level), keys[g]);
    }
    for (PivotGroup &group : result.groups)
        std::sort(group.children.begin(), group.children.end(), [&](std::uint32_t a, std::uint32_t b) {
            const PivotGroup &x = result.groups[a], &y = result.groups[b];
            if (x.total != y.total)
                return x.total > y.total;
            return x.key < y.key;
        });
    return result;
}

} // namespace tracelane
