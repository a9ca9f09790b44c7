#include "rocprof_event_writer.h"

#include "analysis/gpu/kernel_name.h"
#include "import/demangle.h"
#include "model/time_math.h"

#include <limits>
#include <string_view>

namespace tracelane::rocprof {
namespace {

constexpr std::int32_t kRocprofFirstUnknownDevice = 1000;

TimeNs rocprofTime(std::uint64_t ns)
{
    // Past the model's range the builder skips the event and counts it.
    return ns > static_cast<std::uint64_t>(std::numeric_limits<TimeNs>::max()) ? std::numeric_limits<TimeNs>::max()
                                                                                : static_cast<TimeNs>(ns);
}

std::int64_t rocprofInt(std::uint64_t value)
{
    return value > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())
               ? std::numeric_limits<std::int64_t>::max()
               : static_cast<std::int64_t>(value);
}

// "MEMORY_COPY_HOST_TO_DEVICE" -> "Host-to-Device", the label memory analyses read.
std::string_view rocprofCopyDirection(std::string_view operation)
{
    if (operation.ends_with("HOST_TO_DEVICE"))
        return "Host-to-Device";
    if (operation.ends_with("DEVICE_TO_HOST"))
        return "Device-to-Host";
    if (operation.ends_with("DEVICE_TO_DEVICE"))
        return "Device-to-Device";
    if (operation.ends_with("HOST_TO_HOST"))
        return "Host-to-Host";
    return "Unknown";
}

// HSA grid sizes count work-items; CUDA-style "grid" counts blocks (workgroups).
std::uint64_t rocprofBlocks(std::uint64_t workItems, std::uint64_t workgroup)
{
    return workgroup ? (workItems + workgroup - 1) / workgroup : workItems;
}

} // namespace

EventWriter::EventWriter(TraceBuilder &builder) : m_builder(builder)
{
    const auto key = [this](const char *text) { return m_builder.intern(text); };
    m_markerDomain = key("ROCTx");
    m_keyShortName = key("shortName");
    m_keyMangled = key("mangledName");
    m_keyGrid = key("grid");
    m_keyBlock = key("block");
    m_keyGridSize = key("gridSize");
    m_keyDispatch = key("dispatchId");
    m_keyQueue = key("queue");
    m_keyLds = key("groupSegmentSize");
    m_keyScratch = key("privateSegmentSize");
    m_keySgprs = key("sgprs");
    m_keyVgprs = key("archVgprs");
    m_keyAgprs = key("accumVgprs");
    m_keyExternal = key("externalCorrelation");
    m_keyBytes = key("bytes");
    m_keyCopyKind = key("copyKind");
    m_keySrcAgent = key("srcAgent");
    m_keyDstAgent = key("dstAgent");
    m_keyHipStream = key("hipStream");
}

void EventWriter::beginProcess(std::int64_t pid, Tables &tables)
{
    m_tables = &tables;
    m_pid = pid;
    m_process = m_builder.process(pid);
    ++m_processCount;
    m_threads.clear();
    m_apiTracks.clear();
    m_markerTracks.clear();
    m_gpuTracks.clear();
    m_unknownSymbols.clear();
    m_maxCorrelation = 0;
}

void EventWriter::endProcess()
{
    // The next process's ids start past this one's.
    m_correlationBase += m_maxCorrelation + 1;
    m_tables = nullptr;
}

std::int32_t EventWriter::deviceOf(std::uint64_t agentHandle)
{
    if (const Agent *agent = m_tables->agent(agentHandle); agent && agent->gpu) {
        const std::int32_t device = m_builder.device(agent->ordinal);
        if (!m_builder.deviceAt(device).name && !agent->name.empty())
            m_builder.deviceAt(device).name = m_builder.intern(agent->name);
        return device;
    }
    const auto [it, inserted] = m_unknownAgents.try_emplace(
        agentHandle, kRocprofFirstUnknownDevice + static_cast<std::int32_t>(m_unknownAgents.size()));
    return m_builder.device(it->second);
}

std::uint32_t EventWriter::gpuTrack(std::uint64_t agentHandle, std::uint64_t queue, bool copies)
{
    const auto [it, inserted] = m_gpuTracks.try_emplace({agentHandle, queue, copies}, 0);
    if (!inserted)
        return it->second;
    const std::int32_t device = deviceOf(agentHandle);
    // Queue handles are per process: a stream id of its own for each process's queue.
    const std::int64_t processBits = static_cast<std::int64_t>(m_processCount - 1) << 40;
    const std::int64_t streamId =
        copies ? -static_cast<std::int64_t>(m_processCount) : processBits | static_cast<std::int64_t>(queue & 0xFFFFFFFFFFull);
    it->second = m_builder.streamTrack(m_builder.stream(device, streamId), TrackKind::GpuStream);
    m_queueTracks.push_back({it->second, queue, m_pid, copies});
    return it->second;
}

std::int32_t EventWriter::threadOf(std::uint64_t tid)
{
    const auto [it, inserted] = m_threads.try_emplace(tid, 0);
    if (inserted)
        it->second = m_builder.thread(m_process, rocprofInt(tid));
    return it->second;
}

CorrelationId EventWriter::correlationOf(const Record &record)
{
    if (!record.has(Record::Correlation) || record.correlation == 0)
        return 0;
    if (record.correlation > m_maxCorrelation)
        m_maxCorrelation = record.correlation;
    const std::uint64_t shifted = m_correlationBase + record.correlation;
    if (shifted > std::numeric_limits<CorrelationId>::max() || record.correlation > (1ull << 40)) {
        ++m_correlationOverflow;
        return 0;
    }
    return static_cast<CorrelationId>(shifted);
}

KernelSymbol *EventWriter::symbolOf(std::uint64_t kernelId)
{
    KernelSymbol *symbol = m_tables->symbol(kernelId);
    if (!symbol) {
        ++m_unknownSymbolRecords;
        symbol = &m_unknownSymbols[kernelId];
        if (!symbol->resolved)
            symbol->rawName = "kernel " + std::to_string(kernelId);
    }
    if (!symbol->resolved) {
        symbol->resolved = true;
        const auto demangled = demangle(symbol->rawName);
        const std::string_view readable = demangled ? std::string_view(*demangled) : std::string_view(symbol->rawName);
        symbol->name = m_builder.internName(readable);
        symbol->mangled = demangled ? m_builder.internName(symbol->rawName) : 0;
        symbol->shortName = m_builder.internName(shortKernelName(readable));
        std::string().swap(symbol->rawName);
    }
    return symbol;
}

StringId EventWriter::dim3(std::uint64_t x, std::uint64_t y, std::uint64_t z)
{
    const auto [it, inserted] = m_dim3Texts.try_emplace({x, y, z}, 0);
    if (inserted)
        it->second =
            m_builder.intern("[" + std::to_string(x) + "," + std::to_string(y) + "," + std::to_string(z) + "]");
    return it->second;
}

void EventWriter::kernel(const Record &record, std::int64_t index)
{
    const KernelSymbol *symbol = symbolOf(record.kernelId);
    ArgWriter &args = m_builder.args();
    args.add(m_keyShortName, ArgValue::ofString(symbol->shortName));
    if (symbol->mangled)
        args.add(m_keyMangled, ArgValue::ofString(symbol->mangled));
    const Dim3 &wg = record.workgroup, &grid = record.grid;
    args.add(m_keyGrid, ArgValue::ofJson(dim3(rocprofBlocks(grid.x, wg.x), rocprofBlocks(grid.y, wg.y),
                                             rocprofBlocks(grid.z, wg.z))));
    args.add(m_keyBlock, ArgValue::ofJson(dim3(wg.x, wg.y, wg.z)));
    args.add(m_keyGridSize, ArgValue::ofJson(dim3(grid.x, grid.y, grid.z)));
    args.add(m_keyDispatch, ArgValue::ofInt(rocprofInt(record.dispatchId)));
    args.add(m_keyQueue, ArgValue::ofInt(rocprofInt(record.queue)));
    args.add(m_keyLds, ArgValue::ofInt(rocprofInt(record.groupSegment)));
    args.add(m_keyScratch, ArgValue::ofInt(rocprofInt(record.privateSegment)));
    if (symbol->sgprs >= 0)
        args.add(m_keySgprs, ArgValue::ofInt(symbol->sgprs));
    if (symbol->archVgprs >= 0)
        args.add(m_keyVgprs, ArgValue::ofInt(symbol->archVgprs));
    if (symbol->accumVgprs >= 0)
        args.add(m_keyAgprs, ArgValue::ofInt(symbol->accumVgprs));
    if (record.externalCorrelation)
        args.add(m_keyExternal, ArgValue::ofInt(rocprofInt(record.externalCorrelation)));
    if (record.hipStream)
        args.add(m_keyHipStream, ArgValue::ofInt(rocprofInt(record.hipStream)));
    Event e;
    e.start = rocprofTime(record.start);
    e.duration = saturatingSub(rocprofTime(record.end), e.start);
    e.name = symbol->name;
    e.correlation = correlationOf(record);
    e.kind = EventKind::Kernel;
    m_builder.addEvent(gpuTrack(record.agent, record.queue, false), e, index);
}

void EventWriter::memoryCopy(const Record &record, std::int64_t index)
{
    const std::string_view operation = m_builder.strings().view(
        m_tables->operationName(m_builder, record.kind, record.operation));
    const std::string_view direction = rocprofCopyDirection(operation);
    const Agent *dst = m_tables->agent(record.dstAgent);
    const std::uint64_t gpu = dst && dst->gpu ? record.dstAgent : record.srcAgent;
    ArgWriter &args = m_builder.args();
    args.add(m_keyBytes, ArgValue::ofInt(rocprofInt(record.bytes)));
    args.add(m_keyCopyKind, ArgValue::ofString(m_builder.intern(direction)));
    args.add(m_keySrcAgent, ArgValue::ofInt(rocprofInt(record.srcAgent)));
    args.add(m_keyDstAgent, ArgValue::ofInt(rocprofInt(record.dstAgent)));
    Event e;
    e.start = rocprofTime(record.start);
    e.duration = saturatingSub(rocprofTime(record.end), e.start);
    e.name = m_builder.intern("Memcpy " + std::string(direction));
    e.correlation = correlationOf(record);
    e.kind = EventKind::Memcpy;
    m_builder.addEvent(gpuTrack(gpu, 0, true), e, index);
}

void EventWriter::apiCall(const Record &record, std::int64_t index)
{
    const auto [it, inserted] = m_apiTracks.try_emplace(record.threadId, 0);
    if (inserted)
        it->second = m_builder.threadTrack(threadOf(record.threadId), TrackKind::ThreadApi);
    Event e;
    e.start = rocprofTime(record.start);
    e.duration = saturatingSub(rocprofTime(record.end), e.start);
    e.name = m_tables->operationName(m_builder, record.kind, record.operation);
    e.correlation = correlationOf(record);
    e.kind = EventKind::ApiCall;
    m_builder.addEvent(it->second, e, index);
    ++m_apiCalls;
}

void EventWriter::marker(const Record &record, std::int64_t index)
{
    const auto [it, inserted] = m_markerTracks.try_emplace(record.threadId, 0);
    if (inserted)
        it->second = m_builder.threadTrack(threadOf(record.threadId), TrackKind::ThreadRanges, m_markerDomain);
    const StringId operation = m_tables->operationName(m_builder, record.kind, record.operation);
    const auto message = m_tables->markerMessages.find(record.correlation);
    Event e;
    e.start = rocprofTime(record.start);
    e.duration = saturatingSub(rocprofTime(record.end), e.start);
    e.name = message != m_tables->markerMessages.end() ? message->second : operation;
    e.kind = m_builder.strings().view(operation).starts_with("roctxMark") ? EventKind::Instant : EventKind::Range;
    m_builder.addEvent(it->second, e, index);
}

void EventWriter::incomplete(std::string_view section, std::int64_t index, std::string_view missing)
{
    Diagnostics &d = m_builder.diagnostics();
    constexpr std::string_view code = "rocprof-record-incomplete";
    d.add(code, "records without a field their kind needs were skipped",
          d.wantsExample(code) ? "process " + std::to_string(m_pid) + " " + std::string(section) + "["
                                     + std::to_string(index) + "] has no " + std::string(missing)
                               : std::string());
}

void EventWriter::finish()
{
    for (const QueueTrack &q : m_queueTracks) {
        std::string name = q.copies ? std::string("Memory copies") : "Queue " + std::to_string(q.queue);
        if (m_processCount > 1)
            name += " (pid " + std::to_string(q.pid) + ")";
        m_builder.trackAt(q.track).name = m_builder.intern(name);
    }
    Diagnostics &d = m_builder.diagnostics();
    if (m_unknownSymbolRecords)
        d.add("rocprof-kernel-symbol-unknown", "kernel dispatches whose kernel_id is not in kernel_symbols were named "
              "'kernel N'", {}, m_unknownSymbolRecords);
    if (!m_unknownAgents.empty())
        d.add("rocprof-agent-unknown", "GPU work on agents missing from the agent list was put on devices numbered "
              "from 1000", {}, m_unknownAgents.size());
    if (m_correlationOverflow)
        d.add("rocprof-correlation-too-large", "correlation ids too large to keep were dropped (no launch arrow)", {},
              m_correlationOverflow);
}

} // namespace tracelane::rocprof
