#include "run_analyses.h"

#include "analysis/critical/critical_path_scope.h"
#include "analysis/critical/critical_path_tables.h"
#include "analysis/critical/what_if.h"
#include "analysis/efficiency/gpu_time.h"
#include "analysis/memory/memory_summary.h"
#include "analysis/memory/op_memory.h"
#include "analysis/efficiency/idle_causes.h"
#include "analysis/efficiency/launch_overheads.h"
#include "analysis/efficiency/launch_stats.h"
#include "analysis/efficiency/queue_depth.h"
#include "analysis/gpu/gpu_launches.h"
#include "analysis/hta/hta_reports.h"
#include "analysis/operators/autograd_ops.h"
#include "analysis/operators/iteration_table.h"
#include "analysis/operators/op_kernel_breakdown.h"
#include "analysis/operators/op_summary.h"
#include "analysis/ranges/range_kernel_summary.h"
#include "analysis/ranges/range_kernels_table.h"
#include "analysis/ranges/range_projection_summary.h"
#include "analysis/ranges/range_summary.h"
#include "analysis/summaries/api_summary.h"
#include "analysis/summaries/gpu_mem_time_summary.h"
#include "analysis/distributed/collective_facts_json.h"
#include "analysis/distributed/collective_tables.h"
#include "analysis/distributed/rank_pace.h"
#include "analysis/pivot/pivot_table.h"
#include "analysis/structure/structure_table.h"
#include "analysis/summaries/kernel_summary.h"
#include "analysis/summaries/longest_instance.h"
#include "analysis/window/window_summary.h"
#include "export/chrome_trace_writer.h"
#include "model/time_math.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <limits>
#include <cstdlib>
#include <sstream>
#include <stdexcept>

namespace tracelane::fuzz {
namespace {

// Every table in every format: number formatting and escaping see the values too.
void write(const Table &table)
{
    for (const TableFormat format : {TableFormat::Text, TableFormat::Csv, TableFormat::Json}) {
        std::ostringstream out;
        writeTable(out, table, format);
    }
}

void summaries(const Trace &trace)
{
    const NameSummary kernels = kernelSummary(trace);
    write(kernelSummaryTable(kernels));
    const NameSummary api = apiSummary(trace);
    write(apiSummaryTable(api));
    write(gpuMemTimeSummaryTable(gpuMemTimeSummary(trace)));
    write(opSummaryTable(opSummary(trace)));
    write(rangeSummaryTable(trace));
    write(rangeKernelSummaryTable(trace));
    // The viewer's "show longest instance" for the first rows of each report.
    for (const NameSummary *summary : {&kernels, &api}) {
        const SummaryKind kind = summary == &kernels ? SummaryKind::Kernel : SummaryKind::ApiCall;
        for (std::size_t i = 0; i < summary->rows.size() && i < 4; ++i) {
            (void)longestInstance(trace, kind, summary->rows[i].name);
            (void)summaryInstances(trace, kind, summary->rows[i].name);
        }
    }
}

void ranges(const Trace &trace)
{
    const RangeProjection projection = projectRanges(trace);
    write(rangeProjectionTraceTable(trace, projection));
    write(rangeProjectionSummaryTable(trace, projection));
    for (std::size_t i = 0; i < projection.ranges.size() && i < 4; ++i) {
        const std::string name = rangeName(trace, projection.ranges[i]);
        (void)longestInstance(trace, SummaryKind::Range, name);
        (void)summaryInstances(trace, SummaryKind::Range, name);
        (void)findRangesNamed(trace, name);
    }
    (void)collectAutogradOps(trace);
    (void)collectGpuLaunches(trace);

    // Clicks: the first events of every thread track, both launch scopes. Their
    // tables are written for the first few only: formatting is covered above,
    // and writing every click's made the target four times slower.
    const RangeKernelLookup lookup(trace);
    int written = 0;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const Track &track = trace.tracks[t];
        if (track.thread == kNoIndex)
            continue;
        for (std::uint32_t i = 0; i < track.events.size() && i < 8; ++i) {
            for (const LaunchScope scope : {LaunchScope::Thread, LaunchScope::Process}) {
                const RangeKernels found = lookup.find(EventRef{t, i}, scope);
                if (written < 4 && (!found.launched.empty() || !found.overlapping.empty())) {
                    ++written;
                    write(launchedTable(trace, found));
                    write(gpuOpsTable(trace, found.overlapping));
                }
            }
        }
    }
}

void iterations(const Trace &trace)
{
    write(asTable(detectIterations(trace)));
    IterationOptions byThread;
    byThread.scope = LaunchScope::Thread;
    write(asTable(detectIterations(trace, byThread)));
    IterationOptions custom;
    custom.pattern = "[A-Za-z_ ]*#?(\\d+)";
    write(asTable(detectIterations(trace, custom)));
}

void breakdowns(const Trace &trace)
{
    BreakdownOptions byRanges;
    byRanges.ranges = true;
    BreakdownOptions nested;
    nested.depth = 1;
    BreakdownOptions modules;
    modules.rangePattern = "module::.*|.*pass";
    for (const BreakdownOptions &options : {BreakdownOptions{}, byRanges, nested, modules}) {
        const OpKernelBreakdown breakdown = opKernelBreakdown(trace, options);
        write(asTable(trace, breakdown));
        write(asTable(trace, topOps(breakdown, 2)));
    }
}

void efficiency(const Trace &trace)
{
    const std::vector<StreamOps> streams = gpuStreamOps(trace);
    const GpuTimeBreakdown time = gpuTimeBreakdown(trace, streams);
    write(gpuTimeTable(time, false));
    write(gpuTimeTable(time, true));
    write(kernelTypesTable(time));
    write(overlapTable(time));

    const std::vector<IdleGap> gaps = idleGaps(trace, streams);
    write(idleTable(idleByStream(trace, streams, gaps)));
    (void)longestGaps(gaps, 5);

    const std::vector<LaunchRecord> launches = launchRecords(trace);
    write(launchSummaryTable(summarizeLaunches(launches)));
    const RowSource rows = launchRows(trace, launches);
    std::vector<Cell> cells;
    for (std::size_t i = 0; i < rows.rowCount; ++i)
        rows.row(i, cells);
    write(launchesTable(trace, launches));

    write(queueTable(queueDepth(trace, streams)));

    OverheadOptions byRanges;
    byRanges.ranges = true;
    OverheadOptions nested;
    nested.depth = 1;
    for (const OverheadOptions &options : {OverheadOptions{}, byRanges, nested}) {
        const LaunchOverheads overheads = launchOverheads(trace, options);
        write(overheadsTable(overheads));
        write(overheadsLongTable(overheads));
    }

    const HtaTrace hta = htaTrace(trace);
    write(htaTemporalBreakdown(hta));
    write(htaKernelTypeBreakdown(hta));
    write(htaCommCompOverlap(hta));
    write(htaIdleTimeBreakdown(hta));
    try {
        write(htaCudaKernelLaunchStats(trace, hta));
    } catch (const std::length_error &) {
        // A join larger than the trace is refused by design (calls sharing correlation ids).
    }
}

// File > Export > Trace as Chrome JSON: whatever the model holds (extreme
// times, odd bytes in names, stray flows), the file must be valid JSON.
void chromeExport(const Trace &trace)
{
    std::ostringstream out;
    writeChromeTrace(trace, out);
    if (!nlohmann::json::accept(out.str())) {
        std::fprintf(stderr, "the Chrome-trace export is not valid JSON\n");
        std::abort();
    }
}

// The area selection's query over a few windows, against the brute-force
// count of overlapping events: the index must not lose or invent any.
void windows(const Trace &trace)
{
    const DepthIndex index(trace);
    const TimeNs span = trace.endNs - trace.startNs;
    for (const auto &[from, to] : {std::pair{trace.startNs, trace.endNs},
                                   std::pair{trace.startNs + span / 3, trace.startNs + span / 2},
                                   std::pair{trace.startNs + span / 2, trace.startNs + span / 2 + 1}}) {
        const TimeWindow window{from, to};
        const WindowSummary summary = summarizeWindow(trace, index, window);
        write(windowSummaryTable(trace, summary));
        std::int64_t counted = 0, expected = 0;
        for (const WindowRow &row : summary.rows)
            counted += row.count;
        for (const Track &track : trace.tracks)
            if (track.kind != TrackKind::Counter)
                for (const Event &e : track.events)
                    expected += overlapsWindow(e, window) ? 1 : 0;
        if (counted != expected || summary.gpuBusy < 0 || summary.gpuBusy > window.length()) {
            std::fprintf(stderr, "window summary: %lld events counted, %lld overlap\n",
                         static_cast<long long>(counted), static_cast<long long>(expected));
            std::abort();
        }
    }
}

// The critical path of the whole trace and of its first iteration, and a
// what-if: the categories must add up to the length, and a faster GPU must
// never make the path longer.
void criticalPaths(const Trace &trace)
{
    std::vector<PathScope> scopes{wholeTracePathScope(trace)};
    try {
        const IterationTable table = detectIterations(trace);
        if (!table.iterations.empty() && table.iterations.front().ref.isValid())
            scopes.push_back(pathScopeOfEvent(trace, table.iterations.front().ref));
    } catch (const std::exception &) {
    }
    for (const PathScope &scope : scopes) {
        const DependencyGraph graph = buildDependencyGraph(trace, scope);
        const CriticalPath path = solveCriticalPath(graph);
        write(criticalPathTable(path));
        write(criticalPathEventsTable(trace, path));
        TimeNs sum = 0;
        for (const TimeNs t : path.byCategory)
            sum = TimeNs(std::uint64_t(sum) + std::uint64_t(t));
        const WhatIf whatIf = parseWhatIf("kernels=0.5,comm=0,launch-overhead=0").whatIf;
        const CriticalPath faster = solveCriticalPath(graph, whatIfWeights(trace, graph, whatIf));
        if (sum != path.length || path.length < 0 || (path.brokenCycles == 0 && faster.length > path.length)) {
            std::fprintf(stderr, "critical path: categories %lld, length %lld, what-if %lld\n",
                         static_cast<long long>(sum), static_cast<long long>(path.length),
                         static_cast<long long>(faster.length));
            std::abort();
        }
    }
}

// Memory: every event is an allocation or a free, each allocation is freed at
// most once and after it was made.
void memory(const Trace &trace)
{
    const MemoryEvents events = collectMemoryEvents(trace);
    const MemorySummary summary = summarizeMemory(events);
    write(memoryTable(summary));
    write(opMemoryTable(memoryByOp(trace, events)));
    write(peakTable(trace, events, summary, allocatingOps(trace, events)));
    std::int64_t counted = 0;
    for (const DeviceMemory &d : summary.devices)
        counted += d.allocations + d.frees;
    bool ordered = true;
    for (const MemoryAllocation &a : summary.allocations)
        ordered &= a.free == kNotFreed || (a.free > a.alloc && events.events[a.free].bytes < 0);
    if (counted != std::int64_t(events.events.size()) || !ordered) {
        std::fprintf(stderr, "memory: %lld events counted of %zu, pairs in order: %d\n",
                     static_cast<long long>(counted), events.events.size(), int(ordered));
        std::abort();
    }
}

// Every structure tree, with kernels as leaves: the GPU time a tree attributes
// is exactly what was launched, however the levels nest or overlap.
void structureTrees(const Trace &trace)
{
    for (TreeLevels levels : {TreeLevels::Modules, TreeLevels::Stacks, TreeLevels::Ranges, TreeLevels::Ops}) {
        TreeOptions options;
        options.levels = levels;
        options.gpuLeaves = levels == TreeLevels::Ops;
        options.anyThread = levels == TreeLevels::Ranges || levels == TreeLevels::Modules;
        options.keepInstances = true;
        const StructureTree tree = buildStructureTree(trace, options);
        TimeNs self = 0, roots = 0;
        bool ordered = true;
        for (std::uint32_t n = 0; n < tree.nodes.size(); ++n) {
            self = saturatingAdd(self, tree.nodes[n].gpuSelf);
            if (tree.nodes[n].parent == kNoTreeNode)
                roots = saturatingAdd(roots, tree.nodes[n].gpuTotal);
            else
                ordered &= tree.nodes[n].parent < n;
        }
        if (self != tree.gpuTime || roots != tree.gpuTime || !ordered || tree.instances.size() != tree.levelEvents) {
            std::fprintf(stderr, "structure tree %s: GPU self %lld, roots %lld, attributed %lld, ordered %d\n",
                         std::string(treeLevelsName(levels)).c_str(), static_cast<long long>(self),
                         static_cast<long long>(roots), static_cast<long long>(tree.gpuTime), int(ordered));
            std::abort();
        }
        asTable(tree);
    }
}

// The pivot table by range, module and name: every level counts every event
// the root does.
void pivotTable(const Trace &trace)
{
    PivotOptions options;
    for (const char *token : {"range", "module", "name"})
        options.dimensions.push_back(*parsePivotBy(token));
    const PivotResult result = computePivot(trace, options);
    if (result.groups.empty())
        return;
    for (const PivotGroup &group : result.groups) {
        std::int64_t below = 0;
        for (std::uint32_t child : group.children)
            below += result.groups[child].count;
        if (!group.children.empty() && below != group.count) {
            std::fprintf(stderr, "pivot: group '%s' counts %lld, its subgroups %lld\n", group.key.c_str(),
                         static_cast<long long>(group.count), static_cast<long long>(below));
            std::abort();
        }
    }
}

// The rank reduction of the trace, its facts through JSON and back unchanged,
// and two ranks of it matched: every rank's communication is its transfer plus
// its wait, no wait is negative.
void collectives(const Trace &trace)
{
    const RankReduction reduction = reduceRankTrace(trace, "rank.json");
    const std::string json = rankFactsJson(reduction);
    if (rankFactsJson(rankFactsFromJson(json)) != json) {
        std::fprintf(stderr, "rank facts: the JSON round trip changed them\n");
        std::abort();
    }
    RankCollectiveFacts other = reduction.collectives;
    other.rank = reduction.collectives.rank.value_or(0) + 1;
    for (CollectiveCall &call : other.calls) // the other rank arrives later and waits less
        call.duration /= 2;
    const CollectiveAnalysis analysis = matchCollectives({reduction.collectives, other});
    for (const RankCommunication &r : analysis.ranks)
        if (r.wait < 0 || (r.communication != std::numeric_limits<TimeNs>::max() &&
                           r.communication != saturatingAdd(r.transfer, r.wait))) {
            std::fprintf(stderr, "collectives: rank %s communication %lld, transfer %lld, wait %lld\n",
                         r.label().c_str(), static_cast<long long>(r.communication),
                         static_cast<long long>(r.transfer), static_cast<long long>(r.wait));
            std::abort();
        }
    collectiveKindTable(analysis);
    collectiveInstanceTable(analysis);
    collectiveRankTable(analysis);
    paceTable(rankPace({reduction.collectives, other}));
}

} // namespace

void runAnalyses(const Trace &trace)
{
    collectives(trace);
    structureTrees(trace);
    pivotTable(trace);
    windows(trace);
    memory(trace);
    criticalPaths(trace);
    chromeExport(trace);
    summaries(trace);
    ranges(trace);
    iterations(trace);
    breakdowns(trace);
    efficiency(trace);
}

} // namespace tracelane::fuzz
