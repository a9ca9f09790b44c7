#include "nvprof_reader.h"

#include "cuda_api_names.h"
#include "nvprof_object_id.h"

#include "analysis/gpu/kernel_name.h"
#include "import/demangle.h"
#include "import/import_error.h"
#include "import/nsys/sqlite_columns.h"
#include "model/time_math.h"

#include <array>
#include <string>

namespace tracelane::nvprof {
namespace {

constexpr std::string_view kRuntime = "CUPTI_ACTIVITY_KIND_RUNTIME";
constexpr std::string_view kDriver = "CUPTI_ACTIVITY_KIND_DRIVER";
constexpr std::string_view kConcurrentKernel = "CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL";
constexpr std::string_view kKernel = "CUPTI_ACTIVITY_KIND_KERNEL";
constexpr std::string_view kMemcpy = "CUPTI_ACTIVITY_KIND_MEMCPY";
constexpr std::string_view kMemcpy2 = "CUPTI_ACTIVITY_KIND_MEMCPY2";
constexpr std::string_view kMemset = "CUPTI_ACTIVITY_KIND_MEMSET";
constexpr std::string_view kSync = "CUPTI_ACTIVITY_KIND_SYNCHRONIZATION";
constexpr std::string_view kMarker = "CUPTI_ACTIVITY_KIND_MARKER";

constexpr std::array<std::string_view, 9> kActivityTables{kRuntime, kDriver, kConcurrentKernel, kKernel, kMemcpy,
                                                          kMemcpy2, kMemset,  kSync,             kMarker};

// nvprof's threadId column holds the pthread id cut to a signed 32-bit value.
std::int64_t unsignedTid(std::int64_t tid)
{
    return static_cast<std::int64_t>(static_cast<std::uint32_t>(tid));
}

std::string dim3Json(std::int64_t x, std::int64_t y, std::int64_t z)
{
    return "[" + std::to_string(x) + "," + std::to_string(y) + "," + std::to_string(z) + "]";
}

} // namespace

Reader::Reader(SqliteDb &db, TraceBuilder &builder, ImportControl &control)
    : m_db(db), m_builder(builder), m_control(control)
{
    // CUpti_ActivityMemoryKind; nsys numbers its own enum differently.
    const char *memoryKinds[] = {"Unknown", "Pageable", "Pinned", "Device", "Array", "Managed", "Device Static",
                                 "Managed Static"};
    for (std::int64_t i = 0; i < 8; ++i)
        m_labels.setMemoryKind(i, memoryKinds[i]);
}

std::optional<SqliteStatement> Reader::select(std::string_view table, std::initializer_list<std::string_view> wanted,
                                              std::size_t required)
{
    if (!m_db.hasTable(table))
        return std::nullopt;
    const ColumnSelect columns = selectColumns(m_db, table, wanted);
    Diagnostics &d = m_builder.diagnostics();
    for (std::size_t i = 0; i < required; ++i) {
        if (!columns.present[i]) {
            d.add("nvprof-table-unusable", "tables without a column Tracelane needs were skipped",
                  std::string(table) + " has no " + std::string(*(wanted.begin() + i)));
            return std::nullopt;
        }
    }
    for (const std::string &column : columns.missing)
        d.add("nvprof-column-missing", "columns this nvprof version did not write were read as empty",
              std::string(table) + "." + column);
    return m_db.prepare(columns.sql, "table " + std::string(table));
}

void Reader::rowDone()
{
    if ((++m_done & 0xFFF) == 0) {
        if (m_control.isCancelled())
            throw ImportCancelled();
        m_control.progress(m_done, m_total);
    }
}

void Reader::read()
{
    bool any = false;
    for (const std::string_view table : kActivityTables)
        any = any || m_db.hasTable(table);
    if (!any || !m_db.hasTable("StringTable"))
        throw ImportError("'" + m_db.path() + "' is an SQLite database without the tables of an nvprof profile "
                          "(expected StringTable and CUPTI_ACTIVITY_KIND_RUNTIME, _CONCURRENT_KERNEL or _MARKER)");
    for (const std::string_view table : kActivityTables)
        if (m_db.hasTable(table))
            m_total += m_db.rowCount(table);
    m_control.progress(0, m_total);

    readStrings();
    readContexts();
    readDevices();
    readApiCalls(kRuntime, false);
    readApiCalls(kDriver, true);
    readKernels(kConcurrentKernel);
    readKernels(kKernel);
    readMemcpys(kMemcpy);
    readMemcpys(kMemcpy2);
    readMemsets();
    readSyncs();
    readMarkers();
    readNames();
    m_control.progress(m_total, m_total);

    Diagnostics &d = m_builder.diagnostics();
    if (m_unknownStrings)
        d.add("nvprof-string-id-unknown", "names referring to an id missing from StringTable were left empty", {},
              m_unknownStrings);
    if (m_total == 0)
        d.note("nvprof-empty", "the profile holds no activity: nothing ran on the GPU or through CUDA while "
                               "nvprof was recording");
}

void Reader::readStrings()
{
    auto q = select("StringTable", {"_id_", "value"}, 2);
    if (!q)
        return;
    while (q->step())
        m_strings[q->int64(0)] = m_builder.internName(q->text(1));
}

StringId Reader::stringAt(std::int64_t id)
{
    const auto it = m_strings.find(id);
    if (it == m_strings.end()) {
        ++m_unknownStrings;
        return 0;
    }
    return it->second;
}

void Reader::readContexts()
{
    auto q = select("CUPTI_ACTIVITY_KIND_CONTEXT", {"contextId", "deviceId", "nullStreamId"}, 2);
    if (!q)
        return;
    while (q->step()) {
        m_deviceOfContext[q->int64(0)] = q->int64(1);
        if (!q->isNull(2))
            m_nullStreamOfContext[q->int64(0)] = q->int64(2);
    }
}

void Reader::readDevices()
{
    auto q = select("CUPTI_ACTIVITY_KIND_DEVICE", {"id", "name", "computeCapabilityMajor", "computeCapabilityMinor",
                                                   "numMultiprocessors", "globalMemorySize"},
                    2);
    if (!q)
        return;
    while (q->step()) {
        const StringId name = stringAt(q->int64(1));
        m_gpuNames[q->int64(0)] = name;
        m_builder.source().metadata.emplace_back(
            "GPU " + std::to_string(q->int64(0)),
            std::string(m_builder.strings().view(name)) + ", compute capability " + std::to_string(q->int64(2)) + "."
                + std::to_string(q->int64(3)) + ", " + std::to_string(q->int64(4)) + " SMs, "
                + std::to_string(q->int64(5)) + " bytes of memory");
    }
}

void Reader::readNames()
{
    auto q = select("CUPTI_ACTIVITY_KIND_NAME", {"objectKind", "objectId", "name"}, 3);
    if (!q)
        return;
    while (q->step()) {
        const auto kind = static_cast<ObjectKind>(q->int64(0));
        const std::string_view blob = q->text(1);
        const auto pid = objectIdField(blob, 0);
        const auto tid = objectIdField(blob, 1);
        if (kind == ObjectKind::Process && pid)
            m_builder.processAt(m_builder.process(*pid)).name = stringAt(q->int64(2));
        else if (kind == ObjectKind::Thread && pid && tid)
            m_builder.threadAt(threadOf(*pid, *tid)).name = stringAt(q->int64(2));
    }
}

std::int32_t Reader::threadOf(std::int64_t pid, std::int64_t tid)
{
    tid = unsignedTid(tid);
    const auto [it, inserted] = m_threads.try_emplace((pid << 32) | tid, 0);
    if (inserted)
        it->second = m_builder.thread(m_builder.process(pid), tid);
    return it->second;
}

std::uint32_t Reader::apiTrackOf(std::int64_t pid, std::int64_t tid)
{
    const auto [it, inserted] = m_apiTracks.try_emplace((pid << 32) | unsignedTid(tid), 0);
    if (inserted)
        it->second = m_builder.threadTrack(threadOf(pid, tid), TrackKind::ThreadApi);
    return it->second;
}

std::uint32_t Reader::streamTrackOf(std::int64_t deviceId, std::int64_t streamId)
{
    const auto [it, inserted] = m_streamTracks.try_emplace((deviceId << 32) ^ (streamId & 0xFFFFFFFF), 0);
    if (inserted) {
        const std::int32_t device = m_builder.device(static_cast<std::int32_t>(deviceId));
        if (const auto name = m_gpuNames.find(deviceId); name != m_gpuNames.end())
            m_builder.deviceAt(device).name = name->second;
        it->second = m_builder.streamTrack(m_builder.stream(device, streamId), TrackKind::GpuStream);
    }
    return it->second;
}

void Reader::readApiCalls(std::string_view table, bool driver)
{
    auto q = select(table, {"cbid", "start", "end", "processId", "threadId", "correlationId", "returnValue"}, 5);
    if (!q)
        return;
    const StringId cbidKey = m_builder.intern("cbid");
    const StringId returnKey = m_builder.intern("returnValue");
    std::unordered_map<std::int64_t, StringId> names;
    std::int64_t row = 0; // the row's ordinal in its table: the model's source record
    while (q->step()) {
        const std::int64_t cbid = q->int64(0);
        auto [name, inserted] = names.try_emplace(cbid, 0);
        if (inserted)
            name->second = m_builder.intern(driver ? driverApiName(cbid) : runtimeApiName(cbid));
        Event e;
        e.start = q->int64(1);
        e.duration = saturatingSub(q->int64(2), e.start);
        e.name = name->second;
        e.correlation = static_cast<CorrelationId>(q->int64(5));
        e.kind = EventKind::ApiCall;
        m_builder.args().add(cbidKey, ArgValue::ofInt(cbid));
        m_builder.args().add(returnKey, ArgValue::ofInt(q->int64(6)));
        m_builder.addEvent(apiTrackOf(q->int64(3), q->int64(4)), e, row++);
        rowDone();
    }
}

void Reader::addGpuOp(std::uint32_t track, TimeNs start, TimeNs end, std::int64_t correlation, EventKind kind,
                      StringId name, std::int64_t row)
{
    Event e;
    e.start = start;
    e.duration = saturatingSub(end, start);
    e.name = name;
    e.correlation = static_cast<CorrelationId>(correlation);
    e.kind = kind;
    m_builder.addEvent(track, e, row);
}

void Reader::readKernels(std::string_view table)
{
    auto q = select(table, {"start", "end", "deviceId", "streamId", "correlationId", "name", "gridX", "gridY", "gridZ",
                            "blockX", "blockY", "blockZ", "registersPerThread", "staticSharedMemory",
                            "dynamicSharedMemory"},
                    6);
    if (!q)
        return;
    struct KernelName
    {
        StringId name = 0, shortName = 0, mangled = 0;
    };
    std::unordered_map<std::int64_t, KernelName> names; // by StringTable id: demangle once per kernel
    const auto key = [this](const char *text) { return m_builder.intern(text); };
    const StringId shortKey = key("shortName"), mangledKey = key("mangledName"), gridKey = key("grid"),
                   blockKey = key("block"), registersKey = key("registersPerThread"),
                   staticKey = key("staticSharedMemory"), dynamicKey = key("dynamicSharedMemory");
    std::int64_t row = 0; // the row's ordinal in its table: the model's source record
    while (q->step()) {
        auto [it, inserted] = names.try_emplace(q->int64(5));
        if (inserted) {
            const StringId raw = stringAt(q->int64(5));
            const std::string_view text = m_builder.strings().view(raw);
            const auto demangled = demangle(text);
            it->second.name = demangled ? m_builder.internName(*demangled) : raw;
            it->second.mangled = demangled ? raw : 0;
            it->second.shortName = m_builder.internName(shortKernelName(demangled ? *demangled : text));
        }
        ArgWriter &args = m_builder.args();
        args.add(shortKey, ArgValue::ofString(it->second.shortName));
        if (it->second.mangled)
            args.add(mangledKey, ArgValue::ofString(it->second.mangled));
        args.add(gridKey, ArgValue::ofJson(m_builder.intern(dim3Json(q->int64(6), q->int64(7), q->int64(8)))));
        args.add(blockKey, ArgValue::ofJson(m_builder.intern(dim3Json(q->int64(9), q->int64(10), q->int64(11)))));
        args.add(registersKey, ArgValue::ofInt(q->int64(12)));
        args.add(staticKey, ArgValue::ofInt(q->int64(13)));
        args.add(dynamicKey, ArgValue::ofInt(q->int64(14)));
        addGpuOp(streamTrackOf(q->int64(2), q->int64(3)), q->int64(0), q->int64(1), q->int64(4), EventKind::Kernel,
                 it->second.name, row++);
        rowDone();
    }
}

void Reader::readMemcpys(std::string_view table)
{
    auto q = select(table, {"start", "end", "deviceId", "streamId", "correlationId", "bytes", "copyKind", "srcKind",
                            "dstKind"},
                    5);
    if (!q)
        return;
    const StringId bytesKey = m_builder.intern("bytes"), copyKey = m_builder.intern("copyKind"),
                   srcKey = m_builder.intern("srcKind"), dstKey = m_builder.intern("dstKind");
    std::int64_t row = 0; // the row's ordinal in its table: the model's source record
    while (q->step()) {
        const std::string_view kind = m_labels.memcpyKind(q->int64(6));
        ArgWriter &args = m_builder.args();
        args.add(bytesKey, ArgValue::ofInt(q->int64(5)));
        args.add(copyKey, ArgValue::ofString(m_builder.intern(kind)));
        args.add(srcKey, ArgValue::ofString(m_builder.intern(m_labels.memoryKind(q->int64(7)))));
        args.add(dstKey, ArgValue::ofString(m_builder.intern(m_labels.memoryKind(q->int64(8)))));
        addGpuOp(streamTrackOf(q->int64(2), q->int64(3)), q->int64(0), q->int64(1), q->int64(4), EventKind::Memcpy,
                 m_builder.intern(nsys::memcpyEventName(kind)), row++);
        rowDone();
    }
}

void Reader::readMemsets()
{
    auto q = select(kMemset, {"start", "end", "deviceId", "streamId", "correlationId", "bytes", "value", "memoryKind"},
                    5);
    if (!q)
        return;
    const StringId bytesKey = m_builder.intern("bytes"), valueKey = m_builder.intern("value"),
                   kindKey = m_builder.intern("memKind"), name = m_builder.intern(nsys::kMemsetEventName);
    std::int64_t row = 0; // the row's ordinal in its table: the model's source record
    while (q->step()) {
        ArgWriter &args = m_builder.args();
        args.add(bytesKey, ArgValue::ofInt(q->int64(5)));
        args.add(valueKey, ArgValue::ofInt(q->int64(6)));
        if (!q->isNull(7))
            args.add(kindKey, ArgValue::ofString(m_builder.intern(m_labels.memoryKind(q->int64(7)))));
        addGpuOp(streamTrackOf(q->int64(2), q->int64(3)), q->int64(0), q->int64(1), q->int64(4), EventKind::Memset,
                 name, row++);
        rowDone();
    }
}

void Reader::readSyncs()
{
    auto q = select(kSync, {"start", "end", "contextId", "streamId", "correlationId", "type"}, 4);
    if (!q)
        return;
    std::uint64_t unknownContext = 0;
    std::int64_t row = 0; // the row's ordinal in its table: the model's source record
    while (q->step()) {
        const std::int64_t context = q->int64(2);
        const auto device = m_deviceOfContext.find(context);
        if (device == m_deviceOfContext.end())
            ++unknownContext;
        std::int64_t stream = q->int64(3);
        if (stream == -1 || stream == 0xFFFFFFFF) { // event and context syncs wait on no stream
            const auto null = m_nullStreamOfContext.find(context);
            stream = null != m_nullStreamOfContext.end() ? null->second : -1;
        }
        addGpuOp(streamTrackOf(device != m_deviceOfContext.end() ? device->second : 0, stream), q->int64(0),
                 q->int64(1), q->int64(4), EventKind::Sync, m_builder.intern(m_labels.syncType(q->int64(5))), row++);
        rowDone();
    }
    if (unknownContext)
        m_builder.diagnostics().add("nvprof-context-unknown",
                                    "synchronizations in a context not listed in CUPTI_ACTIVITY_KIND_CONTEXT were "
                                    "placed on device 0",
                                    {}, unknownContext);
}

} // namespace tracelane::nvprof
