#include "nsys_trace_writer.h"

#include "model/time_math.h"

#include <charconv>
#include <algorithm>
#include <map>
#include <unordered_set>
#include <utility>

namespace tracelane::nsys {
namespace {

// "[768,1,1]" without a heap allocation per kernel.
std::string_view dim3Json(const std::array<std::int64_t, 3> &v, char (&buffer)[80])
{
    char *p = buffer;
    char *const end = buffer + sizeof(buffer);
    *p++ = '[';
    for (std::size_t i = 0; i < 3; ++i) {
        if (i)
            *p++ = ',';
        p = std::to_chars(p, end, v[i]).ptr;
    }
    *p++ = ']';
    return {buffer, static_cast<std::size_t>(p - buffer)};
}

} // namespace

TraceWriter::TraceWriter(TraceBuilder &builder)
    : m_builder(builder)
{
    auto k = [&builder](std::string_view text) { return builder.intern(text); };
    m_keys = {k("shortName"),   k("mangledName"), k("grid"),        k("block"),   k("registersPerThread"),
              k("staticSharedMemory"), k("dynamicSharedMemory"), k("bytes"), k("copyKind"), k("srcKind"),
              k("dstKind"),     k("value"),       k("memKind"),     k("returnValue"), k("style"),
              k("rangeId"),     k("color"),       k("category"),    k("PushPop"), k("StartEnd")};
}

void TraceWriter::setString(std::int64_t id, std::string_view text)
{
    if (id < 0) {
        m_builder.diagnostics().add("nsys-string-id-out-of-range", "string table entries with a negative id were skipped",
                                    "id " + std::to_string(id));
        return;
    }
    m_strings.set(id, text);
}

StringId TraceWriter::stringAt(std::int64_t id)
{
    const auto interned = m_strings.intern(id, m_builder);
    if (!interned) {
        if (id >= 0)
            ++m_unknownStrings;
        return 0;
    }
    return *interned;
}

std::int32_t TraceWriter::threadOf(std::int64_t globalTid)
{
    const auto [it, inserted] = m_threadByGlobalTid.try_emplace(globalTid, 0);
    if (inserted)
        it->second = m_builder.thread(m_builder.process(pidOf(globalTid)), tidOf(globalTid));
    return it->second;
}

std::uint32_t TraceWriter::apiTrackOf(std::int64_t globalTid)
{
    if (globalTid == m_lastApiTid) // API calls come in long runs from one thread
        return m_lastApiTrack;
    const auto [it, inserted] = m_apiTrackByGlobalTid.try_emplace(globalTid, 0);
    if (inserted)
        it->second = m_builder.threadTrack(threadOf(globalTid), TrackKind::ThreadApi);
    m_lastApiTid = globalTid;
    m_lastApiTrack = it->second;
    return it->second;
}

std::uint32_t TraceWriter::streamTrackOf(const GpuOpRecord &op)
{
    // Device ordinals are small and stream ids stay far below 2^40, so the key is unique.
    const std::int64_t key = (op.deviceId << 40) ^ op.streamId;
    const auto [it, inserted] = m_streamTrackByKey.try_emplace(key, 0);
    if (inserted) {
        const std::int32_t device = m_builder.device(static_cast<std::int32_t>(op.deviceId));
        m_deviceById.emplace(op.deviceId, device);
        it->second = m_builder.streamTrack(m_builder.stream(device, op.streamId), TrackKind::GpuStream);
    }
    return it->second;
}

void TraceWriter::addGpuOp(const GpuOpRecord &op, EventKind kind, StringId name)
{
    Event e;
    e.start = op.start;
    e.duration = saturatingSub(op.end, op.start);
    e.name = name;
    e.correlation = static_cast<CorrelationId>(op.correlation);
    e.kind = kind;
    m_builder.addEvent(streamTrackOf(op), e, op.source);
}

void TraceWriter::addApiCall(const ApiCallRecord &r)
{
    Event e;
    e.start = r.start;
    e.duration = saturatingSub(r.end, r.start);
    e.name = stringAt(r.nameId);
    e.correlation = static_cast<CorrelationId>(r.correlation);
    e.kind = EventKind::ApiCall;
    m_builder.args().add(m_keys.returnValue, ArgValue::ofInt(r.returnValue));
    m_builder.addEvent(apiTrackOf(r.globalTid), e, r.source);
}

void TraceWriter::addKernel(const KernelRecord &r)
{
    ArgWriter &args = m_builder.args();
    const StringId shortName = stringAt(r.shortNameId);
    StringId name = r.demangledNameId >= 0 ? stringAt(r.demangledNameId) : 0;
    if (name == 0)
        name = shortName;
    char buffer[80];
    args.add(m_keys.shortName, ArgValue::ofString(shortName));
    if (r.mangledNameId >= 0)
        args.add(m_keys.mangledName, ArgValue::ofString(stringAt(r.mangledNameId)));
    args.add(m_keys.grid, ArgValue::ofJson(m_builder.intern(dim3Json(r.grid, buffer))));
    args.add(m_keys.block, ArgValue::ofJson(m_builder.intern(dim3Json(r.block, buffer))));
    args.add(m_keys.registersPerThread, ArgValue::ofInt(r.registersPerThread));
    args.add(m_keys.staticSharedMemory, ArgValue::ofInt(r.staticSharedMemory));
    args.add(m_keys.dynamicSharedMemory, ArgValue::ofInt(r.dynamicSharedMemory));
    addGpuOp(r.op, EventKind::Kernel, name);
}

void TraceWriter::addMemcpy(const MemcpyRecord &r)
{
    ArgWriter &args = m_builder.args();
    const std::string_view kind = m_labels.memcpyKind(r.copyKind);
    args.add(m_keys.bytes, ArgValue::ofInt(r.bytes));
    args.add(m_keys.copyKind, ArgValue::ofString(m_builder.intern(kind)));
    if (r.srcKind >= 0)
        args.add(m_keys.srcKind, ArgValue::ofString(m_builder.intern(m_labels.memoryKind(r.srcKind))));
    if (r.dstKind >= 0)
        args.add(m_keys.dstKind, ArgValue::ofString(m_builder.intern(m_labels.memoryKind(r.dstKind))));
    addGpuOp(r.op, EventKind::Memcpy, m_builder.intern(memcpyEventName(kind)));
}

void TraceWriter::addMemset(const MemsetRecord &r)
{
    ArgWriter &args = m_builder.args();
    args.add(m_keys.bytes, ArgValue::ofInt(r.bytes));
    args.add(m_keys.value, ArgValue::ofInt(r.value));
    if (r.memKind >= 0)
        args.add(m_keys.memKind, ArgValue::ofString(m_builder.intern(m_labels.memoryKind(r.memKind))));
    addGpuOp(r.op, EventKind::Memset, m_builder.intern(kMemsetEventName));
}

void TraceWriter::addSync(const SyncRecord &r)
{
    addGpuOp(r.op, EventKind::Sync, m_builder.intern(m_labels.syncType(r.syncType)));
}

void TraceWriter::addMemoryUsage(const MemoryUsageRecord &r)
{
    m_memory.push_back(r);
}

void TraceWriter::addNvtx(const NvtxRecord &r)
{
    m_nvtx.push_back(r);
}

void TraceWriter::setProcessName(std::int64_t globalPid, std::string_view name)
{
    m_processNames[globalPidOf(globalPid)].assign(name);
}

void TraceWriter::setThreadNameId(std::int64_t globalTid, std::int64_t nameId)
{
    m_threadNameIds[globalTid] = nameId;
}

void TraceWriter::setGpuName(std::int64_t deviceId, std::string_view name)
{
    m_gpuNames[deviceId].assign(name);
}

StringId TraceWriter::nvtxText(const NvtxRecord &r)
{
    return r.textId >= 0 ? stringAt(r.textId) : r.text;
}

void TraceWriter::placeNvtx()
{
    // Domains and categories are registered per process.
    std::map<std::pair<std::int64_t, std::int64_t>, StringId> domains, categories;
    for (const NvtxRecord &r : m_nvtx) {
        if (r.type == int(NvtxType::DomainCreate))
            domains[{globalPidOf(r.globalTid), r.domainId}] = nvtxText(r);
        else if (r.type == int(NvtxType::Category) && r.category >= 0)
            categories[{globalPidOf(r.globalTid), r.category}] = nvtxText(r);
    }
    std::uint64_t unended = 0, unknownDomain = 0, otherTypes = 0;
    const StringId nvtxTrackName = m_builder.intern("NVTX");
    for (const NvtxRecord &r : m_nvtx) {
        const bool range = r.type == int(NvtxType::PushPopRange) || r.type == int(NvtxType::StartEndRange);
        if (r.type == int(NvtxType::DomainCreate) || r.type == int(NvtxType::Category))
            continue;
        if (!range && r.type != int(NvtxType::Mark)) {
            ++otherTypes;
            continue;
        }
        if (range && r.end < 0) {
            ++unended;
            continue;
        }
        const std::int64_t globalPid = globalPidOf(r.globalTid);
        StringId domain = 0;
        if (r.domainId != 0) {
            const auto it = domains.find({globalPid, r.domainId});
            if (it == domains.end()) {
                ++unknownDomain;
                domain = m_builder.intern("Domain " + std::to_string(r.domainId));
            } else {
                domain = it->second;
            }
        }
        const std::uint32_t track = m_builder.threadTrack(threadOf(r.globalTid), TrackKind::ThreadRanges, domain);
        if (domain == 0)
            m_builder.trackAt(track).name = nvtxTrackName;

        ArgWriter &args = m_builder.args();
        if (range)
            args.add(m_keys.style, ArgValue::ofString(r.type == int(NvtxType::PushPopRange) ? m_keys.pushPop
                                                                                            : m_keys.startEnd));
        if (r.rangeId >= 0)
            args.add(m_keys.rangeId, ArgValue::ofInt(r.rangeId));
        if (r.color >= 0)
            args.add(m_keys.color, ArgValue::ofInt(r.color));
        if (r.category >= 0) {
            const auto it = categories.find({globalPid, r.category});
            args.add(m_keys.category, it != categories.end() ? ArgValue::ofString(it->second)
                                                               : ArgValue::ofInt(r.category));
        }
        Event e;
        e.start = r.start;
        e.duration = range ? saturatingSub(r.end, r.start) : 0;
        e.name = nvtxText(r);
        e.kind = range ? EventKind::Range : EventKind::Instant;
        if (r.category >= 0) {
            const auto it = categories.find({globalPid, r.category});
            e.category = m_builder.category(it != categories.end() ? m_builder.strings().view(it->second)
                                                                   : std::to_string(r.category));
        }
        m_builder.addEvent(track, e, r.source);
    }
    std::vector<NvtxRecord>().swap(m_nvtx);
    Diagnostics &d = m_builder.diagnostics();
    if (unended)
        d.add("nvtx-range-without-end", "NVTX ranges that never ended were left out", {}, unended);
    if (unknownDomain)
        d.add("nvtx-domain-unknown", "NVTX events of a domain whose name was not recorded (named by its id)", {},
              unknownDomain);
    if (otherTypes)
        d.add("nvtx-type-skipped", "NVTX events of other types (payloads, resource names) were skipped", {},
              otherTypes);
}

// Kineto's memory event, from nsys's memory usage rows: the memory analyses
// then read both alike. Rows are taken in time order (ties in row order): the
// running total follows that order.
void TraceWriter::placeMemoryUsage()
{
    if (m_memory.empty())
        return;
    std::stable_sort(m_memory.begin(), m_memory.end(),
                     [](const MemoryUsageRecord &a, const MemoryUsageRecord &b) { return a.start < b.start; });
    // The thread of each CUDA call that made memory: one pass over the API tracks.
    std::unordered_map<std::int64_t, std::int32_t> threadOfCall;
    for (const MemoryUsageRecord &r : m_memory)
        if (r.correlation > 0)
            threadOfCall.emplace(r.correlation, kNoIndex);
    for (const auto &[globalTid, track] : m_apiTrackByGlobalTid)
        for (const Event &e : m_builder.trackAt(track).events)
            if (const auto it = threadOfCall.find(std::int64_t(e.correlation)); it != threadOfCall.end())
                it->second = m_builder.trackAt(track).thread;

    enum Key { Bytes, Addr, Type, Id, Allocated, Kind, Stream, Correlation, KeyCount };
    StringId keys[KeyCount];
    const char *names[KeyCount] = {"Bytes",           "Addr",        "Device Type", "Device Id",
                                   "Total Allocated", "Memory Kind", "Stream",      "correlation"};
    for (int k = 0; k < KeyCount; ++k)
        keys[k] = m_builder.intern(names[k]);
    const StringId memoryName = m_builder.intern("[memory]");
    const StringId nvtxTrackName = m_builder.intern("NVTX");
    const StringId orphanTrackName = m_builder.intern("CUDA memory");

    struct Device
    {
        std::int64_t total = 0;
        std::unordered_map<std::int64_t, std::int64_t> open; // address -> size
    };
    std::map<std::pair<int, std::int64_t>, Device> devices; // (Kineto device type, id)
    std::uint64_t badOperation = 0, orphans = 0, sizedFromAllocation = 0;
    for (const MemoryUsageRecord &r : m_memory) {
        if (r.operation != 0 && r.operation != 1) {
            ++badOperation;
            continue;
        }
        // Pageable and pinned host memory (cudaHostAlloc) is the CPU's; every other kind the GPU's.
        const bool host = r.memKind == 0 || r.memKind == 1;
        const std::pair<int, std::int64_t> key = host ? std::pair<int, std::int64_t>{0, -1}
                                                       : std::pair<int, std::int64_t>{1, r.deviceId};
        Device &device = devices[key];
        std::int64_t bytes = std::max<std::int64_t>(r.bytes, 0);
        if (r.operation == 0) {
            device.open[r.address] = bytes;
        } else {
            const auto it = device.open.find(r.address);
            if (bytes == 0 && it != device.open.end()) { // a free that does not repeat the size
                bytes = it->second;
                ++sizedFromAllocation;
            }
            if (it != device.open.end())
                device.open.erase(it);
            bytes = -bytes;
        }
        device.total = saturatingAdd(device.total, bytes);

        std::uint32_t track = 0;
        const auto call = r.correlation > 0 ? threadOfCall.find(r.correlation) : threadOfCall.end();
        if (call != threadOfCall.end() && call->second != kNoIndex) {
            track = m_builder.threadTrack(call->second, TrackKind::ThreadRanges);
            m_builder.trackAt(track).name = nvtxTrackName;
        } else {
            ++orphans;
            track = m_builder.processTrack(m_builder.process(pidOf(r.globalPid)), TrackKind::Instants, orphanTrackName);
        }
        ArgWriter &args = m_builder.args();
        args.add(keys[Bytes], ArgValue::ofInt(bytes));
        args.add(keys[Addr], ArgValue::ofInt(r.address));
        args.add(keys[Type], ArgValue::ofInt(key.first));
        args.add(keys[Id], ArgValue::ofInt(key.second));
        args.add(keys[Allocated], ArgValue::ofInt(device.total));
        if (r.memKind >= 0)
            args.add(keys[Kind], ArgValue::ofString(m_builder.intern(m_labels.memoryKind(r.memKind))));
        if (r.streamId >= 0)
            args.add(keys[Stream], ArgValue::ofInt(r.streamId));
        if (r.correlation > 0)
            args.add(keys[Correlation], ArgValue::ofInt(r.correlation));
        Event e;
        e.start = r.start;
        e.name = memoryName;
        e.kind = EventKind::Instant;
        m_builder.addEvent(track, e, r.source);
    }
    std::vector<MemoryUsageRecord>().swap(m_memory);
    Diagnostics &d = m_builder.diagnostics();
    if (badOperation)
        d.add("nsys-memory-operation-unknown",
              "CUDA memory usage rows that are neither an allocation nor a deallocation were skipped", {}, badOperation);
    if (orphans)
        d.add("nsys-memory-without-call",
              "CUDA memory usage rows whose CUDA call is not in the export are on their process's \"CUDA memory\" "
              "track",
              {}, orphans);
    if (sizedFromAllocation)
        d.add("nsys-memory-free-size", "deallocations without a size took the size of the allocation they freed", {},
              sizedFromAllocation);
}

void TraceWriter::applyNames()
{
    for (const auto &[globalTid, thread] : m_threadByGlobalTid) {
        if (const auto it = m_threadNameIds.find(globalTid); it != m_threadNameIds.end())
            m_builder.threadAt(thread).name = stringAt(it->second);
        if (const auto it = m_processNames.find(globalPidOf(globalTid)); it != m_processNames.end())
            m_builder.processAt(m_builder.threadAt(thread).process).name = m_builder.internName(it->second);
    }
    for (const auto &[deviceId, device] : m_deviceById)
        if (const auto it = m_gpuNames.find(deviceId); it != m_gpuNames.end())
            m_builder.deviceAt(device).name = m_builder.internName(it->second);
}

void TraceWriter::finish()
{
    placeNvtx();
    placeMemoryUsage();
    applyNames();
    if (m_unknownStrings)
        m_builder.diagnostics().add("nsys-string-id-unknown",
                                    "names referring to a string id missing from the string table were left empty",
                                    {}, m_unknownStrings);
    m_strings.clear();
}

} // namespace tracelane::nsys
