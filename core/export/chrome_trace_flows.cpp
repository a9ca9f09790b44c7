#include "chrome_trace_flows.h"

#include "chrome_trace_json.h"

#include <charconv>

namespace tracelane {

namespace {

// Children to step over when looking for a free time in an event: enough for
// the usual launch call nested in an op, and O(1) per flow whatever the input.
constexpr int kMaxChildrenScanned = 64;

} // namespace

const char *chromeFlowCategory(const Flow &flow, const Trace &trace)
{
    bool onCpu = false, onApi = false;
    for (const EventRef &ref : {flow.from, flow.to}) {
        switch (trace.tracks[ref.track].kind) {
        case TrackKind::CpuThread: onCpu = true; break;
        case TrackKind::ThreadApi: onApi = true; break;
        case TrackKind::GpuStream: break;
        default: return nullptr; // ranges, annotations, async and counter lanes take no flows
        }
    }
    switch (flow.kind) {
    case FlowKind::Launch: return onCpu ? (onApi ? nullptr : "cpu_to_cuda") : "ac2g";
    case FlowKind::ForwardBackward: return onApi ? nullptr : "fwdbwd";
    case FlowKind::Generic: return onApi ? nullptr : "flow";
    }
    return nullptr;
}

TimeNs chromeFlowBindTime(const Track &track, std::uint32_t index)
{
    const auto &events = track.events;
    const Event &e = events[index];
    TimeNs t = e.start;
    int scanned = 0;
    // Later events starting by t and covering it are deeper (children of e or
    // theirs): step past each. Events are sorted by start, so one pass will do.
    for (std::size_t j = index + 1; j < events.size(); ++j) {
        const Event &c = events[j];
        if (c.depth <= e.depth || c.start > t)
            return t <= e.end() ? t : e.start;
        if (++scanned > kMaxChildrenScanned)
            return e.start;
        if (c.end() >= t) {
            t = c.end() + 1; // ends are inclusive when binding
            if (t > e.end())
                return e.start;
        }
    }
    return t <= e.end() ? t : e.start;
}

std::uint64_t writeChromeFlows(const Trace &trace, const ChromeLanes &lanes, std::string &buffer, bool &first,
                               const std::function<void()> &flush, std::uint64_t &leftOut)
{
    std::uint64_t written = 0;
    auto point = [&](const char *ph, const char *category, std::uint64_t id, const EventRef &ref) {
        const Track &track = trace.tracks[ref.track];
        const ChromeLane lane = lanes.lane(track);
        buffer += first ? "\n{\"ph\":\"" : ",\n{\"ph\":\"";
        first = false;
        buffer += ph;
        buffer += "\",\"cat\":\"";
        buffer += category;
        buffer += "\",\"name\":\"";
        buffer += category;
        buffer += "\",\"id\":";
        char digits[24];
        buffer.append(digits, std::to_chars(digits, digits + sizeof digits, id).ptr);
        appendChromeLane(buffer, lane);
        buffer += ",\"ts\":";
        chrome_json::appendMicroseconds(buffer, chromeFlowBindTime(track, ref.index));
        buffer += ph[0] == 'f' ? ",\"bp\":\"e\"}" : "}";
    };
    for (const Flow &flow : trace.flows) {
        const char *category = chromeFlowCategory(flow, trace);
        if (!category) {
            ++leftOut;
            continue;
        }
        ++written;
        point("s", category, written, flow.from);
        point("f", category, written, flow.to);
        flush();
    }
    return written;
}

} // namespace tracelane
