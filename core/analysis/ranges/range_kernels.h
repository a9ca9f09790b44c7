#pragma once
// "Click a range, see its kernels": the GPU work a range (NVTX, record_function
// or a CPU op) launched, and the GPU work that merely overlaps it in time.
//
// Launched = GPU operations (kernels, memcpys, memsets) whose launching API
// call lies inside the range on the range's thread: range start <= call start
// and call end <= range end, the rule of range_containment.h and nsys
// nvtx_gpu_proj_trace / nvtx_kern_sum. LaunchScope::Process widens this to
// calls on any thread of the range's process, which catches work that PyTorch's
// autograd thread launches while the main thread waits in "BWD pass".
//
// Overlapping = GPU operations on any stream whose interval [start, end)
// intersects the range's, whoever launched them.
//
// A lookup answers in O(log n + k): it binary-searches the thread's sorted
// API-call track, follows each call's launch flows (Trace::flowsFrom), and
// binary-searches each GPU stream for the overlapping part.

#include "model/trace.h"

#include <cstdint>
#include <vector>

namespace tracelane {

enum class LaunchScope : std::uint8_t {
    Thread,  // calls on the range's own thread (nsys definition)
    Process, // calls on any thread of the range's process
};

struct LaunchedGpuOp
{
    EventRef op;   // kernel, memcpy or memset
    EventRef call; // the API call that launched it
};

// Totals over a set of GPU operations.
struct GpuWorkTotals
{
    std::int64_t ops = 0;            // GPU operations
    std::int64_t launchingCalls = 0; // distinct API calls with GPU work (nsys NumGPUOps)
    TimeNs projectedStart = 0;       // first operation's start (0 when ops == 0)
    TimeNs projectedEnd = 0;         // last operation's end
    TimeNs summedTime = 0;           // sum of operation durations
    TimeNs busyTime = 0;             // length of the union of operation intervals

    TimeNs projectedDuration() const { return projectedEnd - projectedStart; }
};

struct RangeKernels
{
    std::int32_t thread = kNoIndex;
    TimeNs start = 0; // the range on the CPU
    TimeNs end = 0;
    std::vector<LaunchedGpuOp> launched; // by GPU start, then stream track
    std::vector<EventRef> overlapping;   // by GPU start, then stream track
    GpuWorkTotals totals;                // of `launched`

    TimeNs cpuDuration() const { return end - start; }
};

class RangeKernelLookup
{
public:
    // Indexes the trace's tracks (not its events); cheap. The trace must outlive the lookup.
    explicit RangeKernelLookup(const Trace &trace);

    // `range` is any event on a thread track: a range, a CPU op, an API call.
    RangeKernels find(EventRef range, LaunchScope scope = LaunchScope::Thread) const;
    RangeKernels find(std::int32_t thread, TimeNs start, TimeNs end, LaunchScope scope = LaunchScope::Thread) const;

    // Only the launched operations, unordered, without the overlap search or totals:
    // for analyses that visit many ranges. visit(const LaunchedGpuOp &).
    template<typename Visit>
    void forEachLaunched(std::int32_t thread, TimeNs start, TimeNs end, LaunchScope scope, Visit visit) const
    {
        for (const std::uint32_t track : apiTracks(thread, scope))
            forEachLaunchedOnTrack(track, start, end, visit);
    }

    std::vector<EventRef> overlapping(TimeNs start, TimeNs end) const;
    const Trace &trace() const { return m_trace; }

private:
    std::vector<std::uint32_t> apiTracks(std::int32_t thread, LaunchScope scope) const;
    std::size_t firstCallAtOrAfter(std::uint32_t track, TimeNs start) const;

    template<typename Visit>
    void forEachLaunchedOnTrack(std::uint32_t track, TimeNs start, TimeNs end, Visit &visit) const
    {
        const auto &events = m_trace.tracks[track].events;
        for (std::size_t i = firstCallAtOrAfter(track, start); i < events.size() && events[i].start <= end; ++i) {
            const Event &call = events[i];
            if (call.kind != EventKind::ApiCall || call.end() > end)
                continue;
            const EventRef callRef{track, static_cast<std::uint32_t>(i)};
            for (const Flow &flow : m_trace.flowsFrom(callRef)) {
                if (flow.kind == FlowKind::Launch && isGpuWork(m_trace.event(flow.to).kind))
                    visit(LaunchedGpuOp{flow.to, callRef});
            }
        }
    }

    struct GpuTrack
    {
        std::uint32_t track = 0;
        bool disjoint = true;    // no two operations overlap: ends are sorted too
        TimeNs maxDuration = 0;  // for tracks that are not disjoint
    };

    const Trace &m_trace;
    std::vector<std::vector<std::uint32_t>> m_apiTracksOfThread;
    std::vector<std::vector<std::int32_t>> m_threadsOfProcess;
    std::vector<GpuTrack> m_gpuTracks;
};

// Totals of a list of operations (any order).
GpuWorkTotals gpuWorkTotals(const Trace &trace, const std::vector<LaunchedGpuOp> &ops);

} // namespace tracelane
