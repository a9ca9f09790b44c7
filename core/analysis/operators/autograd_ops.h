#pragma once
// The operators of a PyTorch run, whichever way it was recorded: Kineto /
// legacy autograd profiler cpu_op events (sequence number in the "Sequence
// number" argument), or emit_nvtx / pyprof NVTX ranges in an Nsight Systems or
// nvprof profile (sequence number in the text, see marker_text.h).
//
// Forward or backward: an op is in the backward pass when it, or an op
// enclosing it on its track, is a backward marker: the autograd engine's
// "autograd::engine::evaluate_function: ..." wrapper, a range with "stashed
// seq", or an op with a sequence number whose name says Backward or _backward
// ("AddmmBackward0", "aten::nll_loss_backward").
//
// Forward -> backward link: each backward Function (a backward-pass op with a
// sequence number, other than the engine wrapper) is linked to the forward op of
// the same process with the same sequence number that started last before it.
// Nested forward ops share a number (aten::linear and the aten::t inside it
// both carry seq 12); the one that started last created the backward Function,
// which is also the op Kineto's fwdbwd flow starts from.

#include "model/trace.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace tracelane {

enum class Pass : std::uint8_t { Forward, Backward };
std::string_view passName(Pass pass); // "forward", "backward"

struct AutogradOp
{
    EventRef ref;
    std::int32_t thread = kNoIndex;
    std::int32_t process = kNoIndex;
    TimeNs start = 0;
    TimeNs end = 0;
    std::string_view name; // the op name without emit_nvtx's ", seq = ..." fields; valid as long as the trace
    std::optional<std::int64_t> seq;
    Pass pass = Pass::Forward;
    bool backwardFunction = false; // a backward Function that carries its forward op's sequence number
    std::int64_t forward = -1;     // for backward Functions: index of the linked forward op, -1 if none
};

// Sorted by thread, then start, the enclosing op first.
std::vector<AutogradOp> collectAutogradOps(const Trace &trace);

} // namespace tracelane
