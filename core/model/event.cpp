#include "event.h"

namespace tracelane {

std::string_view eventKindName(EventKind kind)
{
    switch (kind) {
    case EventKind::Slice: return "slice";
    case EventKind::CpuOp: return "cpu_op";
    case EventKind::PythonFunction: return "python_function";
    case EventKind::Range: return "range";
    case EventKind::GpuRange: return "gpu_range";
    case EventKind::ApiCall: return "api_call";
    case EventKind::Kernel: return "kernel";
    case EventKind::Memcpy: return "memcpy";
    case EventKind::Memset: return "memset";
    case EventKind::Sync: return "sync";
    case EventKind::Instant: return "instant";
    case EventKind::CounterSample: return "counter";
    case EventKind::Async: return "async";
    }
    return "unknown";
}

bool isGpuWork(EventKind kind)
{
    return kind == EventKind::Kernel || kind == EventKind::Memcpy || kind == EventKind::Memset;
}

} // namespace tracelane
