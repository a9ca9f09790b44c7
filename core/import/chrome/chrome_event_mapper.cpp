#include "chrome_event_mapper.h"

#include "chrome_categories.h"

#include "model/time_math.h"

#include <algorithm>
#include <charconv>
#include <cstring>

namespace tracelane {

struct ChromeEventMapper::Placement
{
    std::uint32_t track;
    EventKind kind;
};

ChromeEventMapper::ChromeEventMapper(TraceBuilder &builder)
    : m_builder(builder), m_correlationKey(builder.intern("correlation"))
{
}

std::string ChromeEventMapper::location(const RawEvent &event) const
{
    return "byte " + std::to_string(event.byteOffset);
}

std::int64_t ChromeEventMapper::pidValue(const RawId &pid)
{
    if (!pid.present)
        return 0;
    if (!pid.isText)
        return pid.number;
    if (auto number = parseInteger(pid.text))
        return *number;
    auto [it, inserted] = m_textPids.try_emplace(pid.text, m_nextSyntheticId);
    if (inserted) {
        m_pidText[m_nextSyntheticId] = pid.text;
        --m_nextSyntheticId;
    }
    return it->second;
}

std::int64_t ChromeEventMapper::tidValue(const RawId &tid, std::int64_t pid)
{
    if (!tid.present) // as Chrome and Perfetto: the process's main thread
        return pid;
    if (!tid.isText)
        return tid.number;
    if (auto number = parseInteger(tid.text))
        return *number;
    auto [it, inserted] = m_textTids.try_emplace({pid, tid.text}, m_nextSyntheticId);
    if (inserted) {
        m_tidText[{pid, m_nextSyntheticId}] = tid.text;
        --m_nextSyntheticId;
    }
    return it->second;
}

std::int32_t ChromeEventMapper::processIndex(std::int64_t pid)
{
    if (auto it = m_processes.find(pid); it != m_processes.end())
        return it->second;
    std::int32_t index;
    if (auto text = m_pidText.find(pid); text != m_pidText.end())
        index = m_builder.namedProcess(text->second.empty() ? std::string("Global") : text->second);
    else
        index = m_builder.process(pid);
    m_processes.emplace(pid, index);
    return index;
}

std::int32_t ChromeEventMapper::threadIndex(std::int64_t pid, std::int64_t tid)
{
    if (m_lastThread >= 0 && pid == m_lastPid && tid == m_lastTid)
        return m_lastThread;
    auto it = m_threads.find({pid, tid});
    if (it == m_threads.end()) {
        const std::int32_t index = m_builder.thread(processIndex(pid), tid);
        if (auto text = m_tidText.find({pid, tid}); text != m_tidText.end())
            m_builder.threadAt(index).name = m_builder.internName(text->second);
        it = m_threads.emplace(std::make_pair(pid, tid), index).first;
    }
    m_lastPid = pid;
    m_lastTid = tid;
    m_lastThread = it->second;
    return it->second;
}

std::uint32_t ChromeEventMapper::gpuTrack(std::int64_t device, std::int64_t stream, TrackKind kind,
                                          std::int64_t pid, std::int64_t tid)
{
    const auto key = std::make_tuple(device, stream, int(kind));
    if (auto it = m_gpuTracks.find(key); it != m_gpuTracks.end())
        return it->second;
    const std::int32_t deviceIndex = m_builder.device(static_cast<std::int32_t>(device));
    const std::uint32_t track = m_builder.streamTrack(m_builder.stream(deviceIndex, stream), kind);
    m_gpuTracks.emplace(key, track);
    if (kind == TrackKind::GpuStream)
        m_gpuTrackByPidTid.try_emplace({pid, tid}, track);
    return track;
}

std::uint32_t ChromeEventMapper::laneTrack(std::int32_t thread, TrackKind kind)
{
    // Three lanes per thread, looked up for every event: keep them in a flat table.
    const std::size_t slot = kind == TrackKind::ThreadRanges ? 1 : kind == TrackKind::ThreadApi ? 2 : 0;
    if (static_cast<std::size_t>(thread) >= m_laneTracks.size())
        m_laneTracks.resize(thread + 1, {kNoTrack, kNoTrack, kNoTrack});
    std::uint32_t &track = m_laneTracks[thread][slot];
    if (track == kNoTrack)
        track = m_builder.threadTrack(thread, kind);
    return track;
}

ChromeEventMapper::Placement ChromeEventMapper::place(const RawEvent &event, std::int64_t pid, std::int64_t tid)
{
    if (event.cat != m_lastCategoryText) { // events of one category usually come in runs
        m_lastCategoryText = event.cat;
        const Category c = classify(event.cat);
        m_lastLane = static_cast<std::uint8_t>(c.lane);
        m_lastKind = c.kind;
    }
    Category category{static_cast<Lane>(m_lastLane), m_lastKind};
    // The legacy autograd profiler writes kernels under the pseudo-process
    // "CUDA functions" (tid = device) and CPU ops under "CPU functions".
    if (event.pid.isText && category.kind == EventKind::Slice) {
        if (event.pid.text == "CUDA functions")
            category = {Lane::Gpu, EventKind::Kernel};
        else if (event.pid.text == "CPU functions")
            category = {Lane::Cpu, EventKind::CpuOp};
    }
    switch (category.lane) {
    case Lane::Gpu:
    case Lane::GpuRanges: {
        const bool legacy = event.pid.isText && event.pid.text == "CUDA functions";
        const std::int64_t device = legacy ? tid : intArg(event, "device").value_or(pid);
        const std::int64_t stream = legacy ? 0 : intArg(event, "stream").value_or(tid);
        const TrackKind kind = category.lane == Lane::Gpu ? TrackKind::GpuStream : TrackKind::GpuRanges;
        return {gpuTrack(device, stream, kind, pid, tid), category.kind};
    }
    case Lane::Ranges:
        return {laneTrack(threadIndex(pid, tid), TrackKind::ThreadRanges), category.kind};
    case Lane::Api:
        if (equalsIgnoreCase(event.cat, "mtia_runtime"))
            m_builder.setApiLaneName("MTIA runtime");
        else if (equalsIgnoreCase(event.cat, "opencl_runtime")) // what Tracelane writes for dv/dt host calls
            m_builder.setApiLaneName("OpenCL API");
        return {laneTrack(threadIndex(pid, tid), TrackKind::ThreadApi), category.kind};
    case Lane::Cpu:
        break;
    }
    return {laneTrack(threadIndex(pid, tid), TrackKind::CpuThread), category.kind};
}

StringId ChromeEventMapper::eventName(const RawEvent &event)
{
    return event.hashed ? m_builder.internName(event.name, event.nameHash) : m_builder.internName(event.name);
}

StringId ChromeEventMapper::argText(const RawArg &arg)
{
    return arg.hashed ? m_builder.internName(arg.text, arg.textHash) : m_builder.internName(arg.text);
}

CorrelationId ChromeEventMapper::collectArgs(const RawEvent &event, std::vector<Arg> *keep)
{
    CorrelationId correlation = 0;
    for (std::size_t i = 0; i < event.argCount; ++i) {
        const RawArg &raw = event.args[i];
        ArgValue value;
        switch (raw.kind) {
        case RawArg::Kind::Null: break;
        case RawArg::Kind::Bool: value = ArgValue::ofBool(raw.i != 0); break;
        case RawArg::Kind::Int: value = ArgValue::ofInt(raw.i); break;
        case RawArg::Kind::Double: value = ArgValue::ofDouble(raw.d); break;
        case RawArg::Kind::String: value = ArgValue::ofString(argText(raw)); break;
        case RawArg::Kind::Json: value = ArgValue::ofJson(argText(raw)); break;
        }
        if (raw.truncated)
            m_builder.diagnostics().add("arg-too-deep",
                                        "argument values nested deeper than 64 levels were cut there (shown as \"...\")",
                                        location(event));
        const StringId key = raw.hashed ? m_builder.intern(raw.key, raw.keyHash) : m_builder.intern(raw.key);
        if (key == m_correlationKey && raw.kind == RawArg::Kind::Int && raw.i > 0 && raw.i <= 0xFFFFFFFFLL)
            correlation = static_cast<CorrelationId>(raw.i);
        if (keep)
            keep->push_back({key, value});
        else
            m_builder.args().add(key, value);
    }
    return correlation;
}

void ChromeEventMapper::addSlice(const RawEvent &event, std::int64_t pid, std::int64_t tid, TimeNs start,
                                 TimeNs duration)
{
    const Placement p = place(event, pid, tid);
    Event e;
    e.start = start;
    e.duration = duration;
    e.name = eventName(event);
    e.kind = duration == 0 && (event.ph == "i" || event.ph == "I") ? EventKind::Instant : p.kind;
    e.correlation = collectArgs(event, nullptr);
    if (e.kind == EventKind::Kernel) {
        const StringId mangled = e.name;
        e.name = readableKernelName(mangled);
        if (e.name != mangled) {
            if (!m_mangledNameKey) // only traces with mangled names get the key
                m_mangledNameKey = m_builder.intern("mangledName");
            m_builder.args().add(m_mangledNameKey, ArgValue::ofString(mangled));
        }
    }
    e.category = m_builder.category(event.cat);
    const EventRef ref = m_builder.addEvent(p.track, e, std::int64_t(event.index));
    if (event.bindId.present && event.ph[0] == 'X')
        addSliceFlow(sliceFlow(event), ref);
    noteTime(start, saturatingAdd(start, std::max<TimeNs>(duration, 0)));
}

// Scope "p": the process's instant track; "g": one track for the whole trace.
void ChromeEventMapper::scopedInstant(const RawEvent &event, std::int64_t pid)
{
    const bool global = event.scope == "g";
    const std::int32_t process = global ? kNoIndex : processIndex(pid);
    const std::uint32_t track = m_builder.processTrack(process, TrackKind::Instants,
                                                       m_builder.intern(global ? "Global instants" : "Instants"));
    Event e;
    e.start = *event.ts;
    e.name = eventName(event);
    e.kind = EventKind::Instant;
    e.correlation = collectArgs(event, nullptr);
    e.category = m_builder.category(event.cat);
    m_builder.addEvent(track, e, std::int64_t(event.index));
    noteTime(e.start, e.start);
}

void ChromeEventMapper::noteTime(TimeNs start, TimeNs end)
{
    // An event the builder skips (its start out of range) does not stretch the
    // trace; an end past the range is cut there, as the builder cuts it.
    if (isModelTime(start))
        m_latest = std::max(m_latest, std::min(end, kMaxTimeNs));
}

void ChromeEventMapper::beginSlice(const RawEvent &event, std::int64_t pid, std::int64_t tid)
{
    const Placement p = place(event, pid, tid);
    OpenSlice open{p.track, *event.ts, eventName(event), p.kind, 0, {}};
    open.correlation = collectArgs(event, &open.args);
    open.category = m_builder.category(event.cat);
    open.source = event.index;
    if (event.bindId.present)
        open.flow = sliceFlow(event);
    m_openSlices[{pid, tid}].push_back(std::move(open));
    noteTime(*event.ts, *event.ts);
}

void ChromeEventMapper::endSlice(const RawEvent &event, std::int64_t pid, std::int64_t tid)
{
    auto it = m_openSlices.find({pid, tid});
    if (it == m_openSlices.end() || it->second.empty()) {
        m_builder.diagnostics().add("end-without-begin", "E events with no open B event on their thread",
                                    location(event));
        return;
    }
    OpenSlice open = std::move(it->second.back());
    it->second.pop_back();
    // Chrome closes the innermost open slice whatever the E is called; say so
    // when the names differ (an E without a name is the usual shorthand).
    if (!event.name.empty()
        && m_builder.strings().view(open.name) != std::string_view(event.name).substr(0, TraceBuilder::kMaxNameLength))
        m_builder.diagnostics().add("end-name-mismatch",
                                    "E events named differently from the B they close (closed it anyway)",
                                    location(event));
    std::vector<Arg> endArgs;
    const CorrelationId correlation = collectArgs(event, &endArgs);
    for (const Arg &a : open.args)
        m_builder.args().add(a.key, a.value);
    for (const Arg &a : endArgs)
        m_builder.args().add(a.key, a.value);
    Event e;
    e.start = open.start;
    e.duration = saturatingSub(*event.ts, open.start);
    e.name = open.name;
    e.kind = open.kind;
    e.correlation = open.correlation ? open.correlation : correlation;
    e.category = open.category;
    const EventRef ref = m_builder.addEvent(open.track, e, std::int64_t(open.source));
    if (open.flow.present)
        addSliceFlow(open.flow, ref);
    noteTime(*event.ts, *event.ts);
}

void ChromeEventMapper::asyncEvent(const RawEvent &event, std::int64_t pid)
{
    const std::int32_t process = processIndex(pid);
    const std::string id = event.id.isText ? event.id.text : std::to_string(event.id.number);
    const auto key = std::make_tuple(pid, event.cat, id, event.name);
    const std::uint32_t track = m_builder.processTrack(process, TrackKind::Async, eventName(event));
    if (event.ph == "b" || event.ph == "S") {
        OpenSlice open{track, *event.ts, eventName(event), EventKind::Async, 0, {}};
        open.correlation = collectArgs(event, &open.args);
        open.category = m_builder.category(event.cat);
        open.source = event.index;
        m_openAsync[key].push_back(std::move(open));
    } else if (event.ph == "n" || event.ph == "T" || event.ph == "p") {
        Event e;
        e.start = *event.ts;
        e.name = eventName(event);
        e.kind = EventKind::Instant;
        e.category = m_builder.category(event.cat);
        collectArgs(event, nullptr);
        m_builder.addEvent(track, e, std::int64_t(event.index));
    } else { // "e" / "F"
        auto it = m_openAsync.find(key);
        if (it == m_openAsync.end() || it->second.empty()) {
            m_builder.diagnostics().add("async-end-without-begin", "async end events with no matching begin",
                                        location(event));
            return;
        }
        OpenSlice open = std::move(it->second.back());
        it->second.pop_back();
        for (const Arg &a : open.args)
            m_builder.args().add(a.key, a.value);
        collectArgs(event, nullptr);
        Event e;
        e.start = open.start;
        e.duration = saturatingSub(*event.ts, open.start);
        e.name = open.name;
        e.kind = EventKind::Async;
        e.category = open.category;
        m_builder.addEvent(open.track, e, std::int64_t(open.source));
    }
    noteTime(*event.ts, *event.ts);
}

void ChromeEventMapper::counter(const RawEvent &event, std::int64_t pid)
{
    const std::int32_t process = processIndex(pid);
    for (std::size_t i = 0; i < event.argCount; ++i) {
        const RawArg &arg = event.args[i];
        double value;
        if (arg.kind == RawArg::Kind::Int || arg.kind == RawArg::Kind::Bool) {
            value = double(arg.i);
        } else if (arg.kind == RawArg::Kind::Double) {
            value = arg.d;
        } else if (auto number = arg.kind == RawArg::Kind::String ? parseDecimal(arg.text) : std::nullopt) {
            value = *number; // some writers quote their numbers ("25.7")
        } else {
            m_builder.diagnostics().add("counter-not-number", "counter values that are not numbers were skipped",
                                        location(event) + " (\"" + arg.key.substr(0, 40) + "\")");
            continue;
        }
        const bool single = arg.key == "value" || arg.key == event.name;
        const std::string series = single ? event.name : event.name + " " + arg.key;
        const std::uint32_t track = m_builder.processTrack(process, TrackKind::Counter, m_builder.internName(series));
        m_builder.addCounterSample(track, *event.ts, value, std::int64_t(event.index));
    }
    noteTime(*event.ts, *event.ts);
}

void ChromeEventMapper::map(const RawEvent &event)
{
    const std::string &ph = event.ph;
    const std::int64_t pid = pidValue(event.pid);
    const std::int64_t tid = tidValue(event.tid, pid);
    if (ph == "M") {
        metadataEvent(event, pid, tid);
        return;
    }
    if (ph.empty()) {
        if (!event.hasFields)
            return; // "{}": writers end the array with it to avoid a trailing comma
        m_builder.diagnostics().add("missing-phase", "events without a \"ph\" were skipped", location(event));
        return;
    }
    if (!event.ts) {
        m_builder.diagnostics().add(event.badTime ? "bad-timestamp" : "missing-timestamp",
                                    event.badTime ? "events whose \"ts\" is not a number were skipped"
                                                  : "events without a \"ts\" were skipped",
                                    location(event));
        return;
    }
    if (event.badTime)
        m_builder.diagnostics().add("bad-duration", "events whose \"dur\" is not a number were given duration 0",
                                    location(event));
    switch (ph[0]) {
    case 'X':
        if (!event.dur && !event.badTime)
            m_builder.diagnostics().add("missing-duration", "X events without \"dur\" were given duration 0",
                                        location(event));
        addSlice(event, pid, tid, *event.ts, event.dur.value_or(0));
        return;
    case 'B': beginSlice(event, pid, tid); return;
    case 'E': endSlice(event, pid, tid); return;
    case 'i':
    case 'I':
    case 'R':
        if (event.scope == "g" || event.scope == "p")
            scopedInstant(event, pid);
        else
            addSlice(event, pid, tid, *event.ts, 0);
        return;
    case 'T':
        // A T with a duration (or without an id) is a thread state (Perfetto's
        // JSON importer); one with an id is Chrome's legacy async step.
        if (event.dur || event.badTime || !event.id.present) {
            m_builder.diagnostics().add("thread-state-skipped",
                                        "thread-state events (ph \"T\") were skipped: Tracelane has no lane for them",
                                        location(event));
            return;
        }
        asyncEvent(event, pid);
        return;
    case 'b':
    case 'e':
    case 'n':
    case 'S':
    case 'p':
    case 'F': asyncEvent(event, pid); return;
    case 'C': counter(event, pid); return;
    case 's':
    case 't':
    case 'f': flow(event, pid, tid); return;
    default: break;
    }
    m_builder.diagnostics().add("unknown-phase", "events of an unsupported phase (ph) were skipped",
                                location(event) + " (ph \"" + ph.substr(0, 8) + "\")");
}

void ChromeEventMapper::metadata(const std::string &key, const std::string &value)
{
    if (key == "traceEvents" || key == "deviceProperties")
        return;
    constexpr std::size_t kMaxValue = 4096; // e.g. distributedInfo; huge blobs are not metadata
    // Built in place: GCC 12 misreads substr() + "..." as an out-of-bounds copy (-Warray-bounds).
    std::string kept(value, 0, std::min(value.size(), kMaxValue));
    if (value.size() > kMaxValue)
        kept.append("...");
    m_builder.source().metadata.emplace_back(key, std::move(kept));
}

void ChromeEventMapper::device(std::int64_t id, const std::string &name)
{
    const std::int32_t index = m_builder.device(static_cast<std::int32_t>(id));
    if (!name.empty())
        m_builder.deviceAt(index).name = m_builder.internName(name);
}

// Until the file is read, only the lane the flow belongs on will do: an ac2g
// start must bind to its API call even if the thread's API lane appears later.
void ChromeEventMapper::finish()
{
    std::uint64_t unclosed = 0;
    auto closeAll = [&](auto &stacks) {
        for (auto &[key, stack] : stacks) {
            for (OpenSlice &open : stack) {
                for (const Arg &a : open.args)
                    m_builder.args().add(a.key, a.value);
                Event e;
                e.start = open.start;
                e.duration = std::max<TimeNs>(saturatingSub(m_latest, open.start), 0);
                e.name = open.name;
                e.kind = open.kind;
                e.correlation = open.correlation;
                e.category = open.category;
                e.unclosed = 1;
                const EventRef ref = m_builder.addEvent(open.track, e, std::int64_t(open.source));
                if (open.flow.present)
                    addSliceFlow(open.flow, ref);
                ++unclosed;
            }
            stack.clear();
        }
    };
    closeAll(m_openSlices);
    closeAll(m_openAsync);
    if (unclosed)
        m_builder.diagnostics().add("begin-without-end", "slices never closed were ended at the trace's last timestamp",
                                    {}, unclosed);
    resolveFlows();
    linkSliceFlows();
    applyNames();
}

} // namespace tracelane
