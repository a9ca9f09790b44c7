#include "chrome_trace_lanes.h"

#include "chrome_trace_json.h"

#include <algorithm>
#include <charconv>
#include <unordered_set>

namespace tracelane {

ChromeLanes::ChromeLanes(const Trace &trace)
    : m_trace(trace)
{
    std::unordered_set<std::int64_t> cpuPids;
    std::int64_t highest = 0;
    for (const Process &p : trace.processes) {
        cpuPids.insert(p.pid);
        highest = std::max(highest, p.pid);
    }
    for (const GpuDevice &d : trace.devices) {
        m_gpuNeedsArgs = m_gpuNeedsArgs || cpuPids.count(d.id);
        highest = std::max<std::int64_t>(highest, d.id);
    }
    m_gpuPids.reserve(trace.devices.size());
    for (std::size_t i = 0; i < trace.devices.size(); ++i)
        m_gpuPids.push_back(m_gpuNeedsArgs ? highest + 1 + std::int64_t(i) : trace.devices[i].id);
}

ChromeLane ChromeLanes::processLane(std::int32_t process) const
{
    const Process &p = m_trace.processes[std::size_t(process)];
    ChromeLane lane{p.pid, 0, {}, {}};
    if (p.pid < 0 && p.name) // a named pseudo-process: its pid is the importer's
        lane.pidText = m_trace.strings.view(p.name);
    return lane;
}

ChromeLane ChromeLanes::threadLane(std::int32_t thread) const
{
    const Thread &t = m_trace.threads[std::size_t(thread)];
    ChromeLane lane = processLane(t.process);
    lane.tid = t.tid;
    if (t.tid < 0 && t.name)
        lane.tidText = m_trace.strings.view(t.name);
    return lane;
}

ChromeLane ChromeLanes::lane(const Track &track) const
{
    if (track.stream != kNoIndex) {
        const Stream &s = m_trace.streams[std::size_t(track.stream)];
        return {gpuPid(s.device), s.streamId, {}, {}};
    }
    if (track.thread != kNoIndex)
        return threadLane(track.thread);
    if (track.process != kNoIndex)
        return processLane(track.process);
    return {};
}

void appendChromeLane(std::string &out, const ChromeLane &lane, bool withTid)
{
    char digits[24];
    out += ",\"pid\":";
    if (!lane.pidText.empty())
        chrome_json::appendString(out, lane.pidText);
    else
        out.append(digits, std::to_chars(digits, digits + sizeof digits, lane.pid).ptr);
    if (!withTid)
        return;
    out += ",\"tid\":";
    if (!lane.tidText.empty())
        chrome_json::appendString(out, lane.tidText);
    else
        out.append(digits, std::to_chars(digits, digits + sizeof digits, lane.tid).ptr);
}

const char *ChromeLanes::category(const Track &track, EventKind kind) const
{
    // The API lane's name comes from its category: "MTIA runtime", "OpenCL API".
    auto apiCategory = [&] {
        const std::string_view name = m_trace.strings.view(track.name);
        return name == "MTIA runtime" ? "mtia_runtime" : name == "OpenCL API" ? "opencl_runtime" : "cuda_runtime";
    };
    switch (kind) {
    case EventKind::CpuOp: return "cpu_op";
    case EventKind::PythonFunction: return "python_function";
    case EventKind::Range: return "user_annotation";
    case EventKind::GpuRange: return "gpu_user_annotation";
    case EventKind::ApiCall: return apiCategory();
    case EventKind::Kernel: return "kernel";
    case EventKind::Memcpy: return "gpu_memcpy";
    case EventKind::Memset: return "gpu_memset";
    case EventKind::Sync: return "cuda_sync";
    case EventKind::Slice: return track.kind == TrackKind::GpuStream ? "cuda_profiler_range" : nullptr;
    case EventKind::Instant:
    case EventKind::CounterSample:
    case EventKind::Async: break;
    }
    switch (track.kind) { // instants take their lane from the category
    case TrackKind::ThreadRanges: return "user_annotation";
    case TrackKind::ThreadApi: return apiCategory();
    case TrackKind::GpuStream: return "kernel";
    case TrackKind::GpuRanges: return "gpu_user_annotation";
    default: return nullptr;
    }
}

} // namespace tracelane
