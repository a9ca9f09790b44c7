// The four CUDA synchronous-operation rules of `nsys analyze`:
// cuda_memcpy_async, cuda_memcpy_sync, cuda_memset_sync, cuda_api_sync.
#include "finding_context.h"
#include "name_match.h"

#include <string>
#include <unordered_set>

namespace tracelane::findings {
namespace {

// SQL LIKE 'cudaMemcpy%Async%' (case-insensitive, as SQLite's LIKE).
bool isAsyncMemcpyApi(std::string_view name)
{
    constexpr std::string_view kPrefix = "cudaMemcpy";
    return startsWithNoCase(name, kPrefix) && containsNoCase(name.substr(kPrefix.size()), "async");
}

// LIKE 'cudaMemcpy%' AND NOT LIKE '%async%'.
bool isSyncMemcpyApi(std::string_view name)
{
    return startsWithNoCase(name, "cudaMemcpy") && !containsNoCase(name, "async");
}

// LIKE 'cudaMemset%' AND NOT LIKE '%async%'.
bool isSyncMemsetApi(std::string_view name)
{
    return startsWithNoCase(name, "cudaMemset") && !containsNoCase(name, "async");
}

// LIKE 'cudaDeviceSynchronize%' OR LIKE 'cudaStreamSynchronize%'.
bool isSyncApi(std::string_view name)
{
    return startsWithNoCase(name, "cudaDeviceSynchronize") || startsWithNoCase(name, "cudaStreamSynchronize");
}

// Kineto's "cuda_sync" records of the host waits the rule names.
bool isKinetoHostSync(std::string_view name)
{
    return containsNoCase(name, "stream sync") || containsNoCase(name, "context sync")
           || containsNoCase(name, "device sync");
}

// Calls `visit(opRef, callRef, op)` for every GPU op of `kind` inside the window
// that an API call launched and whose call's name passes `api`.
template<typename ApiTest, typename Visit>
void forEachLaunchedOp(Context &context, EventKind kind, ApiTest api, Visit visit)
{
    NameMatch apiMatch(context.trace.strings, api);
    for (const StreamOps &stream : context.streams()) {
        const Track &track = context.trace.tracks[stream.track];
        for (std::size_t k = 0; k < stream.ops.size(); ++k) {
            const Event &op = track.events[stream.ops[k]];
            const EventRef call = stream.launchCall[k];
            if (op.kind != kind || !call.isValid() || !context.inWindow(op.start))
                continue;
            const Event &c = context.trace.event(call);
            if (c.kind != EventKind::ApiCall || !apiMatch(c.name))
                continue;
            visit(EventRef{stream.track, stream.ops[k]}, call, op);
        }
    }
}

FindingEvent opEvent(EventRef op, EventRef call, const Event &e)
{
    FindingEvent f;
    f.event = op;
    f.call = call;
    f.start = e.start;
    f.duration = e.duration;
    f.cost = e.duration;
    return f;
}

Finding summed(Context &context, std::string_view rule, std::vector<FindingEvent> events)
{
    Finding f;
    f.rule = rule;
    f.count = static_cast<std::int64_t>(events.size());
    for (const FindingEvent &e : events)
        f.time += e.cost;
    f.shareOfStep = context.shareOfWindow(f.time);
    sortByDurationDescending(events);
    f.events = std::move(events);
    return f;
}

} // namespace

void cudaMemcpyAsyncRule(Context &context, std::vector<RuleResult> &out)
{
    std::vector<FindingEvent> events;
    forEachLaunchedOp(context, EventKind::Memcpy, isAsyncMemcpyApi, [&](EventRef op, EventRef call, const Event &e) {
        const MemoryOp m = context.memoryOps().read(op);
        if (m.src == MemoryKind::Pageable || m.dst == MemoryKind::Pageable)
            events.push_back(opEvent(op, call, e));
    });
    Finding f = summed(context, "cuda_memcpy_async", std::move(events));
    f.message = std::to_string(f.count) + " asynchronous memcpy call(s) used pageable host memory, so the copies ("
                + durationText(f.time) + " on the GPU) ran synchronously: the CPU waited for them";
    f.fix = "Copy from and to pinned (page-locked) host memory (cudaMallocHost or cudaHostAlloc; in PyTorch "
            "pin_memory=True and non_blocking=True), so cudaMemcpyAsync returns at once";
    const bool fires = f.count > 0;
    out.push_back(context.result(std::move(f), fires));
}

void cudaMemcpySyncRule(Context &context, std::vector<RuleResult> &out)
{
    std::vector<FindingEvent> events;
    const std::int64_t smallH2d = context.options.memcpySyncSmallH2dBytes;
    forEachLaunchedOp(context, EventKind::Memcpy, isSyncMemcpyApi, [&](EventRef op, EventRef call, const Event &e) {
        const MemoryOp m = context.memoryOps().read(op);
        // Host-to-device copies this small return before the copy is done.
        if (m.direction == CopyDirection::HostToDevice && m.bytes && *m.bytes <= smallH2d)
            return;
        if (context.options.memcpySyncSkipDeviceToDevice && m.direction == CopyDirection::DeviceToDevice)
            return;
        events.push_back(opEvent(op, call, e));
    });
    Finding f = summed(context, "cuda_memcpy_sync", std::move(events));
    f.message = std::to_string(f.count) + " synchronous memcpy call(s) blocked the host until their copies ("
                + durationText(f.time) + " on the GPU) were done (host-to-device copies of at most "
                + std::to_string(smallH2d) + " bytes left out)";
    f.fix = "Use cudaMemcpyAsync (cudaMemcpy*Async) on a stream, with pinned host memory, and synchronise only "
            "where the result is needed";
    const bool fires = f.count > 0;
    out.push_back(context.result(std::move(f), fires));
}

void cudaMemsetSyncRule(Context &context, std::vector<RuleResult> &out)
{
    std::vector<FindingEvent> events;
    forEachLaunchedOp(context, EventKind::Memset, isSyncMemsetApi, [&](EventRef op, EventRef call, const Event &e) {
        const MemoryOp m = context.memoryOps().read(op);
        if (m.src == MemoryKind::Pinned || m.src == MemoryKind::Managed)
            events.push_back(opEvent(op, call, e));
    });
    Finding f = summed(context, "cuda_memset_sync", std::move(events));
    f.message = std::to_string(f.count) + " synchronous memset call(s) on pinned or managed memory blocked the host ("
                + durationText(f.time) + " on the GPU)";
    f.fix = "Use cudaMemsetAsync on a stream and synchronise only where the result is needed";
    const bool fires = f.count > 0;
    out.push_back(context.result(std::move(f), fires));
}

void cudaApiSyncRule(Context &context, std::vector<RuleResult> &out)
{
    const Trace &trace = context.trace;
    std::vector<FindingEvent> events;
    std::unordered_set<CorrelationId> callCorrelations;
    NameMatch syncApi(trace.strings, isSyncApi);
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &track = trace.tracks[t];
        if (track.kind != TrackKind::ThreadApi)
            continue;
        for (std::uint32_t i = 0; i < track.events.size(); ++i) {
            const Event &e = track.events[i];
            if (e.kind != EventKind::ApiCall || !context.inWindow(e.start) || !syncApi(e.name))
                continue;
            const EventRef ref{t, i};
            events.push_back(opEvent(ref, ref, e));
            if (e.correlation != 0)
                callCorrelations.insert(e.correlation);
        }
    }
    // Kineto's "cuda_sync" records of a host wait whose API call the trace lacks.
    NameMatch kinetoSync(trace.strings, isKinetoHostSync);
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &track = trace.tracks[t];
        if (track.kind != TrackKind::GpuStream)
            continue;
        for (std::uint32_t i = 0; i < track.events.size(); ++i) {
            const Event &e = track.events[i];
            if (e.kind != EventKind::Sync || !context.inWindow(e.start) || trace.category(e) != "cuda_sync"
                || !kinetoSync(e.name) || (e.correlation != 0 && callCorrelations.count(e.correlation) > 0))
                continue;
            events.push_back(opEvent(EventRef{t, i}, EventRef{}, e));
        }
    }
    Finding f = summed(context, "cuda_api_sync", std::move(events));
    f.message = std::to_string(f.count)
                + " cudaDeviceSynchronize/cudaStreamSynchronize call(s) blocked the host until the GPU finished ("
                + durationText(f.time) + " waiting)";
    f.fix = "Synchronise less often; wait on events instead (cudaStreamWaitEvent between streams, "
            "cudaEventSynchronize for one result) so the host keeps issuing work";
    const bool fires = f.count > 0;
    out.push_back(context.result(std::move(f), fires));
}

} // namespace tracelane::findings
