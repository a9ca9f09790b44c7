#pragma once
// What an AMD profiler's name for a GPU operation means. rpd_tracer writes the
// roctracer op names (KernelExecution, CopyHostToDevice, FillBuffer, Task for a
// kernel run from a HIP graph), its CUPTI and rocprofiler-sdk sources write
// Kernel / ConcurrentKernel / Memcpy / Memset and MEMORY_COPY_HOST_TO_DEVICE;
// rocpd names its copies like the last. Anything else (barriers, markers) is
// not GPU work Tracelane draws, and readers count and skip it.

#include "model/event.h"

#include <optional>
#include <string_view>

namespace tracelane::rocm {

// Kernel, Memcpy or Memset; nullopt for an operation type not known.
std::optional<EventKind> gpuOpKind(std::string_view opType);

// "Host-to-Device" (the label the memory findings read from "copyKind") for
// CopyHostToDevice, MEMORY_COPY_HOST_TO_DEVICE and the like; empty if the name
// does not say.
std::string_view copyDirectionLabel(std::string_view opType);

} // namespace tracelane::rocm
