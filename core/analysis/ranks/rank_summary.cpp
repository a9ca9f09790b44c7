#include "rank_summary.h"

#include "trace_label.h"

#include "analysis/efficiency/gpu_time.h"
#include "analysis/gpu/gpu_op_class.h"
#include "analysis/operators/iteration_table.h"
#include "analysis/ranges/range_kernels.h"
#include "analysis/summaries/duration_stats.h"
#include "rank_identity.h"

#include "model/time_math.h"

#include <algorithm>
#include <map>

namespace tracelane {
namespace {

using RankData = RankFacts;

// Iteration times, and the first communication op each iteration launched.
void addIterations(const Trace &trace, RankData &data)
{
    const IterationTable table = detectIterations(trace);
    const RangeKernelLookup lookup(trace);
    GpuOpClassifier classify(trace.strings);
    std::vector<TimeNs> times;
    times.reserve(table.iterations.size());
    for (const Iteration &it : table.iterations) {
        times.push_back(it.cpuTime());
        std::optional<TimeNs> first;
        const std::int32_t thread = trace.tracks[it.ref.track].thread;
        lookup.forEachLaunched(thread, it.start, it.end, LaunchScope::Process, [&](const LaunchedGpuOp &op) {
            const Event &e = trace.event(op.op);
            if (classify(e) == GpuOpClass::Communication &&
                (!first || e.start < *first))
                first = e.start;
        });
        if (first) {
            auto [slot, inserted] = data.firstCollective.try_emplace(it.number, *first);
            if (!inserted) // the same number twice: the earlier entry counts
                slot->second = std::min(slot->second, *first);
        }
    }
    const DurationStats stats = computeDurationStats(times);
    data.row.iterations = static_cast<std::size_t>(stats.count);
    data.row.iterationMedian = stats.median;
    data.row.iterationMax = stats.max;
}

void addGpuTime(const Trace &trace, RankRow &row)
{
    const GpuTimeBreakdown breakdown = gpuTimeBreakdown(trace);
    for (const GpuTimeRow &device : breakdown.devices) {
        row.gpuBusy = saturatingAdd(row.gpuBusy, device.busy);
        row.gpuIdle = saturatingAdd(row.gpuIdle, device.idle());
    }
    for (const CommunicationOverlap &o : breakdown.overlap) {
        row.communication = saturatingAdd(row.communication, o.communication);
        row.overlapped = saturatingAdd(row.overlapped, o.overlapped);
    }
}

} // namespace

RankFacts rankFacts(const RankInput &input)
{
    RankData data;
    const Trace &trace = *input.trace;
    const TraceLabel label = traceLabel(trace, input.file);
    data.row.rank = label.rank;
    data.row.file = label.file;
    data.epoch = epochOffset(trace);
    data.start = trace.startNs;
    addIterations(trace, data);
    addGpuTime(trace, data.row);
    return data;
}

namespace {

void markStraggler(std::vector<RankData> &ranks)
{
    RankRow *slowest = nullptr;
    std::size_t withIterations = 0;
    for (RankData &r : ranks) {
        if (r.row.iterations == 0)
            continue;
        ++withIterations;
        if (!slowest || r.row.iterationMedian > slowest->iterationMedian)
            slowest = &r.row;
    }
    if (slowest && withIterations >= 2) // one rank is no one's straggler
        slowest->straggler = true;
}

std::vector<CollectiveEntry> collectives(const std::vector<RankData> &ranks, bool epochTimeBase)
{
    struct Entry
    {
        TimeNs start;
        std::size_t row;
    };
    std::map<std::int64_t, std::vector<Entry>> byIteration;
    for (std::size_t row = 0; row < ranks.size(); ++row) {
        const RankData &r = ranks[row];
        const TimeNs shift = epochTimeBase ? *r.epoch : -r.start;
        for (const auto &[iteration, start] : r.firstCollective)
            byIteration[iteration].push_back({saturatingAdd(start, shift), row});
    }
    std::vector<CollectiveEntry> out;
    for (const auto &[iteration, entries] : byIteration) {
        if (entries.size() < 2)
            continue;
        // Ties go to the earlier row (the lower rank).
        const auto last = std::max_element(entries.begin(), entries.end(), [](const Entry &a, const Entry &b) {
            return std::tie(a.start, b.row) < std::tie(b.start, a.row);
        });
        const auto first = std::min_element(entries.begin(), entries.end(),
                                            [](const Entry &a, const Entry &b) { return a.start < b.start; });
        out.push_back({iteration, entries.size(), last->row, last->start, saturatingSub(last->start, first->start)});
    }
    return out;
}

} // namespace

std::string RankRow::label() const
{
    return TraceLabel{rank, file}.label();
}

RankSummary rankSummary(const std::vector<RankInput> &inputs)
{
    std::vector<RankFacts> facts;
    facts.reserve(inputs.size());
    for (const RankInput &input : inputs)
        if (input.trace)
            facts.push_back(rankFacts(input));
    return combineRanks(std::move(facts));
}

RankSummary combineRanks(std::vector<RankFacts> ranks)
{
    std::vector<TraceLabel> labels;
    for (const RankData &r : ranks)
        labels.push_back({r.row.rank, r.row.file});
    std::vector<RankData> ordered;
    for (const std::size_t i : rankOrder(labels))
        ordered.push_back(std::move(ranks[i]));
    ranks = std::move(ordered);
    markStraggler(ranks);

    RankSummary summary;
    summary.epochTimeBase =
        !ranks.empty() && std::all_of(ranks.begin(), ranks.end(), [](const RankData &r) { return r.epoch.has_value(); });
    summary.collectives = collectives(ranks, summary.epochTimeBase);
    for (RankData &r : ranks)
        summary.rows.push_back(std::move(r.row));
    return summary;
}

Table rankTable(const RankSummary &summary)
{
    Table table;
    table.columns = {"Rank",          "File",          "Iterations",         "Iteration Median (ns)",
                     "Iteration Max (ns)", "GPU Busy (ns)", "GPU Idle (ns)", "Communication (ns)",
                     "Overlap with Compute (%)", "Straggler"};
    for (const RankRow &r : summary.rows) {
        const bool timed = r.iterations > 0;
        table.rows.push_back({r.rank ? Cell::integer(*r.rank) : Cell::empty(),
                              Cell::text(r.file),
                              Cell::integer(static_cast<std::int64_t>(r.iterations)),
                              timed ? Cell::fixed(r.iterationMedian, 1) : Cell::empty(),
                              timed ? Cell::integer(r.iterationMax) : Cell::empty(),
                              Cell::integer(r.gpuBusy),
                              Cell::integer(r.gpuIdle),
                              Cell::integer(r.communication),
                              r.communication > 0 ? Cell::percentOf(r.overlapped, r.communication) : Cell::empty(),
                              r.straggler ? Cell::text("yes") : Cell::empty()});
    }
    return table;
}

Table collectiveTable(const RankSummary &summary)
{
    Table table;
    table.columns = {"Iteration", "Ranks", "Last Rank", "Last File", "Last Start (ns)", "Lag (ns)"};
    for (const CollectiveEntry &c : summary.collectives) {
        const RankRow &last = summary.rows[c.lastRow];
        table.rows.push_back({Cell::integer(c.iteration), Cell::integer(static_cast<std::int64_t>(c.ranks)),
                              last.rank ? Cell::integer(*last.rank) : Cell::empty(), Cell::text(last.file),
                              Cell::integer(c.lastStart), Cell::integer(c.lag)});
    }
    return table;
}

} // namespace tracelane
