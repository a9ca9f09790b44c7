#include "gpu_op_class.h"

#include <algorithm>
#include <cctype>

namespace tracelane {
namespace {

bool startsWithNoCase(std::string_view text, std::string_view prefix)
{
    return text.size() >= prefix.size()
           && std::equal(prefix.begin(), prefix.end(), text.begin(), [](char a, char b) {
                  return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
              });
}

} // namespace

GpuOpClass classifyGpuOp(EventKind kind, std::string_view name)
{
    if (kind == EventKind::Memcpy || kind == EventKind::Memset)
        return GpuOpClass::Memory;
    // Demangled kernel names may start with a return type ("void ncclKernel_...").
    if (startsWithNoCase(name, "nccl") || startsWithNoCase(name, "rccl") || startsWithNoCase(name, "hccl")
        || name.find("ncclKernel") != std::string_view::npos || name.find("ncclDevKernel") != std::string_view::npos)
        return GpuOpClass::Communication;
    if (startsWithNoCase(name, "memcpy") || startsWithNoCase(name, "memset") || startsWithNoCase(name, "dma"))
        return GpuOpClass::Memory;
    return GpuOpClass::Compute;
}

std::string_view gpuOpClassName(GpuOpClass opClass)
{
    switch (opClass) {
    case GpuOpClass::Compute: return "compute";
    case GpuOpClass::Communication: return "communication";
    case GpuOpClass::Memory: return "memory";
    }
    return "compute";
}

} // namespace tracelane
