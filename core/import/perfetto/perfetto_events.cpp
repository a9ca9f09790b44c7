#include "perfetto_events.h"

#include "perfetto_fields.h"

#include "import/import_error.h"
#include "model/time_math.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cstdio>
#include <optional>
#include <tuple>

namespace tracelane {
namespace {

bool pftraceEndsWith(std::string_view text, std::string_view tail)
{
    return text.size() >= tail.size() && text.substr(text.size() - tail.size()) == tail;
}

// Kineto's categories (chrome_categories.h), then those of other GPU
// profilers that write Perfetto traces: ROCm's kernel_dispatch, memory_copy
// and *_api (HIP, HSA, RCCL), marker_api (ROCTx ranges).
Category pftraceClassifyOne(std::string_view cat)
{
    const Category kineto = classify(std::string(cat));
    if (kineto.lane != Lane::Cpu || kineto.kind != EventKind::Slice)
        return kineto;
    std::string lower(cat);
    for (char &c : lower)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower == "kernel_dispatch" || lower == "kernel_dispatches")
        return {Lane::Gpu, EventKind::Kernel};
    if (lower == "memory_copy" || lower == "memory_copies")
        return {Lane::Gpu, EventKind::Memcpy};
    if (lower == "marker_api")
        return {Lane::Ranges, EventKind::Range};
    if (pftraceEndsWith(lower, "_api"))
        return {Lane::Api, EventKind::ApiCall};
    return kineto;
}

// Categories joined by ','; the first that places the event decides.
Category pftraceClassify(std::string_view cats)
{
    while (!cats.empty()) {
        const std::size_t comma = cats.find(',');
        const Category c = pftraceClassifyOne(cats.substr(0, comma));
        if (c.lane != Lane::Cpu || c.kind != EventKind::Slice)
            return c;
        if (comma == std::string_view::npos)
            break;
        cats.remove_prefix(comma + 1);
    }
    return {Lane::Cpu, EventKind::Slice};
}

// GPU work on a track that says it is a GPU queue but whose category does not
// say what: copies and fills by name, kernels otherwise.
EventKind pftraceGpuKindByName(std::string_view name)
{
    std::string lower(name.substr(0, 256));
    for (char &c : lower)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower.find("memset") != std::string::npos || lower.find("fill") != std::string::npos)
        return EventKind::Memset;
    if (lower.find("memcpy") != std::string::npos || lower.find("copy") != std::string::npos)
        return EventKind::Memcpy;
    return EventKind::Kernel;
}

template <typename Each>
void pftraceRepeatedVarint(const ProtoField &f, Each &&each)
{
    if (f.type == WireType::Bytes)
        forEachPackedVarint(f.bytes, each);
    else if (f.type == WireType::Varint)
        each(f.value);
}

template <typename Each>
void pftraceRepeatedFixed64(const ProtoField &f, Each &&each)
{
    if (f.type == WireType::Fixed64) {
        each(f.value);
    } else if (f.type == WireType::Bytes) {
        if (f.bytes.size() % 8)
            throw ImportError("protobuf: packed 64-bit values whose length is not a multiple of 8");
        for (std::size_t i = 0; i < f.bytes.size(); i += 8) {
            std::uint64_t v = 0;
            for (int b = 7; b >= 0; --b)
                v = (v << 8) | static_cast<unsigned char>(f.bytes[i + b]);
            each(v);
        }
    }
}

} // namespace

PerfettoEvents::PerfettoEvents(TraceBuilder &builder, PerfettoTracks &tracks)
    : m_builder(builder), m_tracks(tracks), m_keyDevice(builder.intern("device")),
      m_keyStream(builder.intern("stream")), m_keyCorrelation(builder.intern("correlation")),
      m_keySource(builder.intern("source"))
{
}

void PerfettoEvents::unknownIid(const char *what)
{
    // One entry per kind of interned data, so each keeps its own count.
    std::string code = std::string("perfetto-unknown-iid-") + what;
    for (char &c : code)
        if (c == ' ')
            c = '-';
    m_builder.diagnostics().add(code, std::string("interned ids with no entry on their sequence (") + what + ")");
}

template <std::size_t N, typename Intern>
StringId PerfettoEvents::cachedText(std::array<CachedText, N> &cache, std::string_view text, Intern &&intern)
{
    if (text.empty() || text.size() > 512)
        return intern(text);
    const std::size_t slot = (text.size() * 31 + static_cast<unsigned char>(text.front()) * 7
                              + static_cast<unsigned char>(text[text.size() / 2]) * 13
                              + static_cast<unsigned char>(text.back()))
                             & (N - 1);
    CachedText &cached = cache[slot];
    if (cached.id == 0 || cached.text != text) {
        cached.text.assign(text);
        cached.id = intern(text);
    }
    return cached.id;
}

void PerfettoEvents::annotation(ProtoReader reader, PerfettoSequence &sequence)
{
    StringId key = 0;
    std::optional<ArgValue> value;
    ProtoField f;
    while (reader.next(f)) {
        using namespace pftrace::annotation;
        switch (f.number) {
        case kNameIid:
            if (f.type == WireType::Varint) {
                if (auto it = sequence.annotationNames.find(f.value); it != sequence.annotationNames.end())
                    key = it->second;
                else
                    unknownIid("debug annotation names");
            }
            break;
        case kName:
            if (f.type == WireType::Bytes)
                key = cachedText(m_keyCache, f.bytes, [&](std::string_view t) { return m_builder.intern(t); });
            break;
        case kBoolValue:
            value = ArgValue::ofBool(f.value != 0);
            break;
        case kUintValue:
        case kIntValue:
            if (f.type == WireType::Varint)
                value = ArgValue::ofInt(f.asInt64());
            break;
        case kDoubleValue:
            if (f.type == WireType::Fixed64)
                value = ArgValue::ofDouble(f.asDouble());
            break;
        case kStringValue:
            if (f.type == WireType::Bytes)
                value = ArgValue::ofString(cachedText(m_valueCache, f.bytes.substr(0, TraceBuilder::kMaxNameLength),
                                                      [&](std::string_view t) { return m_builder.intern(t); }));
            break;
        case kPointerValue:
            if (f.type == WireType::Varint) {
                char text[24];
                std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(f.value));
                value = ArgValue::ofString(m_builder.intern(text));
            }
            break;
        case kLegacyJsonValue:
            if (f.type == WireType::Bytes)
                value = ArgValue::ofJson(cachedText(m_valueCache, f.bytes.substr(0, TraceBuilder::kMaxNameLength),
                                                    [&](std::string_view t) { return m_builder.intern(t); }));
            break;
        case kNestedValue:
        default:
            break;
        }
    }
    if (!key || !value) {
        m_builder.diagnostics().add("perfetto-annotation-skipped",
                                    "debug annotations without a name or with a nested or unknown value type");
        return;
    }
    m_e.args.push_back({key, *value});
}

void PerfettoEvents::parse(ProtoReader reader, PerfettoSequence &sequence)
{
    Parsed &e = m_e;
    e.type = 0;
    e.hasUuid = false;
    e.name = 0;
    e.category.clear();
    e.hasCounter = false;
    e.correlationId = 0;
    e.extraUuids.clear();
    e.extraDoubleUuids.clear();
    e.extraValues.clear();
    e.extraDoubleValues.clear();
    e.flows.clear();
    e.args.clear();
    e.extraUuidsSet = e.extraDoubleUuidsSet = false;
    auto addCategory = [&](std::string_view name) {
        if (!e.category.empty())
            e.category += ',';
        e.category.append(name);
    };
    ProtoField f;
    while (reader.next(f)) {
        using namespace pftrace::event;
        switch (f.number) {
        case kType:
            e.type = f.value;
            break;
        case kTrackUuid:
            if (f.type == WireType::Varint) {
                e.uuid = f.value;
                e.hasUuid = true;
            }
            break;
        case kNameIid:
            if (f.type == WireType::Varint) {
                if (auto it = sequence.eventNames.find(f.value); it != sequence.eventNames.end())
                    e.name = it->second;
                else
                    unknownIid("event names");
            }
            break;
        case kName:
            if (f.type == WireType::Bytes)
                e.name = cachedText(m_nameCache, f.bytes, [&](std::string_view t) { return m_builder.internName(t); });
            break;
        case kCategoryIids:
            pftraceRepeatedVarint(f, [&](std::uint64_t iid) {
                if (auto it = sequence.categories.find(iid); it != sequence.categories.end())
                    addCategory(it->second);
                else
                    unknownIid("event categories");
            });
            break;
        case kCategories:
            if (f.type == WireType::Bytes)
                addCategory(f.bytes);
            break;
        case kCounterValue:
            if (f.type == WireType::Varint) {
                e.hasCounter = true;
                e.counter = static_cast<double>(f.asInt64());
            }
            break;
        case kDoubleCounterValue:
            if (f.type == WireType::Fixed64) {
                e.hasCounter = true;
                e.counter = f.asDouble();
            }
            break;
        case kExtraCounterTrackUuids:
            e.extraUuidsSet = true;
            pftraceRepeatedVarint(f, [&](std::uint64_t v) { e.extraUuids.push_back(v); });
            break;
        case kExtraCounterValues:
            pftraceRepeatedVarint(f, [&](std::uint64_t v) { e.extraValues.push_back(static_cast<std::int64_t>(v)); });
            break;
        case kExtraDoubleCounterTrackUuids:
            e.extraDoubleUuidsSet = true;
            pftraceRepeatedVarint(f, [&](std::uint64_t v) { e.extraDoubleUuids.push_back(v); });
            break;
        case kExtraDoubleCounterValues:
            pftraceRepeatedFixed64(f, [&](std::uint64_t v) { e.extraDoubleValues.push_back(std::bit_cast<double>(v)); });
            break;
        case kFlowIdsOld:
            pftraceRepeatedVarint(f, [&](std::uint64_t v) { e.flows.push_back({v, false}); });
            break;
        case kFlowIds:
            pftraceRepeatedFixed64(f, [&](std::uint64_t v) { e.flows.push_back({v, false}); });
            break;
        case kTerminatingFlowIdsOld:
            pftraceRepeatedVarint(f, [&](std::uint64_t v) { e.flows.push_back({v, true}); });
            break;
        case kTerminatingFlowIds:
            pftraceRepeatedFixed64(f, [&](std::uint64_t v) { e.flows.push_back({v, true}); });
            break;
        case kCorrelationId:
            if (f.type == WireType::Varint)
                e.correlationId = f.value;
            break;
        case kDebugAnnotations:
            if (f.type == WireType::Bytes)
                annotation(reader.nested(f), sequence);
            break;
        case kSourceLocation:
            if (f.type == WireType::Bytes)
                e.args.push_back({m_keySource, ArgValue::ofString(m_builder.intern(
                                                   perfettoSourceLocationText(reader.nested(f))))});
            break;
        case kSourceLocationIid:
            if (f.type == WireType::Varint) {
                if (auto it = sequence.sourceLocations.find(f.value); it != sequence.sourceLocations.end())
                    e.args.push_back({m_keySource, ArgValue::ofString(it->second)});
                else
                    unknownIid("source locations");
            }
            break;
        default:
            break;
        }
    }
}

CorrelationId PerfettoEvents::correlation() const
{
    // Kineto's "correlation" argument, else the event's correlation_id: both
    // tie a launch to its GPU work when they fit the model's 32 bits.
    for (const Arg &a : m_e.args)
        if (a.key == m_keyCorrelation && a.value.type == ArgType::Int && a.value.i > 0 && a.value.i <= 0xFFFFFFFFLL)
            return static_cast<CorrelationId>(a.value.i);
    if (m_e.correlationId > 0 && m_e.correlationId <= 0xFFFFFFFFull)
        return static_cast<CorrelationId>(m_e.correlationId);
    return 0;
}

std::uint32_t PerfettoEvents::gpuTrack(std::int64_t device, std::int64_t stream, TrackKind kind)
{
    const auto key = std::make_tuple(device, stream, int(kind));
    if (auto it = m_gpuTracks.find(key); it != m_gpuTracks.end())
        return it->second;
    const std::int32_t deviceIndex = m_builder.device(static_cast<std::int32_t>(device));
    const std::uint32_t track = m_builder.streamTrack(m_builder.stream(deviceIndex, stream), kind);
    m_gpuTracks.emplace(key, track);
    return track;
}

PerfettoEvents::Placement PerfettoEvents::place(PerfettoBinding &binding, bool instant)
{
    if (m_e.category != m_lastCategory) { // events of one category come in runs
        m_lastCategory = m_e.category;
        m_lastClass = pftraceClassify(m_e.category);
        m_lastCategoryIndex = m_builder.category(m_e.category);
    }
    Category c = m_lastClass;
    const bool gpuCategory = c.lane == Lane::Gpu || c.lane == Lane::GpuRanges;
    if (gpuCategory || binding.gpu) {
        std::int64_t device = binding.device, stream = binding.stream;
        for (const Arg &a : m_e.args) { // Kineto names the device and stream of GPU work
            if (a.value.type != ArgType::Int)
                continue;
            if (a.key == m_keyDevice)
                device = a.value.i;
            else if (a.key == m_keyStream)
                stream = a.value.i;
        }
        if (!gpuCategory)
            c = {Lane::Gpu, instant ? EventKind::Instant : pftraceGpuKindByName(m_builder.strings().view(m_e.name))};
        const TrackKind kind = c.lane == Lane::GpuRanges ? TrackKind::GpuRanges : TrackKind::GpuStream;
        return {gpuTrack(device, stream, kind), instant ? EventKind::Instant : c.kind};
    }
    if (binding.hasThread) {
        const int slot = c.lane == Lane::Ranges ? 1 : c.lane == Lane::Api ? 2 : 0;
        std::uint32_t &track = binding.lanes[slot]; // looked up for every event: kept with the binding
        if (track == 0xFFFFFFFFu) {
            const TrackKind kind = slot == 1 ? TrackKind::ThreadRanges : slot == 2 ? TrackKind::ThreadApi
                                                                                   : TrackKind::CpuThread;
            track = m_builder.threadTrack(m_tracks.threadOf(binding), kind);
        }
        return {track, instant ? EventKind::Instant : c.kind};
    }
    if (instant)
        return {m_builder.processTrack(m_tracks.processOf(binding), TrackKind::Instants, binding.name),
                EventKind::Instant};
    return {m_builder.processTrack(m_tracks.processOf(binding), TrackKind::Async, binding.name),
            c.kind == EventKind::Slice ? EventKind::Async : c.kind};
}

void PerfettoEvents::counterValue(std::uint64_t uuid, TimeNs time, double value, PerfettoSequence &sequence,
                                  std::uint64_t record)
{
    PerfettoBinding &b = m_tracks.binding(uuid);
    if (!b.counter) {
        m_builder.diagnostics().add("perfetto-counter-on-other-track",
                                    "counter values for tracks without a CounterDescriptor (skipped)");
        return;
    }
    value *= static_cast<double>(b.unitMultiplier);
    if (b.incremental) {
        double &total = sequence.counterTotals[uuid];
        total += value;
        value = total;
    }
    if (b.counterTrack == 0xFFFFFFFFu) {
        b.counterTrack = m_builder.processTrack(m_tracks.processOf(b), TrackKind::Counter, b.name);
        if (b.counterBytes)
            m_builder.trackAt(b.counterTrack).counterUnit = CounterUnit::Bytes;
    }
    m_builder.addCounterSample(b.counterTrack, time, value, static_cast<std::int64_t>(record));
}

void PerfettoEvents::addFlows(const std::vector<FlowId> &flows, EventRef ref, TimeNs time, EventKind kind)
{
    if (!ref.isValid())
        return;
    for (const FlowId &f : flows)
        m_flowEnds.push_back({f.id, time, static_cast<std::uint32_t>(m_flowEnds.size()), ref, kind, f.terminating});
}

void PerfettoEvents::emitSlice(OpenSlice &open, TimeNs end, bool unclosed)
{
    for (const Arg &a : open.args)
        m_builder.args().add(a.key, a.value);
    Event e;
    e.start = open.start;
    e.duration = saturatingSub(end, open.start);
    e.name = open.name;
    e.kind = open.kind;
    e.category = open.category;
    e.correlation = open.correlation;
    e.unclosed = unclosed ? 1 : 0;
    const EventRef ref = m_builder.addEvent(open.track, e, static_cast<std::int64_t>(open.record));
    addFlows(open.flows, ref, open.start, open.kind);
    open.args.clear();
    if (m_spareArgs.size() < 256)
        m_spareArgs.push_back(std::move(open.args));
}

void PerfettoEvents::trackEvent(ProtoReader reader, TimeNs time, PerfettoSequence &sequence, std::uint64_t record)
{
    parse(reader, sequence);
    if (!m_anyTime || time > m_latest)
        m_latest = time;
    m_anyTime = true;
    const std::uint64_t uuid = m_e.hasUuid ? m_e.uuid : sequence.defaultTrackUuid.value_or(0);

    // Extra counter values ride on any event; the uuids may come from the defaults.
    const auto &extraUuids = m_e.extraUuidsSet ? m_e.extraUuids : sequence.defaultExtraCounterUuids;
    const auto &extraDoubleUuids = m_e.extraDoubleUuidsSet ? m_e.extraDoubleUuids : sequence.defaultExtraDoubleCounterUuids;
    if (m_e.extraValues.size() > extraUuids.size() || m_e.extraDoubleValues.size() > extraDoubleUuids.size())
        m_builder.diagnostics().add("perfetto-extra-counter-without-track",
                                    "extra counter values without a counter track uuid (skipped)");
    for (std::size_t i = 0; i < std::min(m_e.extraValues.size(), extraUuids.size()); ++i)
        counterValue(extraUuids[i], time, static_cast<double>(m_e.extraValues[i]), sequence, record);
    for (std::size_t i = 0; i < std::min(m_e.extraDoubleValues.size(), extraDoubleUuids.size()); ++i)
        counterValue(extraDoubleUuids[i], time, m_e.extraDoubleValues[i], sequence, record);

    using namespace pftrace::event;
    switch (m_e.type) {
    case kTypeCounter:
        if (m_e.hasCounter)
            counterValue(uuid, time, m_e.counter, sequence, record);
        return;
    case kTypeSliceBegin:
    case kTypeInstant: {
        const bool instant = m_e.type == kTypeInstant;
        PerfettoBinding &binding = m_tracks.binding(uuid);
        if (binding.counter) {
            m_builder.diagnostics().add("perfetto-slice-on-counter-track",
                                        "slices and instants on counter tracks (skipped)");
            return;
        }
        if (!m_e.name)
            m_e.name = m_builder.internName("(unnamed)");
        const Placement p = place(binding, instant);
        if (instant) {
            for (const Arg &a : m_e.args)
                m_builder.args().add(a.key, a.value);
            Event e;
            e.start = time;
            e.name = m_e.name;
            e.kind = p.kind;
            e.category = m_lastCategoryIndex;
            e.correlation = correlation();
            const EventRef ref = m_builder.addEvent(p.track, e, static_cast<std::int64_t>(record));
            addFlows(m_e.flows, ref, time, p.kind);
            return;
        }
        OpenSlice open;
        open.track = p.track;
        open.start = time;
        open.name = m_e.name;
        open.kind = p.kind;
        open.category = m_lastCategoryIndex;
        open.correlation = correlation();
        open.record = record;
        if (!m_spareArgs.empty()) { // reuse a closed slice's storage: no allocation per slice
            open.args = std::move(m_spareArgs.back());
            m_spareArgs.pop_back();
        }
        open.args.assign(m_e.args.begin(), m_e.args.end());
        open.flows = m_e.flows;
        m_open[uuid].push_back(std::move(open));
        return;
    }
    case kTypeSliceEnd: {
        auto it = m_open.find(uuid);
        if (it == m_open.end() || it->second.empty()) {
            m_builder.diagnostics().add("perfetto-end-without-begin",
                                        "slice ends with no open slice on their track (skipped)",
                                        "packet " + std::to_string(record));
            return;
        }
        OpenSlice open = std::move(it->second.back());
        it->second.pop_back();
        // The end's annotations and flows belong to the same slice.
        open.args.insert(open.args.end(), m_e.args.begin(), m_e.args.end());
        open.flows.insert(open.flows.end(), m_e.flows.begin(), m_e.flows.end());
        if (!open.correlation)
            open.correlation = correlation();
        emitSlice(open, time, false);
        return;
    }
    default:
        m_builder.diagnostics().add("perfetto-event-without-type",
                                    "track events without a type (legacy JSON-style events, skipped)");
        return;
    }
}

void PerfettoEvents::linkFlows()
{
    // Perfetto orders a flow's events by time: the earliest is the source,
    // each later one a step, until one that terminates it.
    std::sort(m_flowEnds.begin(), m_flowEnds.end(), [](const FlowEnd &a, const FlowEnd &b) {
        return std::tie(a.id, a.time, a.arrival) < std::tie(b.id, b.time, b.arrival);
    });
    std::uint64_t lonely = 0;
    for (std::size_t i = 0; i < m_flowEnds.size();) {
        std::size_t j = i;
        const FlowEnd *previous = nullptr;
        for (; j < m_flowEnds.size() && m_flowEnds[j].id == m_flowEnds[i].id; ++j) {
            const FlowEnd &end = m_flowEnds[j];
            if (previous) {
                const FlowKind kind = previous->kind == EventKind::ApiCall && isGpuWork(end.kind) ? FlowKind::Launch
                                                                                                   : FlowKind::Generic;
                m_builder.addFlow(previous->ref, end.ref, kind);
            }
            previous = end.terminating ? nullptr : &end;
        }
        if (j - i == 1)
            ++lonely;
        i = j;
    }
    if (lonely)
        m_builder.diagnostics().addInformation("perfetto-flow-single-end",
                                               "flow ids seen on one event only (no arrow drawn)", lonely);
    m_flowEnds.clear();
    m_flowEnds.shrink_to_fit();
}

void PerfettoEvents::finish()
{
    std::uint64_t unclosed = 0;
    for (auto &[uuid, stack] : m_open) {
        for (OpenSlice &open : stack) {
            emitSlice(open, std::max(m_latest, open.start), true);
            ++unclosed;
        }
        stack.clear();
    }
    if (unclosed)
        m_builder.diagnostics().add("perfetto-begin-without-end",
                                    "slices never ended were closed at the trace's last timestamp", {}, unclosed);
    linkFlows();
}

} // namespace tracelane
