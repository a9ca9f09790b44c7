// The rule list, computeFindings and the two tables.
#include "findings.h"

#include "finding_context.h"

#include <algorithm>
#include <memory>
#include <tuple>

namespace tracelane {
namespace findings {
namespace {

struct RuleEntry
{
    std::string_view name;
    RuleFunction run;
};

const std::vector<RuleEntry> &ruleEntries()
{
    static const std::vector<RuleEntry> all = {
        {"cuda_memcpy_async", cudaMemcpyAsyncRule},
        {"cuda_memcpy_sync", cudaMemcpySyncRule},
        {"cuda_memset_sync", cudaMemsetSyncRule},
        {"cuda_api_sync", cudaApiSyncRule},
        {"gpu_gaps", gpuGapsRule},
        {"gpu_time_util", gpuTimeUtilRule},
        {"dataloader", dataloaderRule},
        {"communication", communicationRule},
        {"gpu_utilization", gpuUtilizationRule},
        {"tensor_cores", tensorCoresRule},
        {"launch_queue_full", launchQueueFullRule},
        {"short_kernels", shortKernelsRule},
        {"h2d_in_step", h2dInStepRule},
        {"straggler", stragglerRule},
    };
    return all;
}

std::size_t ruleIndex(std::string_view rule)
{
    const auto &all = ruleEntries();
    for (std::size_t i = 0; i < all.size(); ++i)
        if (all[i].name == rule)
            return i;
    return all.size();
}

// The columns a rule's events are listed in.
enum class Column {
    Row, InUse, Duration, LaunchDuration, Counted, Exposed, Longer, Start, Rank, Iteration, Pid, Tid, Device,
    Stream, ApiName, MemoryKindColumn, SrcKind, DstKind, Bytes, Operator, Name,
};

std::string_view columnTitle(Column c)
{
    switch (c) {
    case Column::Row: return "Row#";
    case Column::InUse: return "In-Use (%)";
    case Column::Duration: return "Duration (ns)";
    case Column::LaunchDuration: return "Launch Duration (ns)";
    case Column::Counted: return "Counted (ns)";
    case Column::Exposed: return "Exposed (ns)";
    case Column::Longer: return "Longer Than Typical (ns)";
    case Column::Start: return "Start (ns)";
    case Column::Rank: return "Rank";
    case Column::Iteration: return "Iteration";
    case Column::Pid: return "PID";
    case Column::Tid: return "TID";
    case Column::Device: return "Device ID";
    case Column::Stream: return "Stream ID";
    case Column::ApiName: return "API Name";
    case Column::MemoryKindColumn: return "Memory Kind";
    case Column::SrcKind: return "Src Kind";
    case Column::DstKind: return "Dst Kind";
    case Column::Bytes: return "Bytes";
    case Column::Operator: return "Operator";
    case Column::Name: return "Name";
    }
    return "";
}

std::vector<Column> columnsOf(std::string_view rule)
{
    using C = Column;
    if (rule == "cuda_memcpy_async" || rule == "cuda_memcpy_sync")
        return {C::Duration, C::Start, C::SrcKind, C::DstKind, C::Bytes, C::Pid, C::Device, C::Stream, C::ApiName};
    if (rule == "cuda_memset_sync")
        return {C::Duration, C::Start, C::MemoryKindColumn, C::Bytes, C::Pid, C::Device, C::Stream, C::ApiName};
    if (rule == "cuda_api_sync")
        return {C::Duration, C::Start, C::Pid, C::Tid, C::ApiName};
    if (rule == "gpu_gaps")
        return {C::Row, C::Duration, C::Start, C::Pid, C::Device};
    if (rule == "gpu_time_util" || rule == "gpu_utilization")
        return {C::Row, C::InUse, C::Duration, C::Start, C::Pid, C::Device};
    if (rule == "dataloader")
        return {C::Duration, C::Counted, C::Start, C::Pid, C::Tid, C::Name};
    if (rule == "communication")
        return {C::Duration, C::Counted, C::Start, C::Pid, C::Tid, C::Device, C::Stream, C::Name};
    if (rule == "tensor_cores")
        return {C::Duration, C::Start, C::Pid, C::Tid, C::Device, C::Stream, C::Operator, C::Name};
    if (rule == "launch_queue_full")
        return {C::Duration, C::Start, C::Pid, C::Tid, C::Device, C::Stream, C::ApiName};
    if (rule == "short_kernels")
        return {C::Duration, C::LaunchDuration, C::Start, C::Pid, C::Tid, C::Device, C::Stream, C::ApiName, C::Name};
    if (rule == "h2d_in_step")
        return {C::Duration, C::Exposed, C::Start, C::SrcKind, C::DstKind, C::Bytes, C::Pid, C::Device, C::Stream,
                C::ApiName};
    if (rule == "straggler")
        return {C::Rank, C::Iteration, C::Duration, C::Longer, C::Start, C::Pid, C::Tid, C::Name};
    return {C::Duration, C::Start, C::Name};
}

Cell intOrEmpty(std::int64_t value, bool known)
{
    return known ? Cell::integer(value) : Cell::empty();
}

std::vector<Finding> run(const Trace &trace, const FindingOptions &options, std::optional<TimeWindow> step,
                         std::optional<std::size_t> only, bool firedOnly)
{
    Context context(trace, options, step);
    context.setFiredOnly(firedOnly);
    std::vector<RuleResult> results;
    const auto &all = ruleEntries();
    for (std::size_t i = 0; i < all.size(); ++i)
        if (!only || *only == i)
            all[i].run(context, results);
    std::vector<Finding> findings;
    for (RuleResult &r : results) {
        r.finding.fires = r.fires;
        if (r.fires || !firedOnly)
            findings.push_back(std::move(r.finding));
    }
    return findings;
}

} // namespace
} // namespace findings

std::string_view severityName(Severity severity)
{
    switch (severity) {
    case Severity::Low: return "low";
    case Severity::Medium: return "medium";
    case Severity::High: return "high";
    }
    return "low";
}

const std::vector<std::string_view> &findingRules()
{
    static const std::vector<std::string_view> names = [] {
        std::vector<std::string_view> list;
        for (const auto &e : findings::ruleEntries())
            list.push_back(e.name);
        return list;
    }();
    return names;
}

bool isFindingRule(std::string_view rule)
{
    return findings::ruleIndex(rule) < findings::ruleEntries().size();
}

std::vector<Finding> computeFindings(const Trace &trace, const FindingOptions &options, std::optional<TimeWindow> step)
{
    std::vector<Finding> found = findings::run(trace, options, step, std::nullopt, true);
    std::stable_sort(found.begin(), found.end(), [](const Finding &a, const Finding &b) {
        return std::tuple(b.severity, b.time) < std::tuple(a.severity, a.time); // most severe, then costliest first
    });
    return found;
}

std::vector<Finding> ruleFindings(const Trace &trace, std::string_view rule, const FindingOptions &options,
                                  std::optional<TimeWindow> step)
{
    const std::size_t index = findings::ruleIndex(rule);
    if (index >= findings::ruleEntries().size())
        return {};
    return findings::run(trace, options, step, index, false);
}

Table findingsTable(const std::vector<Finding> &list)
{
    Table table;
    table.columns = {"Rule", "Severity", "Count", "Time (ns)", "Share of Step (%)", "Message"};
    for (const Finding &f : list)
        table.rows.push_back({Cell::text(f.rule), Cell::text(std::string(severityName(f.severity))),
                              Cell::integer(f.count), Cell::integer(f.time), Cell::fixed(f.shareOfStep),
                              Cell::text(f.message)});
    return table;
}

RowSource findingEventRows(const Trace &trace, std::string_view rule, const std::vector<Finding> &list)
{
    using findings::Column;
    auto columns = std::make_shared<const std::vector<Column>>(findings::columnsOf(rule));
    RowSource source;
    for (const Column c : *columns)
        source.columns.emplace_back(findings::columnTitle(c));
    // Row r is event r - first[f] of finding f.
    auto first = std::make_shared<std::vector<std::size_t>>();
    for (const Finding &f : list) {
        first->push_back(source.rowCount);
        source.rowCount += f.events.size();
    }
    auto memory = std::make_shared<const findings::MemoryOpReader>(trace);
    auto defaults = std::make_shared<const FindingOptions>();
    auto context = std::make_shared<const findings::Context>(trace, *defaults, std::nullopt);
    source.row = [&trace, &list, columns, first, memory, defaults, context](std::size_t row, std::vector<Cell> &cells) {
        const std::size_t f = static_cast<std::size_t>(std::upper_bound(first->begin(), first->end(), row) - first->begin()) - 1;
        const FindingEvent &e = list[f].events[row - (*first)[f]];
        const bool hasEvent = e.event.isValid(), hasCall = e.call.isValid();
        const Track *track = hasEvent ? &trace.tracks[e.event.track] : nullptr;
        const bool onGpu = track && track->kind == TrackKind::GpuStream && track->stream != kNoIndex;
        const EventRef cpuSide = hasCall ? e.call : (hasEvent && !onGpu ? e.event : EventRef{});
        const std::int32_t device = onGpu ? trace.streams[track->stream].device : e.device;
        findings::MemoryOp mem;
        if (hasEvent && (trace.event(e.event).kind == EventKind::Memcpy || trace.event(e.event).kind == EventKind::Memset))
            mem = memory->read(e.event);
        cells.clear();
        for (const Column c : *columns) {
            switch (c) {
            case Column::Row: cells.push_back(Cell::integer(static_cast<std::int64_t>(row) + 1)); break;
            case Column::InUse: cells.push_back(Cell::fixed(e.inUse)); break;
            case Column::Duration: cells.push_back(Cell::integer(e.duration)); break;
            case Column::LaunchDuration:
                cells.push_back(findings::intOrEmpty(hasCall ? trace.event(e.call).duration : 0, hasCall));
                break;
            case Column::Counted:
            case Column::Exposed:
            case Column::Longer: cells.push_back(Cell::integer(e.cost)); break;
            case Column::Start: cells.push_back(Cell::integer(e.start)); break;
            case Column::Rank: {
                const TracePart *part = hasEvent ? trace.partOfTrack(e.event.track) : nullptr;
                cells.push_back(part ? Cell::text(part->label) : Cell::empty());
                break;
            }
            case Column::Iteration: cells.push_back(findings::intOrEmpty(e.iteration, e.iteration >= 0)); break;
            case Column::Pid: {
                const std::int64_t pid = cpuSide.isValid() ? context->pidOfTrack(cpuSide.track) : e.pid;
                cells.push_back(findings::intOrEmpty(pid, pid >= 0));
                break;
            }
            case Column::Tid: {
                const std::int64_t tid = cpuSide.isValid() ? context->tidOfTrack(cpuSide.track) : -1;
                cells.push_back(findings::intOrEmpty(tid, tid >= 0));
                break;
            }
            case Column::Device:
                cells.push_back(device >= 0 ? Cell::integer(trace.devices[device].id) : Cell::empty());
                break;
            case Column::Stream:
                cells.push_back(onGpu ? Cell::integer(trace.streams[track->stream].streamId) : Cell::empty());
                break;
            case Column::ApiName:
                cells.push_back(hasCall ? Cell::text(std::string(trace.name(e.call))) : Cell::empty());
                break;
            case Column::MemoryKindColumn:
            case Column::SrcKind: cells.push_back(Cell::text(std::string(findings::memoryKindLabel(mem.src)))); break;
            case Column::DstKind: cells.push_back(Cell::text(std::string(findings::memoryKindLabel(mem.dst)))); break;
            case Column::Bytes: cells.push_back(findings::intOrEmpty(mem.bytes.value_or(0), mem.bytes.has_value())); break;
            case Column::Operator:
                cells.push_back(e.owner.isValid() ? Cell::text(std::string(trace.name(e.owner))) : Cell::empty());
                break;
            case Column::Name:
                cells.push_back(hasEvent ? Cell::text(std::string(trace.name(e.event))) : Cell::empty());
                break;
            }
        }
    };
    return source;
}

Table findingEventsTable(const Trace &trace, std::string_view rule, const std::vector<Finding> &list)
{
    const RowSource source = findingEventRows(trace, rule, list);
    Table table;
    table.columns = source.columns;
    std::vector<Cell> cells;
    for (std::size_t r = 0; r < source.rowCount; ++r) {
        source.row(r, cells);
        table.rows.push_back(cells);
    }
    return table;
}

} // namespace tracelane
