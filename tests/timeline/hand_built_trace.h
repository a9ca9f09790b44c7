#pragma once
// A small trace built in code (not imported), with known names and times:
//
//   process "python" (100) / thread "main" (101)
//     ranges   "Iteration 1"    500 .. 9500
//     cpu ops  "forward"       1000 .. 9000  > "aten::conv2d" 2000 .. 5000
//     CUDA API "cudaLaunchKernel" 2500 .. 2600 (corr 7), 7000 .. 7050 (corr 8)
//   GPU 0 "NVIDIA H100 80GB HBM3" / stream 7
//     "sgemm_kernel" 6000 .. 8000 (corr 7; grid, block, registers)
//     "relu_kernel"  8500 .. 8800 (corr 8)

#include "model/trace_builder.h"

#include <memory>

namespace tracelane::test {

struct HandBuiltTrace
{
    std::shared_ptr<const Trace> trace;
    EventRef sgemm, relu, firstLaunch, conv;
};

HandBuiltTrace handBuiltTrace();

// One track of `count` events of `duration` ns every `period` ns.
std::shared_ptr<const Trace> denseTrace(int count, TimeNs period, TimeNs duration);

} // namespace tracelane::test
