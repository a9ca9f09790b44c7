#pragma once
// Whether a kernel runs on tensor cores, judged from its name as the
// TensorBoard PyTorch profiler plugin does (tb_plugin's tensor_core.py, after
// NVIDIA PyProf's tc.py): the name contains one of a fixed list of fragments
// that cuBLAS, cuDNN and CUTLASS put in the names of their tensor-core kernels
// ("h884", "s1688", "hmma", "xmma_gemm", ...). A name-based guess: kernels
// generated at run time (Triton, inductor) are not recognised.

#include <span>
#include <string_view>

namespace tracelane {

bool usesTensorCores(std::string_view kernelName);
// The fragments, for the documentation and tests.
std::span<const std::string_view> tensorCoreNameFragments();

} // namespace tracelane
