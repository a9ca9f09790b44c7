#pragma once
// Whether a kernel runs on tensor cores, judged from its name.
//
// The TensorBoard PyTorch profiler plugin (tb_plugin's tensor_core.py, after
// NVIDIA PyProf's tc.py) looks for a fixed list of fragments that cuBLAS,
// cuDNN and CUTLASS put in the names of their tensor-core kernels ("h884",
// "s1688", "hmma", "xmma_gemm", ...). That list predates Hopper and misreads
// the names of today's libraries both ways: cuBLAS's FP32 "sm80_xmma_gemm_…
// _ffma_…" kernels run on the FMA units, cuDNN's "sm90_xmma_fprop_implicit_
// gemm_…_tf32…" on tensor cores. usesTensorCores() reads the names as they are
// now (docs/ANALYSIS_KERNEL_EFFICIENCY.md); the findings' tensor_cores rule
// keeps the plugin's list, as its definition says.
//
// A guess from names all the same: kernels generated at run time (Triton,
// inductor) are not recognised.

#include <string_view>

namespace tracelane {

// Tracelane's reading: names that spell out FMA (SIMT) math ("ffma", "hfma2",
// "simt") do not; names with a tensor-core data type, instruction or family
// ("tf32", "tensorop", "gmma", "imma", an "xmma" kernel of f16/bf16/fp8/int8,
// "nvjet", "tensor16x8x8") and the plugin's fragments do.
bool usesTensorCores(std::string_view kernelName);

// The plugin's own test: one of its fragments occurs in the name.
bool pluginUsesTensorCores(std::string_view kernelName);

} // namespace tracelane
