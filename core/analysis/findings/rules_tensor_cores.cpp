// The plugin's mixed-precision recommendation (tensor_cores): operators that
// could run on tensor cores launched kernels, and no kernel used them.
//
// A kernel uses tensor cores when its name holds one of the plugin's patterns
// (after NVIDIA PyProf); an operator is eligible when autocast lists it. The
// operator of a launch is the innermost CPU op around the launching call on
// its thread; an eligible operator counts only when no eligible operator runs
// inside it (the plugin's "bottom" operators).
#include "finding_context.h"
#include "name_match.h"

#include "analysis/efficiency/tensor_core_kernels.h"

#include <algorithm>
#include <tuple>
#include <iterator>

namespace tracelane::findings {
namespace {

bool isTensorCoreEligibleOp(std::string_view op)
{
    static constexpr std::string_view kOps[] = {
        "aten::_convolution", "aten::conv1d", "aten::conv2d", "aten::conv3d", "aten::conv_tbc",
        "aten::conv_transpose1d", "aten::conv_transpose2d", "aten::conv_transpose3d", "aten::convolution",
        "aten::cudnn_convolution", "aten::cudnn_convolution_transpose", "aten::prelu", "aten::addmm", "aten::addmv",
        "aten::addr", "aten::matmul", "aten::mm", "aten::mv", "aten::linear", "aten::addbmm", "aten::baddbmm",
        "aten::bmm", "aten::chain_matmul", "aten::linalg_multi_dot", "aten::_thnn_fused_lstm_cell",
        "aten::_thnn_fused_gru_cell", "aten::lstm_cell", "aten::gru_cell", "aten::rnn_tanh_cell",
        "aten::rnn_relu_cell",
        // Backward operators seen launching kernels when the above ran backwards.
        "CudnnConvolutionBackward", "BmmBackward0", "aten::cudnn_convolution_transpose_backward",
        "CudnnConvolutionTransposeBackward", "MmBackward", "aten::cudnn_convolution_backward_weight", "aten::addmm_",
        "AddmvBackward", "MvBackward", "aten::cudnn_convolution_transpose_backward_weight",
        "aten::cudnn_convolution_transpose_backward_input", "AddmmBackward", "aten::cudnn_convolution_backward_input",
        "AddbmmBackward", "aten::cudnn_convolution_backward",
    };
    return std::find(std::begin(kOps), std::end(kOps), op) != std::end(kOps);
}

struct CpuOpSpan
{
    TimeNs start = 0;
    TimeNs end = 0;
    EventRef ref;
    bool eligible = false;      // autocast lists it
    bool eligibleInside = false; // an eligible operator runs inside it
};

// For every API call of one thread, the bottom eligible operator around it
// (invalid when its innermost operator is not one). `ops` sorted by start,
// enclosing first; `calls` sorted by start.
void matchCalls(std::vector<CpuOpSpan> &ops, const std::vector<EventRef> &calls, const Trace &trace,
                std::vector<std::vector<EventRef>> &ownerOfCall)
{
    // Which operators have an eligible one inside: close each when the next
    // one no longer fits inside it.
    std::vector<std::size_t> stack;
    const auto close = [&] {
        const CpuOpSpan &done = ops[stack.back()];
        stack.pop_back();
        if (!stack.empty() && (done.eligible || done.eligibleInside))
            ops[stack.back()].eligibleInside = true;
    };
    for (std::size_t j = 0; j < ops.size(); ++j) {
        while (!stack.empty() && ops[stack.back()].end < ops[j].end)
            close();
        stack.push_back(j);
    }
    while (!stack.empty())
        close();

    // The innermost operator around each call.
    std::size_t next = 0;
    for (const EventRef callRef : calls) {
        const Event &call = trace.event(callRef);
        for (; next < ops.size() && ops[next].start <= call.start; ++next) {
            while (!stack.empty() && ops[stack.back()].end < ops[next].end)
                stack.pop_back();
            stack.push_back(next);
        }
        for (auto it = stack.rbegin(); it != stack.rend(); ++it) {
            const CpuOpSpan &op = ops[*it];
            if (op.end >= call.end()) {
                if (op.eligible && !op.eligibleInside)
                    ownerOfCall[callRef.track][callRef.index] = op.ref;
                break;
            }
        }
    }
}

} // namespace

void tensorCoresRule(Context &context, std::vector<RuleResult> &out)
{
    const Trace &trace = context.trace;
    NameMatch tensorCoreKernel(trace.strings, pluginUsesTensorCores); // the plugin's own list, as the rule is its
    if (context.firedOnly()) {
        // Where a kernel used tensor cores the rule cannot fire: skip matching operators.
        std::vector<bool> used(context.scopes().size(), false);
        for (const StreamOps &stream : context.streams()) {
            const Track &track = trace.tracks[stream.track];
            for (const std::uint32_t i : stream.ops)
                if (track.events[i].kind == EventKind::Kernel && context.inWindow(track.events[i].start)
                    && tensorCoreKernel(track.events[i].name)) {
                    used[context.scopeOfTrack(stream.track)] = true;
                    break;
                }
        }
        if (std::all_of(used.begin(), used.end(), [](bool u) { return u; }))
            return;
    }
    // The CPU-op and API-call tracks of each thread.
    std::vector<std::vector<std::uint32_t>> cpuTracks(trace.threads.size()), apiTracks(trace.threads.size());
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &track = trace.tracks[t];
        if (track.thread == kNoIndex)
            continue;
        if (track.kind == TrackKind::CpuThread)
            cpuTracks[track.thread].push_back(t);
        else if (track.kind == TrackKind::ThreadApi)
            apiTracks[track.thread].push_back(t);
    }
    std::vector<std::vector<EventRef>> ownerOfCall(trace.tracks.size());
    NameMatch eligible(trace.strings, isTensorCoreEligibleOp);
    for (std::size_t thread = 0; thread < trace.threads.size(); ++thread) {
        if (cpuTracks[thread].empty() || apiTracks[thread].empty())
            continue;
        std::vector<CpuOpSpan> ops;
        for (const std::uint32_t t : cpuTracks[thread]) {
            const auto &events = trace.tracks[t].events;
            for (std::uint32_t i = 0; i < events.size(); ++i)
                if (events[i].kind == EventKind::CpuOp)
                    ops.push_back({events[i].start, events[i].end(), {t, i}, eligible(events[i].name), false});
        }
        if (cpuTracks[thread].size() > 1)
            std::stable_sort(ops.begin(), ops.end(), [](const CpuOpSpan &a, const CpuOpSpan &b) {
                return a.start != b.start ? a.start < b.start : a.end > b.end;
            });
        std::vector<EventRef> calls;
        for (const std::uint32_t t : apiTracks[thread]) {
            const auto &events = trace.tracks[t].events;
            ownerOfCall[t].assign(events.size(), EventRef{});
            for (std::uint32_t i = 0; i < events.size(); ++i)
                if (events[i].kind == EventKind::ApiCall)
                    calls.push_back({t, i});
        }
        if (apiTracks[thread].size() > 1)
            std::stable_sort(calls.begin(), calls.end(),
                             [&](EventRef a, EventRef b) { return trace.event(a).start < trace.event(b).start; });
        matchCalls(ops, calls, trace, ownerOfCall);
    }

    // Per scope: whether any kernel used tensor cores, and the kernel time of eligible operators.
    struct ScopeTotals
    {
        bool tensorCoresUsed = false;
        TimeNs kernelTime = 0;
        std::vector<FindingEvent> events;
    };
    std::vector<ScopeTotals> totals(context.scopes().size());
    for (const StreamOps &stream : context.streams()) {
        ScopeTotals &scope = totals[context.scopeOfTrack(stream.track)];
        const Track &track = trace.tracks[stream.track];
        for (std::size_t k = 0; k < stream.ops.size(); ++k) {
            const Event &e = track.events[stream.ops[k]];
            if (e.kind != EventKind::Kernel || !context.inWindow(e.start))
                continue;
            if (tensorCoreKernel(e.name))
                scope.tensorCoresUsed = true;
            const EventRef call = stream.launchCall[k];
            if (!call.isValid())
                continue;
            scope.kernelTime += e.duration;
            const auto &owners = ownerOfCall[call.track];
            if (call.index < owners.size() && owners[call.index].isValid()) {
                FindingEvent f;
                f.event = {stream.track, stream.ops[k]};
                f.call = call;
                f.owner = owners[call.index];
                f.start = e.start;
                f.duration = e.duration;
                f.cost = e.duration;
                scope.events.push_back(f);
            }
        }
    }
    for (std::size_t s = 0; s < totals.size(); ++s) {
        ScopeTotals &scope = totals[s];
        Finding f;
        f.rule = "tensor_cores";
        f.count = static_cast<std::int64_t>(scope.events.size());
        for (const FindingEvent &e : scope.events)
            f.time += e.cost;
        f.shareOfStep = context.shareOfWindow(f.time);
        const double eligibleShare =
            scope.kernelTime > 0 ? 100.0 * static_cast<double>(f.time) / static_cast<double>(scope.kernelTime) : 0.0;
        sortByDurationDescending(scope.events);
        f.events = std::move(scope.events);
        const std::string &label = context.scopes()[s].label;
        f.message = (label.empty() ? std::string() : label + ": ") + percentText(eligibleShare)
                    + " % of the kernel time was launched by operators that could use tensor cores, and no kernel "
                      "used them";
        f.fix = "Enable automatic mixed precision (torch.autocast with float16 or bfloat16, and a gradient scaler "
                "for float16) so matrix multiplications and convolutions run on tensor cores";
        const bool fires = !scope.tensorCoresUsed && eligibleShare > context.options.tensorCoresEligibleShare
                           && f.count > 0;
        out.push_back(context.result(std::move(f), fires));
    }
}

} // namespace tracelane::findings
