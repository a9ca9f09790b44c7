#pragma once
// Decodes fuzz bytes into a trace built with TraceBuilder: a stream of small
// records (a CPU op, a range, a launch and its kernel, a flow, arguments...)
// whose times may be tiny and tied, or as large as int64 allows. Any byte string
// decodes to some trace, so every mutation reaches the analyses.
//
// Record: one opcode byte, then its fields. Times: one mode byte, then 1, 2, 4
// or 8 bytes, or one of a few extreme values (0, -1, +-2^53, +-2^63...).
// Names come from a list that the analyses recognise ("Iteration 3", "FWD pass",
// "cudaLaunchKernel", "ncclKernel_...", "autograd::engine::...").

#include "model/trace.h"

#include <cstddef>
#include <cstdint>
#include <memory>

namespace tracelane::fuzz {

std::shared_ptr<Trace> traceFromBytes(const std::uint8_t *data, std::size_t size);

} // namespace tracelane::fuzz
