#include "xplane_reader.h"

#include "xplane_stats.h"

#include "analysis/gpu/kernel_name.h"
#include "import/demangle.h"
#include "import/import_error.h"
#include "import/protobuf/proto_wire.h"
#include "model/time_math.h"

#include <algorithm>
#include <charconv>
#include <limits>
#include <unordered_map>
#include <vector>

namespace tracelane::xplane {
namespace {

constexpr std::uint32_t kNoTrack = 0xFFFFFFFFu;

// What a stat means to the importer, by its XStatMetadata name.
enum class StatRole : std::uint8_t {
    Other,
    CorrelationId,
    KernelDetails,
    MemcpyDetails,
    MemsetDetails,
    Flow,
    ProducerType,
    ProducerId,
    ConsumerType,
    ConsumerId,
};

StatRole xplaneStatRole(std::string_view name)
{
    if (name == "correlation_id")
        return StatRole::CorrelationId;
    if (name == "kernel_details")
        return StatRole::KernelDetails;
    if (name == "memcpy_details")
        return StatRole::MemcpyDetails;
    if (name == "memset_details")
        return StatRole::MemsetDetails;
    if (name == "flow")
        return StatRole::Flow;
    if (name == "_pt")
        return StatRole::ProducerType;
    if (name == "_p")
        return StatRole::ProducerId;
    if (name == "_ct")
        return StatRole::ConsumerType;
    if (name == "_c")
        return StatRole::ConsumerId;
    return StatRole::Other;
}

struct StatMeta
{
    StringId key = 0;
    std::string_view name;
    StringId asValue = 0; // the name interned as a ref stat's value, on first use
    StatRole role = StatRole::Other;
};

// The GPU operation an event name suggests when no stat says.
EventKind xplaneKindByName(std::string_view name)
{
    const auto has = [name](std::string_view part) { return name.find(part) != std::string_view::npos; };
    if (has("memcpy") || has("Memcpy") || has("MEMCPY") || name.starts_with("Copy"))
        return EventKind::Memcpy;
    if (has("memset") || has("Memset") || has("MEMSET"))
        return EventKind::Memset;
    return EventKind::Kernel;
}

struct EventMeta
{
    StringId name = 0;
    StringId shortName = 0; // kernels: the name without templates and arguments
    EventKind gpuKind = EventKind::Kernel;
    bool python = false; // "$file.py:12 function": the Python tracer
    bool hip = false;    // a HIP runtime call (names the API lane)
};

enum class PlaneKind : std::uint8_t { Host, Device, TaskEnvironment, Metadata, Other };

struct PlaneInfo
{
    PlaneKind kind = PlaneKind::Other;
    std::int32_t device = 0;
    std::string label; // "GPU 0"
};

PlaneInfo xplaneClassify(std::string_view name)
{
    PlaneInfo info;
    if (name == "/host:CPU")
        info.kind = PlaneKind::Host;
    else if (name == "Task Environment")
        info.kind = PlaneKind::TaskEnvironment;
    else if (name == "/host:metadata")
        info.kind = PlaneKind::Metadata;
    else {
        for (const std::string_view prefix : {std::string_view("/device:GPU:"), std::string_view("/device:TPU:")}) {
            if (!name.starts_with(prefix))
                continue;
            const std::string_view number = name.substr(prefix.size());
            std::int32_t n = 0;
            const auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), n);
            if (error == std::errc() && end == number.data() + number.size() && n >= 0) {
                info.kind = PlaneKind::Device;
                info.device = n;
                info.label = std::string(prefix.substr(8, 3)) + " " + std::to_string(n);
            }
        }
    }
    return info;
}

// "Stream #17(Kernel)", "Stream #2": the stream id.
std::optional<std::int64_t> xplaneStreamOfLine(std::string_view name)
{
    constexpr std::string_view kPrefix = "Stream #";
    if (!name.starts_with(kPrefix))
        return std::nullopt;
    std::int64_t id = 0;
    const char *begin = name.data() + kPrefix.size();
    const auto [end, error] = std::from_chars(begin, name.data() + name.size(), id);
    if (error != std::errc() || end == begin)
        return std::nullopt;
    return id;
}

std::string xplaneDim3Json(const std::array<std::int64_t, 3> &d)
{
    return "[" + std::to_string(d[0]) + "," + std::to_string(d[1]) + "," + std::to_string(d[2]) + "]";
}

// One decoded XStat.
struct StatValue
{
    const StatMeta *meta = nullptr;
    std::int64_t metadataId = 0;
    ArgValue value;
    std::string_view text; // str values, and ref values as their name
    bool integer = false;
    std::uint64_t bits = 0; // uint64 / int64 values as they were
    bool bytes = false;
};

// A kernel's XLA op and module (its hlo_op / hlo_module stats), for the
// XLA Ops and XLA Modules lanes of a device whose file has none.
struct XlaWork
{
    TimeNs start = 0, end = 0;
    StringId op = 0, module = 0;
};

struct FlowEnd
{
    std::uint64_t id = 0;
    TimeNs start = 0;
    EventRef ref;
    std::uint8_t direction = 0;
};

// A kernel_details text's grid and block arguments, interned once per distinct text.
struct LaunchArgs
{
    StringId grid = 0, block = 0;
    bool valid = false;
};

struct ContextKey
{
    std::uint64_t type = 0;
    std::uint64_t id = 0;
    friend bool operator==(const ContextKey &, const ContextKey &) = default;
};

struct ContextKeyHash
{
    std::size_t operator()(const ContextKey &k) const
    {
        return std::hash<std::uint64_t>()(k.id * 0x9E3779B97F4A7C15ull ^ k.type);
    }
};

// The lanes of one XLine, made when its first event needs them.
struct LineTracks
{
    std::int32_t thread = kNoIndex;
    std::uint32_t api = kNoTrack, cpu = kNoTrack, ranges = kNoTrack;
};

class SpaceReader
{
public:
    SpaceReader(std::string_view data, const std::string &path, TraceBuilder &builder, ImportControl &control)
        : m_data(data)
        , m_path(path)
        , m_builder(builder)
        , m_control(control)
    {
    }

    void read();

private:
    void readPlane(ProtoReader plane);
    void readStatMetadata(const std::vector<ProtoReader> &entries);
    void readEventMetadata(const std::vector<ProtoReader> &entries, bool device);
    void readPlaneStats(const std::vector<ProtoReader> &stats, const std::string &title);
    void readLine(ProtoReader line, const PlaneInfo &plane, std::int32_t hostProcess, std::int32_t &deviceProcess);
    void readEvent(ProtoReader event, std::int64_t lineTimestamp, const PlaneInfo &plane, LineTracks &tracks,
                   std::optional<std::int64_t> stream, std::int32_t deviceIndex);
    void decodeStat(ProtoReader stat); // appends to m_stats
    void finishFlows();
    void makeDeviceProcess(const PlaneInfo &plane, std::int32_t &deviceProcess);
    void deriveXlaLanes(const PlaneInfo &plane, std::int32_t &deviceProcess);
    void addXlaLane(std::string_view title, const std::vector<XlaWork> &work, bool byOp,
                    std::int32_t &deviceProcess, const PlaneInfo &plane);
    void checkCancel(std::uint64_t offset);

    StatMeta *statMeta(std::int64_t id)
    {
        if (id >= 0 && std::uint64_t(id) < m_denseStats.size())
            return m_denseStats[std::size_t(id)] ? &m_statMeta[m_denseStats[std::size_t(id)] - 1] : nullptr;
        const auto it = m_sparseStats.find(id);
        return it == m_sparseStats.end() ? nullptr : &m_statMeta[it->second];
    }
    const EventMeta *eventMeta(std::int64_t id) const
    {
        if (id >= 0 && std::uint64_t(id) < m_denseEvents.size())
            return m_denseEvents[std::size_t(id)] ? &m_events[m_denseEvents[std::size_t(id)] - 1] : nullptr;
        const auto it = m_sparseEvents.find(id);
        return it == m_sparseEvents.end() ? nullptr : &m_events[it->second];
    }

    std::string_view m_data;
    const std::string &m_path;
    TraceBuilder &m_builder;
    ImportControl &m_control;

    // Per plane.
    std::vector<StatMeta> m_statMeta;
    std::vector<std::uint32_t> m_denseStats; // id -> index + 1 for small ids
    std::unordered_map<std::int64_t, std::uint32_t> m_sparseStats;
    std::vector<EventMeta> m_events;
    std::vector<std::uint32_t> m_denseEvents; // id -> index + 1 for small ids
    std::unordered_map<std::int64_t, std::uint32_t> m_sparseEvents;
    std::unordered_map<std::int64_t, std::uint32_t> m_streamTracks;
    std::unordered_map<std::int64_t, LineTracks> m_lineTracks; // by XLine.id
    std::vector<XlaWork> m_xlaWork;        // this device plane's kernels with an hlo_op
    bool m_hasXlaOps = false, m_hasXlaModules = false;
    std::uint64_t m_derivedXla = 0;
    // Scratch, reused for every line and event.
    std::vector<ProtoReader> m_lineEvents;
    std::vector<StatValue> m_stats;

    std::string m_hostName = "host";
    std::uint64_t m_record = 0; // the event's ordinal in the file: the model's source record
    std::uint64_t m_aggregated = 0, m_unknownEvents = 0, m_unknownStats = 0, m_bytesStats = 0, m_bigCorrelations = 0;
    std::uint64_t m_unknownFields = 0;
    std::vector<FlowEnd> m_flowEnds;
    std::unordered_map<ContextKey, EventRef, ContextKeyHash> m_producers;
    std::vector<std::pair<ContextKey, EventRef>> m_consumers;
    StringId m_gridKey = 0, m_blockKey = 0, m_shortKey = 0, m_mangledKey = 0;
    // By kernel_details text (views into the file, which outlives the reader).
    std::unordered_map<std::string_view, LaunchArgs> m_launchArgs;
};

void SpaceReader::checkCancel(std::uint64_t offset)
{
    if (m_control.isCancelled())
        throw ImportCancelled();
    m_control.progress(offset, m_data.size());
}

void SpaceReader::read()
{
    m_gridKey = m_builder.intern("grid");
    m_blockKey = m_builder.intern("block");
    m_shortKey = m_builder.intern("shortName");
    m_mangledKey = m_builder.intern("mangledName");
    ProtoReader space(m_data);
    std::vector<ProtoReader> planes;
    ProtoField field;
    Diagnostics &d = m_builder.diagnostics();
    while (space.next(field)) {
        if (field.type != WireType::Bytes) {
            ++m_unknownFields;
            continue;
        }
        switch (field.number) {
        case 1: planes.push_back(space.nested(field)); break;
        case 2:
            d.add("xplane-profiler-error", "the profiler reported errors while it wrote the file", field.bytes);
            break;
        case 3:
            d.add("xplane-profiler-warning", "the profiler reported warnings while it wrote the file", field.bytes);
            break;
        case 4:
            m_hostName = std::string(field.bytes);
            m_builder.source().metadata.emplace_back("host", m_hostName);
            break;
        default: ++m_unknownFields; break;
        }
    }
    if (planes.empty())
        throw ImportError("'" + m_path + "' is a protobuf message without XPlanes (XSpace field 1)");
    for (ProtoReader &plane : planes)
        readPlane(plane);
    finishFlows();
    m_control.progress(m_data.size(), m_data.size());

    if (m_aggregated)
        d.add("xplane-aggregated-event", "aggregated events (num_occurrences instead of a time) were skipped", {},
              m_aggregated);
    if (m_unknownEvents)
        d.add("xplane-event-metadata-unknown",
              "events whose metadata_id is not in their plane's event_metadata were named by the id", {},
              m_unknownEvents);
    if (m_unknownStats)
        d.add("xplane-stat-metadata-unknown",
              "stats whose metadata_id is not in their plane's stat_metadata were named by the id", {}, m_unknownStats);
    if (m_bytesStats)
        d.addInformation("xplane-bytes-stat", "stats holding raw bytes (serialized protos) were not kept as arguments",
                         m_bytesStats);
    if (m_bigCorrelations)
        d.add("xplane-correlation-too-large",
              "correlation ids past 32 bits were not linked (kept as the correlation_id argument)", {},
              m_bigCorrelations);
    if (m_derivedXla)
        d.addInformation("xplane-xla-lanes-derived",
                         "XLA Ops and XLA Modules lanes were made from the kernels' hlo_op and hlo_module (the file "
                         "has no such lines)",
                         m_derivedXla);
    if (m_unknownFields)
        d.addInformation("xplane-field-unknown",
                         "protobuf fields not in xplane.proto (or of another type) were skipped", m_unknownFields);
}

void SpaceReader::readPlane(ProtoReader plane)
{
    std::string_view name;
    std::vector<ProtoReader> lines, eventMeta, statMeta, stats;
    ProtoField field;
    while (plane.next(field)) {
        if (field.number == 1 && field.type == WireType::Varint)
            continue; // XPlane.id: the name says what the plane is
        if (field.type != WireType::Bytes || field.number > 6) {
            ++m_unknownFields;
            continue;
        }
        switch (field.number) {
        case 2: name = field.bytes; break;
        case 3: lines.push_back(plane.nested(field)); break;
        case 4: eventMeta.push_back(plane.nested(field)); break;
        case 5: statMeta.push_back(plane.nested(field)); break;
        case 6: stats.push_back(plane.nested(field)); break;
        default: ++m_unknownFields; break;
        }
    }
    const PlaneInfo info = xplaneClassify(name);
    Diagnostics &d = m_builder.diagnostics();
    if (info.kind == PlaneKind::Other) {
        d.add("xplane-plane-skipped",
              "planes Tracelane does not show (not /host:CPU, /device:GPU:N or /device:TPU:N) "
              "were skipped",
              name.empty() ? std::string_view("(unnamed plane)") : name);
        return;
    }
    if (info.kind == PlaneKind::Metadata) {
        d.addInformation("xplane-metadata-plane", "the /host:metadata plane (HLO protos) is not shown");
        return;
    }
    readStatMetadata(statMeta);
    if (info.kind == PlaneKind::TaskEnvironment) {
        readPlaneStats(stats, "");
        return;
    }
    readEventMetadata(eventMeta, info.kind == PlaneKind::Device);
    m_streamTracks.clear();
    m_lineTracks.clear();
    std::int32_t hostProcess = kNoIndex;
    std::int32_t deviceProcess = kNoIndex; // made by the first line that is not a stream
    if (info.kind == PlaneKind::Host) {
        hostProcess = m_builder.namedProcess(m_hostName);
        m_builder.processAt(hostProcess).label = m_builder.intern("CPU");
    } else {
        m_builder.device(info.device);
        readPlaneStats(stats, info.label);
    }
    m_xlaWork.clear();
    m_hasXlaOps = m_hasXlaModules = false;
    for (ProtoReader &line : lines)
        readLine(line, info, hostProcess, deviceProcess);
    if (info.kind == PlaneKind::Device)
        deriveXlaLanes(info, deviceProcess);
}

void SpaceReader::readStatMetadata(const std::vector<ProtoReader> &entries)
{
    m_statMeta.clear();
    m_denseStats.clear();
    m_sparseStats.clear();
    // Ids are small and dense in practice; a table never much larger than the map.
    const std::uint64_t denseLimit = 16 * entries.size() + 1024;
    ProtoField field;
    for (ProtoReader entry : entries) {
        // A map entry: key 1, value 2 (the XStatMetadata, whose own id repeats the key).
        std::int64_t key = 0;
        std::string_view name;
        while (entry.next(field)) {
            if (field.number == 1 && field.type == WireType::Varint)
                key = field.asInt64();
            else if (field.number == 2 && field.type == WireType::Bytes) {
                ProtoReader meta = entry.nested(field);
                ProtoField inner;
                while (meta.next(inner))
                    if (inner.number == 2 && inner.type == WireType::Bytes)
                        name = inner.bytes;
            }
        }
        StatMeta meta;
        meta.name = name;
        meta.key = m_builder.intern(name);
        meta.role = xplaneStatRole(name);
        const auto index = static_cast<std::uint32_t>(m_statMeta.size());
        m_statMeta.push_back(meta);
        if (key >= 0 && std::uint64_t(key) < denseLimit) {
            if (std::size_t(key) >= m_denseStats.size())
                m_denseStats.resize(std::size_t(key) + 1, 0);
            m_denseStats[std::size_t(key)] = index + 1;
        } else {
            m_sparseStats[key] = index;
        }
    }
}

void SpaceReader::readEventMetadata(const std::vector<ProtoReader> &entries, bool device)
{
    m_events.clear();
    m_denseEvents.clear();
    m_sparseEvents.clear();
    const std::uint64_t denseLimit = 16 * entries.size() + 1024;
    m_events.reserve(entries.size());
    ProtoField field;
    for (ProtoReader entry : entries) {
        std::int64_t key = 0;
        std::string_view name;
        while (entry.next(field)) {
            if (field.number == 1 && field.type == WireType::Varint)
                key = field.asInt64();
            else if (field.number == 2 && field.type == WireType::Bytes) {
                ProtoReader meta = entry.nested(field);
                ProtoField inner;
                while (meta.next(inner))
                    if (inner.number == 2 && inner.type == WireType::Bytes)
                        name = inner.bytes;
            }
        }
        EventMeta meta;
        meta.python = !device && name.starts_with('$');
        meta.hip = name.starts_with("hip");
        if (meta.python)
            name.remove_prefix(1);
        if (device) {
            const auto demangled = name.starts_with("_Z") ? demangle(name) : std::nullopt;
            meta.name = m_builder.internName(demangled ? std::string_view(*demangled) : name);
            meta.shortName = m_builder.internName(shortKernelName(demangled ? std::string_view(*demangled) : name));
            meta.gpuKind = xplaneKindByName(name);
        } else {
            meta.name = m_builder.internName(name);
        }
        const auto index = static_cast<std::uint32_t>(m_events.size());
        m_events.push_back(meta);
        if (key >= 0 && std::uint64_t(key) < denseLimit) {
            if (std::size_t(key) >= m_denseEvents.size())
                m_denseEvents.resize(std::size_t(key) + 1, 0);
            m_denseEvents[std::size_t(key)] = index + 1;
        } else {
            m_sparseEvents[key] = index;
        }
    }
}

void SpaceReader::readPlaneStats(const std::vector<ProtoReader> &stats, const std::string &title)
{
    m_stats.clear();
    for (const ProtoReader &stat : stats)
        decodeStat(stat);
    std::string facts;
    for (const StatValue &stat : m_stats) {
        if (!stat.meta || stat.bytes)
            continue;
        const std::string value = stat.value.toText(m_builder.strings());
        if (title.empty()) {
            m_builder.source().metadata.emplace_back(std::string(stat.meta->name), value);
        } else {
            facts += (facts.empty() ? "" : ", ") + std::string(stat.meta->name) + " " + value;
        }
    }
    if (!title.empty() && !facts.empty())
        m_builder.source().metadata.emplace_back(title, facts);
}

void SpaceReader::decodeStat(ProtoReader stat)
{
    ProtoField field;
    // Built in place; taken back off when the stat is not kept.
    StatValue &v = m_stats.emplace_back();
    bool hasValue = false;
    while (stat.next(field)) {
        switch (field.number) {
        case 1: v.metadataId = field.asInt64(); break;
        case 2:
            v.value = ArgValue::ofDouble(field.asDouble());
            hasValue = true;
            break;
        case 3:
            v.bits = field.value;
            v.integer = true;
            v.value = field.value > std::uint64_t(std::numeric_limits<std::int64_t>::max())
                ? ArgValue::ofDouble(double(field.value))
                : ArgValue::ofInt(field.asInt64());
            hasValue = true;
            break;
        case 4:
            v.bits = field.value;
            v.integer = true;
            v.value = ArgValue::ofInt(field.asInt64());
            hasValue = true;
            break;
        case 5:
            v.text = field.bytes;
            v.value = ArgValue::ofString(m_builder.intern(field.bytes));
            hasValue = true;
            break;
        case 6:
            v.bytes = true;
            hasValue = true;
            break;
        case 7: {
            v.bits = field.value;
            StatMeta *ref = statMeta(field.asInt64());
            if (!ref) {
                ++m_unknownStats;
                m_stats.pop_back();
                return;
            }
            if (!ref->asValue)
                ref->asValue = m_builder.intern(ref->name);
            v.text = ref->name;
            v.value = ArgValue::ofString(ref->asValue);
            hasValue = true;
            break;
        }
        default: ++m_unknownFields; break;
        }
    }
    v.meta = statMeta(v.metadataId);
    if (!v.meta)
        ++m_unknownStats;
    else if (v.bytes)
        ++m_bytesStats;
    if (!v.meta || v.bytes || !hasValue)
        m_stats.pop_back();
}

void SpaceReader::readLine(ProtoReader line, const PlaneInfo &plane, std::int32_t hostProcess,
                           std::int32_t &deviceProcess)
{
    std::int64_t id = 0, timestamp = 0;
    std::string_view name, displayName;
    std::vector<ProtoReader> &events = m_lineEvents;
    events.clear();
    ProtoField field;
    while (line.next(field)) {
        switch (field.number) {
        case 1: id = field.asInt64(); break;
        case 2: name = field.bytes; break;
        case 3: timestamp = field.asInt64(); break;
        case 4: events.push_back(line.nested(field)); break;
        case 9:
        case 10: break; // duration_ps, display_id
        case 11: displayName = field.bytes; break;
        default: ++m_unknownFields; break;
        }
    }
    checkCancel(line.fieldOffset());
    const std::string_view shown = displayName.empty() ? name : displayName;
    m_hasXlaOps = m_hasXlaOps || name == "XLA Ops";
    m_hasXlaModules = m_hasXlaModules || name == "XLA Modules";
    LineTracks &tracks = m_lineTracks[id];
    std::optional<std::int64_t> stream;
    std::int32_t deviceIndex = kNoIndex;
    if (plane.kind == PlaneKind::Host) {
        if (tracks.thread == kNoIndex) {
            tracks.thread = m_builder.thread(hostProcess, id);
            m_builder.threadAt(tracks.thread).name = m_builder.internName(shown);
        }
    } else {
        deviceIndex = m_builder.device(plane.device);
        stream = xplaneStreamOfLine(name);
        if (!stream && tracks.ranges == kNoTrack) {
            makeDeviceProcess(plane, deviceProcess);
            tracks.thread = m_builder.thread(deviceProcess, id);
            m_builder.threadAt(tracks.thread).name = m_builder.internName(shown);
            tracks.ranges = m_builder.threadTrack(tracks.thread, TrackKind::ThreadRanges);
            m_builder.trackAt(tracks.ranges).name = m_builder.internName(shown);
        }
    }
    for (ProtoReader &event : events)
        readEvent(event, timestamp, plane, tracks, stream, deviceIndex);
}

void SpaceReader::readEvent(ProtoReader event, std::int64_t lineTimestamp, const PlaneInfo &plane, LineTracks &tracks,
                            std::optional<std::int64_t> stream, std::int32_t deviceIndex)
{
    const std::uint64_t record = m_record++;
    std::int64_t metadataId = 0, offset = 0, duration = 0;
    bool aggregated = false;
    m_stats.clear();
    ProtoField field;
    while (event.next(field)) {
        switch (field.number) {
        case 1: metadataId = field.asInt64(); break;
        case 2: offset = field.asInt64(); break;
        case 3: duration = field.asInt64(); break;
        case 4:
            if (field.type == WireType::Bytes)
                decodeStat(event.nested(field));
            else
                ++m_unknownFields;
            break;
        case 5: aggregated = true; break;
        default: ++m_unknownFields; break;
        }
    }
    if (aggregated) {
        ++m_aggregated;
        return;
    }

    Event e;
    const NsSpan span = eventSpan(lineTimestamp, offset, duration);
    e.start = span.start;
    e.duration = saturatingSub(span.end, span.start);
    const EventMeta *meta = eventMeta(metadataId);
    EventMeta unknown;
    if (!meta) {
        ++m_unknownEvents;
        unknown.name = m_builder.intern("event metadata #" + std::to_string(metadataId));
        meta = &unknown;
    }
    e.name = meta->name;

    const StatValue *correlation = nullptr, *kernelDetails = nullptr;
    EventKind gpuKind = meta->gpuKind;
    std::optional<FlowStat> flow;
    ContextKey producer, consumer;
    bool hasProducer = false, hasConsumer = false;
    for (const StatValue &stat : m_stats) {
        switch (stat.meta->role) {
        case StatRole::CorrelationId:
            if (stat.integer)
                correlation = &stat;
            break;
        case StatRole::KernelDetails:
            kernelDetails = &stat;
            gpuKind = EventKind::Kernel;
            break;
        case StatRole::MemcpyDetails: gpuKind = EventKind::Memcpy; break;
        case StatRole::MemsetDetails: gpuKind = EventKind::Memset; break;
        case StatRole::Flow:
            if (stat.integer)
                flow = decodeFlow(stat.bits);
            break;
        case StatRole::ProducerType: producer.type = stat.bits; break;
        case StatRole::ProducerId:
            producer.id = stat.bits;
            hasProducer = stat.integer;
            break;
        case StatRole::ConsumerType: consumer.type = stat.bits; break;
        case StatRole::ConsumerId:
            consumer.id = stat.bits;
            hasConsumer = stat.integer;
            break;
        case StatRole::Other: break;
        }
    }
    if (correlation) {
        if (correlation->bits != 0 && correlation->bits <= 0xFFFFFFFFu)
            e.correlation = static_cast<CorrelationId>(correlation->bits);
        else if (correlation->bits != 0)
            ++m_bigCorrelations;
    }

    std::uint32_t track = kNoTrack;
    if (plane.kind == PlaneKind::Host) {
        if (correlation) {
            e.kind = EventKind::ApiCall;
            if (tracks.api == kNoTrack) {
                m_builder.setApiLaneName(meta->hip ? "HIP API" : "CUDA API");
                tracks.api = m_builder.threadTrack(tracks.thread, TrackKind::ThreadApi);
            }
            track = tracks.api;
        } else if (meta->python) {
            e.kind = EventKind::PythonFunction;
            if (tracks.cpu == kNoTrack) {
                tracks.cpu = m_builder.threadTrack(tracks.thread, TrackKind::CpuThread);
                m_builder.trackAt(tracks.cpu).name = m_builder.intern("Python");
            }
            track = tracks.cpu;
        } else {
            e.kind = EventKind::Range;
            if (tracks.ranges == kNoTrack) {
                tracks.ranges = m_builder.threadTrack(tracks.thread, TrackKind::ThreadRanges);
                m_builder.trackAt(tracks.ranges).name = m_builder.intern("TraceMe");
            }
            track = tracks.ranges;
        }
    } else if (stream) {
        e.kind = gpuKind;
        auto [it, inserted] = m_streamTracks.try_emplace(*stream, kNoTrack);
        if (inserted)
            it->second = m_builder.streamTrack(m_builder.stream(deviceIndex, *stream), TrackKind::GpuStream);
        track = it->second;
        XlaWork work{e.start, saturatingAdd(e.start, e.duration), 0, 0};
        for (const StatValue &stat : m_stats) {
            if (stat.text.empty())
                continue;
            if (stat.meta->name == "hlo_op")
                work.op = m_builder.internName(stat.text);
            else if (stat.meta->name == "hlo_module")
                work.module = m_builder.internName(stat.text);
        }
        if (work.op || work.module)
            m_xlaWork.push_back(work);
        if (e.kind == EventKind::Kernel && meta->shortName)
            m_builder.args().add(m_shortKey, ArgValue::ofString(meta->shortName));
    } else {
        e.kind = EventKind::Range;
        track = tracks.ranges;
    }

    ArgWriter &args = m_builder.args();
    for (const StatValue &stat : m_stats)
        args.add(stat.meta->key, stat.value);
    if (kernelDetails && e.kind == EventKind::Kernel) {
        auto [it, inserted] = m_launchArgs.try_emplace(kernelDetails->text);
        if (inserted) {
            if (const auto dims = parseKernelDetails(kernelDetails->text)) {
                it->second.grid = m_builder.intern(xplaneDim3Json(dims->grid));
                it->second.block = m_builder.intern(xplaneDim3Json(dims->block));
                it->second.valid = true;
            }
        }
        if (it->second.valid) {
            args.add(m_gridKey, ArgValue::ofJson(it->second.grid));
            args.add(m_blockKey, ArgValue::ofJson(it->second.block));
        }
    }
    const EventRef ref = m_builder.addEvent(track, e, static_cast<std::int64_t>(record));
    if (!ref.isValid())
        return;
    if (flow && flow->direction != 0)
        m_flowEnds.push_back({flow->id, e.start, ref, flow->direction});
    if (hasProducer)
        m_producers.try_emplace(producer, ref);
    if (hasConsumer)
        m_consumers.emplace_back(consumer, ref);
}

// TensorBoard derives a device's XLA Ops and XLA Modules lines from its
// kernels when the profiler did not write them (ROCm's XLA does not): the
// kernels of one op that follow each other on the device make one op range,
// and likewise for modules. Ranges that overlap (ops on several streams) go to
// a further lane, so each lane nests cleanly. The lanes are marked derived: not
// in the file, left out of event counts and exports, as the memory lanes are.
// The process that holds a device plane's XLA lanes, made on first use; its
// sort index keeps the devices in their order (the timeline shows these
// processes beside the GPU streams, by their "GPU N" label).
void SpaceReader::makeDeviceProcess(const PlaneInfo &plane, std::int32_t &deviceProcess)
{
    if (deviceProcess != kNoIndex)
        return;
    deviceProcess = m_builder.namedProcess("/device:" + plane.label.substr(0, 3) + ":" + std::to_string(plane.device));
    m_builder.processAt(deviceProcess).label = m_builder.intern(plane.label);
    m_builder.processAt(deviceProcess).sortIndex = 1000 + plane.device;
}

void SpaceReader::deriveXlaLanes(const PlaneInfo &plane, std::int32_t &deviceProcess)
{
    if (m_xlaWork.empty() || (m_hasXlaOps && m_hasXlaModules))
        return;
    std::stable_sort(m_xlaWork.begin(), m_xlaWork.end(),
                     [](const XlaWork &a, const XlaWork &b) { return a.start < b.start; });
    if (!m_hasXlaOps)
        addXlaLane("XLA Ops", m_xlaWork, true, deviceProcess, plane);
    if (!m_hasXlaModules)
        addXlaLane("XLA Modules", m_xlaWork, false, deviceProcess, plane);
}

void SpaceReader::addXlaLane(std::string_view title, const std::vector<XlaWork> &work, bool byOp,
                             std::int32_t &deviceProcess, const PlaneInfo &plane)
{
    constexpr std::size_t kMaxLanes = 8; // past that, a range is cut where the next begins
    makeDeviceProcess(plane, deviceProcess);
    std::vector<std::uint32_t> lanes;
    std::vector<TimeNs> laneEnds;
    const StringId countKey = m_builder.intern("kernels");
    const StringId moduleKey = m_builder.intern("hlo_module");
    auto emit = [&](const XlaWork &group, std::int64_t kernels) {
        std::size_t lane = 0;
        while (lane < lanes.size() && laneEnds[lane] > group.start)
            ++lane;
        if (lane == lanes.size() && lanes.size() < kMaxLanes) {
            // Thread ids past any XLine id of the plane: lanes of their own.
            const std::int32_t thread = m_builder.thread(deviceProcess, -1 - std::int64_t(lanes.size())
                                                                           - (byOp ? 0 : std::int64_t(kMaxLanes)));
            std::string name = std::string(title) + " (from kernels)";
            if (!lanes.empty())
                name += " " + std::to_string(lanes.size() + 1);
            m_builder.threadAt(thread).name = m_builder.internName(name);
            m_builder.threadAt(thread).sortIndex = std::int64_t(lanes.size()) + (byOp ? 0 : std::int64_t(kMaxLanes));
            const std::uint32_t track = m_builder.threadTrack(thread, TrackKind::ThreadRanges);
            m_builder.trackAt(track).name = m_builder.internName(name);
            m_builder.trackAt(track).derived = true;
            lanes.push_back(track);
            laneEnds.push_back(group.start);
        }
        Event e;
        e.kind = EventKind::Range;
        e.name = byOp ? group.op : group.module;
        e.start = group.start;
        TimeNs end = group.end;
        if (lane == lanes.size()) {
            lane = lanes.size() - 1;
            e.start = std::max(group.start, laneEnds[lane]);
        }
        e.duration = saturatingSub(end, e.start);
        if (byOp && group.module)
            m_builder.args().add(moduleKey, ArgValue::ofString(group.module));
        m_builder.args().add(countKey, ArgValue::ofInt(kernels));
        m_builder.addEvent(lanes[lane], e);
        laneEnds[lane] = end;
        ++m_derivedXla;
    };
    XlaWork group;
    std::int64_t kernels = 0;
    for (const XlaWork &w : work) {
        const StringId key = byOp ? w.op : w.module;
        if (!key)
            continue;
        if (kernels > 0 && key == (byOp ? group.op : group.module) && (!byOp || w.module == group.module)) {
            group.end = std::max(group.end, w.end);
            ++kernels;
            continue;
        }
        if (kernels > 0)
            emit(group, kernels);
        group = w;
        kernels = 1;
    }
    if (kernels > 0)
        emit(group, kernels);
}

void SpaceReader::finishFlows()
{
    // XFlow: the events sharing an id, in time order, joined one to the next.
    std::sort(m_flowEnds.begin(), m_flowEnds.end(), [](const FlowEnd &a, const FlowEnd &b) {
        return a.id != b.id ? a.id < b.id : a.start != b.start ? a.start < b.start : a.ref < b.ref;
    });
    std::uint64_t lone = 0;
    for (std::size_t i = 0; i < m_flowEnds.size();) {
        std::size_t end = i + 1;
        while (end < m_flowEnds.size() && m_flowEnds[end].id == m_flowEnds[i].id)
            ++end;
        if (end - i == 1)
            ++lone;
        for (std::size_t k = i; k + 1 < end; ++k)
            m_builder.addFlow(m_flowEnds[k].ref, m_flowEnds[k + 1].ref, FlowKind::Generic);
        i = end;
    }
    // Producer / consumer contexts (TraceMe's _p/_pt and _c/_ct): producer -> each consumer.
    std::uint64_t orphans = 0;
    for (const auto &[key, ref] : m_consumers) {
        const auto it = m_producers.find(key);
        if (it == m_producers.end() || it->second == ref)
            ++orphans;
        else
            m_builder.addFlow(it->second, ref, FlowKind::Generic);
    }
    Diagnostics &d = m_builder.diagnostics();
    if (lone)
        d.addInformation("xplane-flow-unpaired", "flow stats whose id no other event carries drew no arrow", lone);
    if (orphans)
        d.addInformation("xplane-consumer-without-producer",
                         "consumer contexts (_c) without a producer event (_p) in the file drew no arrow", orphans);
}

} // namespace

void readXSpace(std::string_view data, const std::string &path, TraceBuilder &builder, ImportControl &control)
{
    SpaceReader(data, path, builder, control).read();
}

} // namespace tracelane::xplane
