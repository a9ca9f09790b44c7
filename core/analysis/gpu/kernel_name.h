#pragma once
// Short display names for GPU kernels. Demangled kernel names carry a return
// type, namespaces, template arguments and a parameter list, often hundreds of
// characters; charts and narrow columns show only the function's own name:
//   "void at::native::vectorized_elementwise_kernel<4, ...>(int, T2, T3)"
//     -> "vectorized_elementwise_kernel"
// A generic wrapper ("cutlass::Kernel2<cutlass_80_simt_sgemm_64x64_8x5_tn_align1>(...)")
// is named by its first template argument instead. Names that are not C++
// signatures ("Memcpy HtoD (Pinned -> Device)", "sm80_xmma_gemm_...", Triton's
// "triton_poi_fused_add_0") are kept as they are.

#include <string>
#include <string_view>

namespace tracelane {

std::string shortKernelName(std::string_view name);

// What tells instances of one templated kernel apart, for labels when several
// share a short name: the first template argument that names a type or functor
// of its own, e.g. "CUDAFunctor_add" for
// "void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<float>, ...>(...)".
// Empty when there is none (numbers, builtin types, lambdas).
std::string kernelVariant(std::string_view name);

// Operator names as PyTorch writes them, without the autograd engine's prefix:
//   "autograd::engine::evaluate_function: AddmmBackward0" -> "AddmmBackward0"
std::string shortOpName(std::string_view name);

} // namespace tracelane
