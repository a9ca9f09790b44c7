#include "op_kernel_breakdown.h"
#include "model/time_math.h"

#include "analysis/ranges/range_kernels.h"
#include "ops_at_depth.h"
#include "wrapper_ops.h"

#include <algorithm>
#include <map>
#include <regex>
#include <tuple>
#include <unordered_map>

namespace tracelane {
namespace {

struct OpAccumulator
{
    std::int64_t instances = 0;
    TimeNs cpuTime = 0;
    std::vector<EventRef> refs;
    std::vector<EventRef> work;
    std::map<std::tuple<std::int32_t, StringId, EventKind>, KernelShare> kernels; // by (stream, name, kind)
};

// Ranges matching `pattern`, outermost only.
std::vector<EventRef> matchingRanges(const Trace &trace, const std::string &pattern)
{
    const std::regex re(pattern, std::regex::ECMAScript);
    std::unordered_map<StringId, bool> matches;
    std::vector<EventRef> found;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &track = trace.tracks[t];
        if (track.thread == kNoIndex || track.kind != TrackKind::ThreadRanges)
            continue;
        TimeNs acceptedEnd = 0;
        bool any = false;
        for (std::uint32_t i = 0; i < track.events.size(); ++i) {
            const Event &e = track.events[i];
            if (e.kind != EventKind::Range)
                continue;
            auto [it, inserted] = matches.try_emplace(e.name, false);
            if (inserted)
                it->second = std::regex_match(std::string(trace.strings.view(e.name)), re);
            if (!it->second || (any && e.end() <= acceptedEnd))
                continue; // tracks are sorted by start, so a later start inside acceptedEnd is enclosed
            found.push_back({t, i});
            acceptedEnd = e.end();
            any = true;
        }
    }
    return found;
}

// CPU ops or ranges at one depth, counting ops (or ranges) only: see ops_at_depth.h.
// Wrappers looked through go to `lookedThrough`, by name.
std::vector<EventRef> eventsAtDepth(const Trace &trace, TrackKind trackKind, EventKind kind,
                                    const BreakdownOptions &options, std::vector<WrapperCount> &lookedThrough)
{
    std::vector<bool> wrappers;
    std::vector<std::int64_t> counts;
    if (options.throughWrappers)
        wrappers = wrapperNames(trace.strings);
    std::vector<EventRef> found;
    for (const std::vector<DepthOp> &thread : opsAtDepth(trace, trackKind, kind, options.depth,
                                                         options.throughWrappers ? &wrappers : nullptr, &counts))
        for (const DepthOp &op : thread)
            found.push_back(op.ref);
    std::map<std::string_view, std::int64_t> byFamily;
    for (StringId id = 0; id < counts.size(); ++id)
        if (counts[id] > 0)
            byFamily[wrapperFamily(trace.strings.view(id))] += counts[id];
    for (const auto &[family, instances] : byFamily)
        lookedThrough.push_back({std::string(family), instances});
    return found;
}

std::vector<EventRef> breakdownOps(const Trace &trace, const BreakdownOptions &options,
                                   std::vector<WrapperCount> &lookedThrough)
{
    if (!options.rangePattern.empty())
        return matchingRanges(trace, options.rangePattern);
    if (options.ranges)
        return eventsAtDepth(trace, TrackKind::ThreadRanges, EventKind::Range, options, lookedThrough);
    return eventsAtDepth(trace, TrackKind::CpuThread, EventKind::CpuOp, options, lookedThrough);
}

} // namespace

OpKernelBreakdown opKernelBreakdown(const Trace &trace, const BreakdownOptions &options)
{
    std::vector<WrapperCount> lookedThrough;
    const std::vector<EventRef> ops = breakdownOps(trace, options, lookedThrough);
    const RangeKernelLookup lookup(trace);

    // Which instance each GPU operation counts for: the one on the launching
    // call's thread when there is one, else the first to claim it.
    struct Claim
    {
        std::uint32_t instance;
        bool ownThread;
    };
    std::unordered_map<std::uint64_t, Claim> claims;
    const auto key = [](EventRef ref) { return (std::uint64_t(ref.track) << 32) | ref.index; };
    for (std::uint32_t i = 0; i < ops.size(); ++i) {
        const Event &e = trace.event(ops[i]);
        const std::int32_t thread = trace.tracks[ops[i].track].thread;
        lookup.forEachLaunched(thread, e.start, e.end(), options.scope, [&](const LaunchedGpuOp &launched) {
            const bool own = trace.tracks[launched.call.track].thread == thread;
            auto [it, inserted] = claims.try_emplace(key(launched.op), Claim{i, own});
            if (!inserted && own && !it->second.ownThread)
                it->second = Claim{i, own};
        });
    }
    std::vector<std::vector<EventRef>> workOf(ops.size());
    for (const auto &[opKey, claim] : claims)
        workOf[claim.instance].push_back(EventRef{std::uint32_t(opKey >> 32), std::uint32_t(opKey)});

    std::unordered_map<StringId, OpAccumulator> byName;
    for (std::size_t i = 0; i < ops.size(); ++i) {
        const Event &e = trace.event(ops[i]);
        OpAccumulator &acc = byName[e.name];
        ++acc.instances;
        acc.refs.push_back(ops[i]);
        acc.cpuTime = saturatingAdd(acc.cpuTime, e.duration);
        for (const EventRef work : workOf[i]) {
            const Event &op = trace.event(work);
            const std::int32_t stream = trace.tracks[work.track].stream;
            KernelShare &share = acc.kernels[{stream, op.name, op.kind}];
            share.kernel = op.name;
            share.stream = stream;
            share.kind = op.kind;
            ++share.count;
            share.time = saturatingAdd(share.time, op.duration);
            acc.work.push_back(work);
        }
    }

    OpKernelBreakdown result;
    result.options = options;
    result.lookedThrough = std::move(lookedThrough);
    for (auto &[name, acc] : byName) {
        OpBreakdown op;
        op.name = trace.strings.view(name);
        op.instances = acc.instances;
        op.cpuTime = acc.cpuTime;
        op.refs = std::move(acc.refs);
        op.work = std::move(acc.work);
        std::sort(op.work.begin(), op.work.end(), [&](EventRef a, EventRef b) {
            return std::pair(trace.event(a).start, a) < std::pair(trace.event(b).start, b);
        });
        for (auto &[shareKey, share] : acc.kernels) {
            op.deviceTime = saturatingAdd(op.deviceTime, share.time);
            op.kernels.push_back(share);
        }
        std::sort(op.kernels.begin(), op.kernels.end(), [&](const KernelShare &a, const KernelShare &b) {
            return std::tuple(b.time, trace.strings.view(a.kernel), a.stream)
                   < std::tuple(a.time, trace.strings.view(b.kernel), b.stream);
        });
        result.deviceTime = saturatingAdd(result.deviceTime, op.deviceTime);
        result.ops.push_back(std::move(op));
    }
    std::sort(result.ops.begin(), result.ops.end(), [](const OpBreakdown &a, const OpBreakdown &b) {
        return std::tie(b.deviceTime, a.name) < std::tie(a.deviceTime, b.name);
    });
    return result;
}

std::vector<EventRef> launchedGpuWork(const Trace &trace, const OpBreakdown &op)
{
    for (const EventRef ref : op.work) {
        if (ref.track >= trace.tracks.size() || ref.index >= trace.tracks[ref.track].events.size()
            || !isGpuWork(trace.event(ref).kind))
            return {}; // a breakdown of another trace: nothing of this one
    }
    return op.work;
}

OpKernelBreakdown topOps(OpKernelBreakdown breakdown, int top)
{
    if (top > 0 && breakdown.ops.size() > static_cast<std::size_t>(top))
        breakdown.ops.resize(static_cast<std::size_t>(top));
    return breakdown;
}

Table asTable(const Trace &trace, const OpKernelBreakdown &breakdown)
{
    Table table;
    table.columns = {"Op",   "Op Instances", "Op Device Time (ns)", "Stream", "Kind",
                     "Kernel", "Instances",  "Time (ns)",           "Share (%)"};
    for (const OpBreakdown &op : breakdown.ops) {
        for (const KernelShare &k : op.kernels) {
            const Cell stream = k.stream == kNoIndex ? Cell::empty() : Cell::integer(trace.streams[k.stream].streamId);
            table.rows.push_back({Cell::text(op.name), Cell::integer(op.instances), Cell::integer(op.deviceTime),
                                  stream, Cell::text(std::string(eventKindName(k.kind))),
                                  Cell::text(std::string(trace.strings.view(k.kernel))), Cell::integer(k.count),
                                  Cell::integer(k.time),
                                  Cell::fixed(op.deviceTime ? 100.0 * double(k.time) / double(op.deviceTime) : 0.0)});
        }
    }
    return table;
}

} // namespace tracelane
