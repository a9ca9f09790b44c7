#include "tensor_core_kernels.h"

#include <algorithm>
#include <array>

namespace tracelane {

namespace {

// HMMA/IMMA instruction shapes and library kernel families known to use
// tensor cores; any occurrence in the name counts.
constexpr std::array<std::string_view, 18> kTensorCoreFragments = {
    "h884", "s884", "h1688", "s1688", "hmma", "i8816", "16816",
    "dgrad_1x1_stride_2x2", "first_layer_wgrad_kernel", "conv1x1", "conv2d_c1_k1", "direct_group",
    "xmma_implicit_gemm", "xmma_sparse_conv", "xmma_warp_specialized_implicit_gemm", "xmma_gemm",
    "xmma_sparse_gemm", "c1688"};

} // namespace

bool usesTensorCores(std::string_view kernelName)
{
    return std::any_of(kTensorCoreFragments.begin(), kTensorCoreFragments.end(),
                       [&](std::string_view fragment) { return kernelName.find(fragment) != std::string_view::npos; });
}

std::span<const std::string_view> tensorCoreNameFragments()
{
    return kTensorCoreFragments;
}

} // namespace tracelane
