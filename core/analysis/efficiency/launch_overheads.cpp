#include "launch_overheads.h"
#include "model/time_math.h"

#include "analysis/operators/ops_at_depth.h"
#include "analysis/summaries/api_summary.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>
#include <unordered_map>

namespace tracelane {
namespace {

struct LaunchCall
{
    TimeNs start = 0;
    TimeNs end = 0;
};

// Every API call with GPU work, per thread, by start; and their durations per API.
std::vector<std::vector<LaunchCall>> launchCallsByThread(const Trace &trace, std::vector<ApiOverheads> &t4)
{
    std::vector<std::vector<LaunchCall>> byThread(trace.threads.size());
    std::unordered_map<StringId, std::size_t> apiOf; // name -> index into t4
    EventRef previous;
    for (const Flow &flow : trace.flows) { // sorted by source: one call's flows are adjacent
        if (flow.kind != FlowKind::Launch || flow.from == previous || !isGpuWork(trace.event(flow.to).kind))
            continue;
        previous = flow.from;
        const std::int32_t thread = trace.tracks[flow.from.track].thread;
        const Event &call = trace.event(flow.from);
        if (thread == kNoIndex || call.kind != EventKind::ApiCall)
            continue;
        byThread[thread].push_back({call.start, call.end()});
        auto [it, inserted] = apiOf.try_emplace(call.name, 0);
        if (inserted) {
            const std::string api = apiDisplayName(std::string(trace.strings.view(call.name)));
            const auto same = std::find_if(t4.begin(), t4.end(), [&](const ApiOverheads &a) { return a.api == api; });
            it->second = static_cast<std::size_t>(same - t4.begin());
            if (same == t4.end())
                t4.push_back({api, {}});
        }
        t4[it->second].t4.add(call.duration);
    }
    for (auto &calls : byThread)
        std::sort(calls.begin(), calls.end(), [](const LaunchCall &a, const LaunchCall &b) { return a.start < b.start; });
    return byThread;
}

bool hasCpuOps(const Trace &trace)
{
    for (const Track &track : trace.tracks)
        if (track.kind == TrackKind::CpuThread)
            for (const Event &e : track.events)
                if (e.kind == EventKind::CpuOp)
                    return true;
    return false;
}

} // namespace

void OverheadStats::add(TimeNs value)
{
    ++m_count;
    m_total = saturatingAdd(m_total, value);
    const long double delta = value - m_mean;
    m_mean += delta / m_count;
    m_squares += delta * (value - m_mean);
}

double OverheadStats::stddev() const
{
    return m_count > 1 ? static_cast<double>(std::sqrt(m_squares / (m_count - 1))) : 0.0;
}

LaunchOverheads launchOverheads(const Trace &trace, OverheadOptions options)
{
    LaunchOverheads result;
    if (!options.ranges && !hasCpuOps(trace))
        options.ranges = true;
    result.options = options;
    const auto callsByThread = launchCallsByThread(trace, result.t4);
    const auto opsByTrack = options.ranges ? opsAtDepth(trace, TrackKind::ThreadRanges, EventKind::Range, options.depth)
                                           : opsAtDepth(trace, TrackKind::CpuThread, EventKind::CpuOp, options.depth);

    std::unordered_map<StringId, OpOverheads> byName;
    for (const std::vector<DepthOp> &ops : opsByTrack) {
        const std::vector<LaunchCall> &calls = callsByThread[trace.tracks[ops.front().ref.track].thread];
        for (std::size_t k = 0; k < ops.size(); ++k) {
            const Event &op = trace.event(ops[k].ref);
            OpOverheads &o = byName[op.name];
            o.duration.add(op.duration);
            if (k > 0 && ops[k - 1].parent == ops[k].parent) {
                const TimeNs gap = std::max<TimeNs>(0, op.start - trace.event(ops[k - 1].ref).end());
                (gap > options.dataLoadingGap ? result.dataLoading : result.t1).add(gap);
                if (gap <= options.dataLoadingGap)
                    o.t1.add(gap);
            }
            auto call = std::lower_bound(calls.begin(), calls.end(), op.start,
                                         [](const LaunchCall &c, TimeNs t) { return c.start < t; });
            // Calls are in start order; `coveredTo` is the latest end so far, so
            // overlapping calls leave no negative gap.
            const LaunchCall *first = nullptr;
            TimeNs coveredTo = 0, between = 0;
            for (; call != calls.end() && call->start <= op.end(); ++call) {
                if (call->end > op.end())
                    continue;
                if (!first) {
                    first = &*call;
                    coveredTo = call->end;
                }
                between += std::max<TimeNs>(0, call->start - coveredTo);
                coveredTo = std::max(coveredTo, call->end);
                ++o.launches;
            }
            if (first) {
                o.t2.add(first->start - op.start);
                o.t3.add(op.end() - coveredTo);
                o.t5.add(between);
            } else {
                o.t5.add(op.duration);
            }
        }
    }

    for (auto &[name, o] : byName) {
        o.name = trace.strings.view(name);
        result.ops.push_back(std::move(o));
    }
    std::sort(result.ops.begin(), result.ops.end(), [](const OpOverheads &a, const OpOverheads &b) {
        return std::tuple(b.t5.total(), a.name) < std::tuple(a.t5.total(), b.name);
    });
    std::sort(result.t4.begin(), result.t4.end(), [](const ApiOverheads &a, const ApiOverheads &b) {
        return std::tuple(b.t4.total(), a.api) < std::tuple(a.t4.total(), b.api);
    });
    return result;
}

namespace {

Cell meanCell(const OverheadStats &s) { return s.count() ? Cell::fixed(s.mean()) : Cell::empty(); }

std::string dataLoadingLabel(const OverheadOptions &options)
{
    return "T1 data loading (> " + std::to_string(options.dataLoadingGap / 1000) + " µs)";
}

} // namespace

Table overheadsTable(const LaunchOverheads &overheads)
{
    Table table;
    table.columns = {"Op",       "Calls",     "T2 Mean (ns)", "T3 Mean (ns)", "T5 Mean (ns)",
                     "T5 Total (ns)", "Launches", "Mean (ns)", "Std (ns)", "Total (ns)"};
    for (const OpOverheads &o : overheads.ops)
        table.rows.push_back({Cell::text(o.name), Cell::integer(o.duration.count()), meanCell(o.t2), meanCell(o.t3),
                              meanCell(o.t5), Cell::integer(o.t5.total()), Cell::integer(o.launches),
                              Cell::fixed(o.duration.mean()), Cell::fixed(o.duration.stddev()),
                              Cell::integer(o.duration.total())});
    auto add = [&](std::string label, const OverheadStats &s) {
        table.rows.push_back({Cell::text(std::move(label)), Cell::integer(s.count()), Cell::empty(), Cell::empty(),
                              Cell::empty(), Cell::empty(), Cell::empty(), Cell::fixed(s.mean()),
                              Cell::fixed(s.stddev()), Cell::integer(s.total())});
    };
    add("T1 between ops", overheads.t1);
    add(dataLoadingLabel(overheads.options), overheads.dataLoading);
    for (const ApiOverheads &a : overheads.t4)
        add("T4 " + a.api, a.t4);
    return table;
}

Table overheadsLongTable(const LaunchOverheads &overheads)
{
    Table table;
    table.columns = {"Op", "Overhead", "Count", "Mean (ns)", "Std (ns)", "Total (ns)"};
    auto add = [&](const std::string &op, const char *overhead, const OverheadStats &s) {
        table.rows.push_back({Cell::text(op), Cell::text(overhead), Cell::integer(s.count()), Cell::fixed(s.mean()),
                              Cell::fixed(s.stddev()), Cell::integer(s.total())});
    };
    for (const OpOverheads &o : overheads.ops) {
        add(o.name, "Duration", o.duration);
        add(o.name, "T1", o.t1);
        add(o.name, "T2", o.t2);
        add(o.name, "T3", o.t3);
        add(o.name, "T5", o.t5);
    }
    add("", "T1", overheads.t1);
    add("", "T1 data loading", overheads.dataLoading);
    for (const ApiOverheads &a : overheads.t4)
        add(a.api, "T4", a.t4);
    return table;
}

} // namespace tracelane
