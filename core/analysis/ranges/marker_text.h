#pragma once
// What the text of an NVTX / nvprof marker or a profiler range says. PyTorch and
// its pyprof tooling encode structure in range texts; these are the shapes
// Tracelane recognises (input -> result):
//
//   "layer:conv1"                                   -> Layer, name "conv1"
//   "{'traceMarker': ['model.py:42 forward', ...]}" -> CallTrace (pyprof's Python call stack)
//   "{'mod': 'Linear', 'strRepr': 'in_features=..'}"-> ModuleRepr, name "Linear"
//   "{'mod': 'torch', 'op': 'linear', 'args': [..]}"-> PyprofArgs, name "linear"
//   "aten::addmm, seq = 13, op_id = 11, sizes = [[512], [64, 256]]"
//                                                   -> AutogradOp, name "aten::addmm", seq 13, op id 11
//   "AddmmBackward, stashed seq = 13"               -> AutogradOp, seq 13, stashed (PyTorch 1.x backward)
//   "autograd::engine::evaluate_function: TBackward0, op_id = 86"
//                                                   -> AutogradOp, no seq (the backward engine's wrapper)
//   "Iteration 3"                                   -> Other
//
// AutogradOp texts are what torch.autograd.profiler.emit_nvtx writes: the op
// name, then ", key = value" fields; "seq = N" is the autograd sequence number
// that links a forward op to the backward Function it creates.

#include <cstdint>
#include <optional>
#include <string_view>

namespace tracelane {

enum class MarkerKind : std::uint8_t { Layer, CallTrace, ModuleRepr, PyprofArgs, AutogradOp, Other };
std::string_view markerKindName(MarkerKind kind); // "layer", "call-trace", ...

struct MarkerInfo
{
    MarkerKind kind = MarkerKind::Other;
    std::string_view name;           // a view into the text; the whole text for Other and CallTrace
    std::optional<std::int64_t> seq; // "seq = N" or "stashed seq = N"
    bool stashedSeq = false;
    std::optional<std::int64_t> opId;
};

MarkerInfo classifyMarker(std::string_view text);

// The autograd engine's wrapper around each backward Function
// ("autograd::engine::evaluate_function: ...").
bool isBackwardEngineWrapper(std::string_view name);
// A backward Function by its name: "AddmmBackward0", "ReluBackward", "aten::nll_loss_backward"...
bool looksBackward(std::string_view name);

} // namespace tracelane
