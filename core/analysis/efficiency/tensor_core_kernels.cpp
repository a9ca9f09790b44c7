#include "tensor_core_kernels.h"

#include <algorithm>
#include <array>
#include <span>

namespace tracelane {

namespace {

// The plugin's TC_Allowlist: HMMA/IMMA instruction shapes and library kernel families.
constexpr std::array<std::string_view, 18> kPluginFragments = {
    "h884", "s884", "h1688", "s1688", "hmma", "i8816", "16816",
    "dgrad_1x1_stride_2x2", "first_layer_wgrad_kernel", "conv1x1", "conv2d_c1_k1", "direct_group",
    "xmma_implicit_gemm", "xmma_sparse_conv", "xmma_warp_specialized_implicit_gemm", "xmma_gemm",
    "xmma_sparse_gemm", "c1688"};

// Names of kernels newer than the list: formats only tensor cores compute
// (TF32, FP8), CUTLASS's "tensorop", Hopper's warpgroup MMA, IMMA, cuBLASLt's
// nvjet kernels (Hopper and later) and cuDNN's "tensor16x8x8" tile shapes.
constexpr std::array<std::string_view, 9> kTensorCoreMarkers = {
    "tf32", "tensorop", "gmma", "imma", "nvjet", "_tensor16x8", "e4m3", "e5m2", "_fp8_"};

// xmma kernels (cuDNN, cuBLAS) compute on tensor cores for these input types.
constexpr std::array<std::string_view, 5> kXmmaTensorTypes = {"f16f16", "bf16bf16", "i8i8", "int8", "fp16"};

// Names that spell out their math on the FMA units win over everything else.
constexpr std::array<std::string_view, 3> kSimtMarkers = {"ffma", "hfma2", "simt"};

bool containsAny(std::string_view name, std::span<const std::string_view> fragments)
{
    return std::any_of(fragments.begin(), fragments.end(),
                       [&](std::string_view fragment) { return name.find(fragment) != std::string_view::npos; });
}

} // namespace

bool pluginUsesTensorCores(std::string_view kernelName)
{
    return containsAny(kernelName, kPluginFragments);
}

bool usesTensorCores(std::string_view kernelName)
{
    if (containsAny(kernelName, kSimtMarkers))
        return false;
    if (pluginUsesTensorCores(kernelName) || containsAny(kernelName, kTensorCoreMarkers))
        return true;
    return kernelName.find("xmma") != std::string_view::npos && containsAny(kernelName, kXmmaTensorTypes);
}

} // namespace tracelane
