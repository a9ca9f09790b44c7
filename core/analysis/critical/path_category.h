#pragma once
// What each nanosecond of a critical path was spent on, and the kind of
// dependency that put it there. Definitions in docs/ANALYSIS_CRITICAL_PATH.md.

#include <cstdint>
#include <string_view>

namespace tracelane {

enum class PathCategory : std::uint8_t {
    Cpu,              // CPU ops, Python and the thread's time between them
    DataLoading,      // CPU time under a DataLoader / enumerate range
    LaunchOverhead,   // the launch call itself (cudaLaunchKernel, cudaGraphLaunch...)
    LaunchDelay,      // from the launch call to its GPU op's start
    GpuCompute,       // kernels
    GpuCommunication, // NCCL / RCCL collectives
    GpuMemory,        // memcpy, memset
    KernelGap,        // a stream idle between two of its ops
    SyncWait,         // synchronisation: sync calls and waits between streams
};
constexpr int kPathCategoryCount = 9;

// "CPU", "Data loading", ... as the CLI prints them.
std::string_view pathCategoryName(PathCategory category);

enum class PathEdgeKind : std::uint8_t {
    Duration,    // an event's own time (a leaf CPU event, a GPU op)
    Self,        // a CPU event's time before, between or after its children
    Gap,         // a thread between two of its outermost events
    Release,     // from the step's start to work that has no earlier cause in it
    ThreadStart, // the step's own thread -> another thread's first event (autograd's backward)
    Launch,      // launch call -> its GPU op
    StreamOrder, // previous op on the stream -> the next
    SyncWait,    // GPU op -> the synchronising call it let return
    StreamWait,  // op before a recorded event -> the first op after a stream waits on it
    End,         // any last event -> the step's end
};
constexpr int kPathEdgeKindCount = 10;

// "duration", "self", "gap", ... as the CLI prints them.
std::string_view pathEdgeKindName(PathEdgeKind kind);

} // namespace tracelane
