#pragma once
// Floating-point operations per operator.
//
// Source, per op instance, in order of preference:
//   trace       a numeric "flops" argument on the op, where the file has one.
//               PyTorch's profiler (with_flops=True) keeps FLOPs in memory for
//               key_averages() but does not write them to the Chrome trace, so
//               Kineto files from PyTorch normally have none.
//   Input Dims  computed from the recorded input shapes (record_shapes=True)
//               with the formulas of PyTorch's computeFlops
//               (torch/csrc/profiler/util.cpp), for the ops it covers:
//                 aten::mm, aten::addmm      2 * prod(mat1) / mat1[-1] * prod(mat2)
//                 aten::bmm, aten::baddbmm   2 * prod(mat1) / (mat1[0] * mat1[-1]) * prod(mat2)
//                 aten::conv2d               2 * N * Hout * Wout * Kh * Kw * Cin * Cout / groups,
//                                            stride, padding, dilation, groups from "Concrete Inputs"
//                 aten::mul, aten::add       prod(first input's shape), when it is a tensor
//               (for addmm and baddbmm, mat1 and mat2 are the second and third inputs).
//
// Nesting: ops nest (aten::linear > aten::addmm; aten::conv2d > convolution >
// _convolution > cudnn_convolution). An op's FLOPs count only when no op nested
// inside it on its thread has FLOPs, so each operation is counted once, at the
// innermost op that has a figure; the enclosing ops count none.

#include "analysis/operators/autograd_ops.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tracelane {

enum class FlopsSource : std::uint8_t { None, TraceArg, InputDims };
std::string_view flopsSourceName(FlopsSource source); // "", "trace", "Input Dims"

// PyTorch's formula for `opName` on these inputs; empty for an op it does not
// cover or inputs it cannot use (PyTorch counts those as 0). `types` and
// `concrete` may be empty when the trace lacks them.
std::optional<std::uint64_t> pytorchFlops(std::string_view opName, const std::vector<std::vector<std::int64_t>> &dims,
                                          const std::vector<std::string> &types,
                                          const std::vector<std::string> &concrete);

struct OpFlops
{
    std::vector<AutogradOp> ops;       // collectAutogradOps' order
    std::vector<std::uint64_t> flops;  // the op's own figure (0 = none)
    std::vector<FlopsSource> source;   // where it came from
    std::vector<bool> counted;         // the figure counts (no nested op has one)
    bool any = false;                  // some op has a figure
};

OpFlops opFlops(const Trace &trace);

} // namespace tracelane
