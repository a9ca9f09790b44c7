#pragma once
// Which engine work a GPU operation is, from its kind and name: collectives
// (NCCL, RCCL, HCCL), memory traffic (memcpy, memset, DMA kernels) or compute.
// Definitions in docs/ANALYSIS_EFFICIENCY.md.

#include "model/event.h"

#include <cstdint>
#include <string_view>

namespace tracelane {

enum class GpuOpClass : std::uint8_t { Compute, Communication, Memory };
constexpr int kGpuOpClassCount = 3;

GpuOpClass classifyGpuOp(EventKind kind, std::string_view name);
std::string_view gpuOpClassName(GpuOpClass opClass); // "compute", "communication", "memory"

} // namespace tracelane
