#include "perfetto_tracks.h"

#include "perfetto_fields.h"

#include <cctype>
#include <initializer_list>
#include <optional>
#include <string_view>

namespace tracelane {
namespace {

std::string pftraceLower(std::string_view text)
{
    std::string out(text);
    for (char &c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// The number written after one of `words` ("GPU 0", "queue#3", "Stream: 7").
std::optional<std::int64_t> pftraceNumberAfter(std::string_view text, std::initializer_list<std::string_view> words)
{
    const std::string lower = pftraceLower(text);
    for (std::string_view word : words) {
        for (std::size_t at = lower.find(word); at != std::string::npos; at = lower.find(word, at + 1)) {
            std::size_t i = at + word.size();
            for (int skipped = 0; i < lower.size() && skipped < 3 && !std::isdigit(static_cast<unsigned char>(lower[i]));
                 ++skipped, ++i)
                if (std::isalpha(static_cast<unsigned char>(lower[i])))
                    break;
            std::int64_t value = 0;
            std::size_t digits = 0;
            while (i < lower.size() && std::isdigit(static_cast<unsigned char>(lower[i])) && digits < 12) {
                value = value * 10 + (lower[i++] - '0');
                ++digits;
            }
            if (digits)
                return value;
        }
    }
    return std::nullopt;
}

bool pftraceNamesGpu(std::string_view text)
{
    const std::string lower = pftraceLower(text);
    for (std::string_view word : {"gpu", "agent", "device", "queue", "stream"})
        if (lower.find(word) != std::string::npos)
            return true;
    return false;
}

constexpr int kMaxTrackDepth = 64; // parent chains of hostile files may loop

} // namespace

void PerfettoTracks::describe(ProtoReader descriptor)
{
    PerfettoTrackInfo t;
    std::uint64_t uuid = 0;
    ProtoField f;
    while (descriptor.next(f)) {
        switch (f.number) {
        case pftrace::track::kUuid:
            if (f.type == WireType::Varint)
                uuid = f.value;
            break;
        case pftrace::track::kParentUuid:
            if (f.type == WireType::Varint)
                t.parent = f.value;
            break;
        case pftrace::track::kName:
            if (f.type == WireType::Bytes)
                t.name = std::string(f.bytes);
            break;
        case pftrace::track::kProcess:
        case pftrace::track::kThread: {
            if (f.type != WireType::Bytes)
                break;
            const bool thread = f.number == pftrace::track::kThread;
            (thread ? t.hasThread : t.hasProcess) = true;
            ProtoReader inner = descriptor.nested(f);
            ProtoField g;
            while (inner.next(g)) {
                if (g.number == pftrace::process::kPid && g.type == WireType::Varint) // same number in both
                    t.pid = static_cast<std::int32_t>(g.value);
                else if (thread && g.number == pftrace::thread::kTid && g.type == WireType::Varint)
                    t.tid = static_cast<std::int32_t>(g.value);
                else if (thread && g.number == pftrace::thread::kThreadName && g.type == WireType::Bytes)
                    t.threadName = std::string(g.bytes);
                else if (!thread && g.number == pftrace::process::kProcessName && g.type == WireType::Bytes)
                    t.processName = std::string(g.bytes);
            }
            break;
        }
        case pftrace::track::kCounter: {
            if (f.type != WireType::Bytes)
                break;
            t.isCounter = true;
            ProtoReader inner = descriptor.nested(f);
            ProtoField g;
            while (inner.next(g)) {
                if (g.type != WireType::Varint)
                    continue;
                if (g.number == pftrace::counter::kUnit)
                    t.counterBytes = g.value == pftrace::counter::kUnitSizeBytes;
                else if (g.number == pftrace::counter::kUnitMultiplier && g.value != 0)
                    t.unitMultiplier = static_cast<std::int64_t>(g.value);
                else if (g.number == pftrace::counter::kIsIncremental)
                    t.incremental = g.value != 0;
            }
            break;
        }
        default:
            break;
        }
    }
    if (t.parent == uuid)
        t.parent = 0;
    if (t.hasProcess && !t.processName.empty()) {
        m_processNames[t.pid] = t.processName;
        if (auto it = m_processes.find(t.pid); it != m_processes.end())
            m_builder.processAt(it->second).name = m_builder.internName(t.processName);
    }
    if (t.hasThread && !t.threadName.empty())
        if (auto it = m_threads.find({t.pid, t.tid}); it != m_threads.end())
            m_builder.threadAt(it->second).name = m_builder.internName(t.threadName);
    auto [it, inserted] = m_info.try_emplace(uuid, t);
    if (inserted) {
        m_bindings.erase(uuid); // events came before their descriptor: bind the rest anew
    } else if (!(it->second == t)) {
        it->second = t;
        // A changed descriptor may move tracks under it: bind them again.
        // Events already placed stay where they are.
        m_bindings.clear();
    }
}

const PerfettoTrackInfo *PerfettoTracks::info(std::uint64_t uuid) const
{
    const auto it = m_info.find(uuid);
    return it == m_info.end() ? nullptr : &it->second;
}

std::int32_t PerfettoTracks::process(std::int64_t pid)
{
    if (auto it = m_processes.find(pid); it != m_processes.end())
        return it->second;
    const std::int32_t index = m_builder.process(pid);
    if (auto name = m_processNames.find(pid); name != m_processNames.end())
        m_builder.processAt(index).name = m_builder.internName(name->second);
    m_processes.emplace(pid, index);
    return index;
}

std::int32_t PerfettoTracks::thread(std::int64_t pid, std::int64_t tid, const std::string &name)
{
    auto it = m_threads.find({pid, tid});
    if (it == m_threads.end())
        it = m_threads.emplace(std::make_pair(pid, tid), m_builder.thread(process(pid), tid)).first;
    if (!name.empty())
        m_builder.threadAt(it->second).name = m_builder.internName(name);
    return it->second;
}

PerfettoBinding PerfettoTracks::resolve(std::uint64_t uuid)
{
    PerfettoBinding b;
    const PerfettoTrackInfo *self = info(uuid);
    std::string gpuNames; // the chain's names, for device and queue numbers
    bool gpuNamed = false;
    const PerfettoTrackInfo *threadOwner = nullptr, *processOwner = nullptr;
    std::uint64_t at = uuid;
    for (int depth = 0; depth < kMaxTrackDepth; ++depth) {
        const PerfettoTrackInfo *t = info(at);
        if (!t)
            break;
        if (t->hasThread && !threadOwner)
            threadOwner = t;
        if (t->hasProcess && !processOwner)
            processOwner = t;
        for (const std::string *name : {&t->name, &t->processName})
            if (!name->empty() && pftraceNamesGpu(*name)) {
                gpuNamed = true;
                gpuNames += *name;
                gpuNames += ' ';
            }
        if (t->parent == 0 || t->parent == at)
            break;
        at = t->parent;
    }
    if (threadOwner) {
        b.hasThread = b.hasProcess = true;
        b.pid = threadOwner->pid;
        b.tid = threadOwner->tid;
        b.threadName = threadOwner->threadName;
        b.device = threadOwner->pid; // Kineto writes GPU rows as pid = device, tid = stream
        b.stream = threadOwner->tid;
    } else if (processOwner) {
        b.hasProcess = true;
        b.pid = processOwner->pid;
    }
    if (!threadOwner && gpuNamed && !(self && self->isCounter)) {
        b.gpu = true;
        b.device = pftraceNumberAfter(gpuNames, {"gpu", "agent", "device"}).value_or(0);
        if (auto stream = pftraceNumberAfter(gpuNames, {"queue", "stream"}))
            b.stream = *stream;
        else
            b.stream = 1000000 + m_nextStream[b.device]++; // unnumbered: its own stream, clear of real ids
    }
    if (self) {
        b.counter = self->isCounter;
        b.counterBytes = self->counterBytes;
        b.incremental = self->incremental;
        b.unitMultiplier = self->unitMultiplier;
        const std::string &name = !self->name.empty()         ? self->name
                                  : !self->threadName.empty() ? self->threadName
                                                              : self->processName;
        if (!name.empty())
            b.name = m_builder.internName(name);
    }
    if (!b.name)
        b.name = m_builder.internName(uuid == 0 ? std::string("Global") : "Track " + std::to_string(uuid));
    return b;
}

std::int32_t PerfettoTracks::threadOf(PerfettoBinding &binding)
{
    if (binding.thread == kNoIndex && binding.hasThread)
        binding.thread = thread(binding.pid, binding.tid, binding.threadName);
    return binding.thread;
}

std::int32_t PerfettoTracks::processOf(PerfettoBinding &binding)
{
    if (binding.process == kNoIndex && binding.hasProcess)
        binding.process = process(binding.pid);
    return binding.process;
}

PerfettoBinding &PerfettoTracks::binding(std::uint64_t uuid)
{
    if (auto it = m_bindings.find(uuid); it != m_bindings.end())
        return it->second;
    return m_bindings.emplace(uuid, resolve(uuid)).first->second;
}

} // namespace tracelane
