#include "autograd_ops.h"

#include "analysis/ranges/marker_text.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace tracelane {
namespace {

struct Candidate
{
    AutogradOp op;
    bool backwardMarker = false;
};

void collectFromTrack(const Trace &trace, std::uint32_t t, std::optional<StringId> seqKey, std::vector<Candidate> &out)
{
    const Track &track = trace.tracks[t];
    for (std::uint32_t i = 0; i < track.events.size(); ++i) {
        const Event &e = track.events[i];
        Candidate c;
        c.op.ref = {t, i};
        c.op.thread = track.thread;
        c.op.process = track.process != kNoIndex ? track.process
                       : track.thread != kNoIndex ? trace.threads[track.thread].process
                                                  : kNoIndex;
        c.op.start = e.start;
        c.op.end = e.end();
        bool stashed = false;
        if (e.kind == EventKind::CpuOp) {
            c.op.name = trace.strings.view(e.name);
            if (seqKey)
                if (const auto seq = findArg(trace.argSchemas, track.argBlob, e.args, *seqKey))
                    c.op.seq = seq->asInt();
        } else if (e.kind == EventKind::Range && track.kind == TrackKind::ThreadRanges) {
            const MarkerInfo marker = classifyMarker(trace.strings.view(e.name));
            if (marker.kind != MarkerKind::AutogradOp)
                continue;
            c.op.name = marker.name;
            c.op.seq = marker.seq;
            stashed = marker.stashedSeq;
        } else {
            continue;
        }
        c.backwardMarker = isBackwardEngineWrapper(c.op.name) || stashed || (c.op.seq && looksBackward(c.op.name));
        c.op.backwardFunction = c.op.seq && !isBackwardEngineWrapper(c.op.name) && (stashed || looksBackward(c.op.name));
        out.push_back(c);
    }
}

// Marks ops inside a backward marker as backward, per track (events are sorted
// by start with enclosing events first, so a stack of open ops gives the nesting).
void assignPasses(std::vector<Candidate> &ops, std::size_t begin, std::size_t end)
{
    std::vector<std::size_t> open;
    std::size_t backwardOpen = 0; // how many open ops are backward markers
    for (std::size_t i = begin; i < end; ++i) {
        while (!open.empty() && ops[open.back()].op.end <= ops[i].op.start) {
            backwardOpen -= ops[open.back()].backwardMarker ? 1 : 0;
            open.pop_back();
        }
        ops[i].op.pass = backwardOpen > 0 || ops[i].backwardMarker ? Pass::Backward : Pass::Forward;
        open.push_back(i);
        backwardOpen += ops[i].backwardMarker ? 1 : 0;
    }
}

void linkBackwardToForward(std::vector<AutogradOp> &ops)
{
    // (process, seq) -> forward ops with that number, by start.
    std::map<std::pair<std::int32_t, std::int64_t>, std::vector<std::size_t>> forward;
    for (std::size_t i = 0; i < ops.size(); ++i)
        if (ops[i].pass == Pass::Forward && ops[i].seq)
            forward[{ops[i].process, *ops[i].seq}].push_back(i);
    for (auto &[key, list] : forward)
        std::sort(list.begin(), list.end(), [&](std::size_t a, std::size_t b) {
            return std::tie(ops[a].start, ops[a].ref) < std::tie(ops[b].start, ops[b].ref);
        });
    for (AutogradOp &op : ops) {
        if (!op.backwardFunction)
            continue;
        const auto it = forward.find({op.process, *op.seq});
        if (it == forward.end())
            continue;
        // The last forward op with this number that started before the backward Function.
        const auto after = std::upper_bound(it->second.begin(), it->second.end(), op.start,
                                            [&](TimeNs t, std::size_t f) { return t < ops[f].start; });
        if (after != it->second.begin())
            op.forward = static_cast<std::int64_t>(*(after - 1));
    }
}

} // namespace

std::string_view passName(Pass pass)
{
    return pass == Pass::Forward ? "forward" : "backward";
}

std::vector<AutogradOp> collectAutogradOps(const Trace &trace)
{
    const std::optional<StringId> seqKey = trace.strings.find("Sequence number");
    std::vector<Candidate> candidates;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const std::size_t begin = candidates.size();
        collectFromTrack(trace, t, seqKey, candidates);
        assignPasses(candidates, begin, candidates.size());
    }
    std::vector<AutogradOp> ops;
    ops.reserve(candidates.size());
    for (const Candidate &c : candidates)
        ops.push_back(c.op);
    std::stable_sort(ops.begin(), ops.end(), [](const AutogradOp &a, const AutogradOp &b) {
        return std::tie(a.thread, a.start, b.end) < std::tie(b.thread, b.start, a.end);
    });
    linkBackwardToForward(ops);
    return ops;
}

} // namespace tracelane
