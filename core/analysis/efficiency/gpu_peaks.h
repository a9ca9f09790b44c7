#pragma once
// Peak dense tensor-core throughput of common GPUs, for MFU. Keyed by the name
// the trace gives the device (Kineto's deviceProperties "name", e.g. "NVIDIA
// H100 80GB HBM3"). The figure is the datasheet's dense BF16 tensor peak (FP16
// where the GPU has no BF16: V100, T4), without sparsity: the usual MFU
// convention for mixed-precision training. A name not in the table has no peak,
// and MFU says "unknown device" instead of guessing. The table and its sources:
// docs/ANALYSIS_KERNEL_EFFICIENCY.md.

#include <optional>
#include <span>
#include <string_view>

namespace tracelane {

struct GpuPeak
{
    std::string_view model;  // "H100 SXM"
    double denseTflops = 0;  // dense BF16 (or FP16) tensor peak, TFLOP/s
};

// The first entry whose every fragment occurs in the name (case-insensitive).
std::optional<GpuPeak> gpuPeakFor(std::string_view deviceName);

struct GpuPeakEntry
{
    std::string_view fragments[2]; // both must occur; an empty one matches all
    GpuPeak peak;
};
std::span<const GpuPeakEntry> gpuPeakTable();

} // namespace tracelane
