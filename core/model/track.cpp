#include "track.h"

namespace tracelane {

std::string_view trackKindName(TrackKind kind)
{
    switch (kind) {
    case TrackKind::CpuThread: return "cpu_thread";
    case TrackKind::ThreadRanges: return "thread_ranges";
    case TrackKind::ThreadApi: return "thread_api";
    case TrackKind::GpuStream: return "gpu_stream";
    case TrackKind::GpuRanges: return "gpu_ranges";
    case TrackKind::Async: return "async";
    case TrackKind::Counter: return "counter";
    case TrackKind::Instants: return "instants";
    }
    return "unknown";
}

} // namespace tracelane
