#include "path_category.h"

namespace tracelane {

std::string_view pathCategoryName(PathCategory category)
{
    switch (category) {
    case PathCategory::Cpu: return "CPU";
    case PathCategory::DataLoading: return "Data loading";
    case PathCategory::LaunchOverhead: return "Launch overhead";
    case PathCategory::LaunchDelay: return "Launch-to-start delay";
    case PathCategory::GpuCompute: return "GPU compute";
    case PathCategory::GpuCommunication: return "GPU communication";
    case PathCategory::GpuMemory: return "GPU memory ops";
    case PathCategory::KernelGap: return "Kernel-to-kernel gap";
    case PathCategory::SyncWait: return "Synchronisation wait";
    }
    return "?";
}

std::string_view pathEdgeKindName(PathEdgeKind kind)
{
    switch (kind) {
    case PathEdgeKind::Duration: return "duration";
    case PathEdgeKind::Self: return "self";
    case PathEdgeKind::Gap: return "gap";
    case PathEdgeKind::Release: return "release";
    case PathEdgeKind::ThreadStart: return "thread start";
    case PathEdgeKind::Launch: return "launch";
    case PathEdgeKind::StreamOrder: return "stream order";
    case PathEdgeKind::SyncWait: return "sync wait";
    case PathEdgeKind::StreamWait: return "stream wait";
    case PathEdgeKind::End: return "end";
    }
    return "?";
}

} // namespace tracelane
