#include "hta_reports.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <unordered_map>

namespace tracelane {
namespace {

std::vector<HtaInterval> intervalsOf(const Trace &trace, const HtaTrace &hta, HtaKernelType type)
{
    std::vector<HtaInterval> intervals;
    for (const HtaEvent &e : hta.events)
        if (e.onGpu() && htaKernelType(trace.strings.view(trace.event(e.ref).name)) == type)
            intervals.push_back({e.ts, e.end});
    return intervals;
}

std::int64_t runTime(const std::vector<HtaInterval> &merged)
{
    std::int64_t total = 0;
    for (const HtaInterval &i : merged)
        total += i.end - i.ts;
    return total;
}

// HTA's status sweep: each merged interval adds `value` at its start and takes
// it away at its end; returns the time spent at each running total > 0.
std::map<std::int64_t, std::int64_t> timeAtRunningTotal(
    const std::vector<std::pair<std::int64_t, std::vector<HtaInterval>>> &valuedIntervals)
{
    std::vector<std::pair<std::int64_t, std::int64_t>> changes; // (time, delta)
    for (const auto &[value, intervals] : valuedIntervals)
        for (const HtaInterval &i : intervals) {
            changes.emplace_back(i.ts, value);
            changes.emplace_back(i.end, -value);
        }
    std::stable_sort(changes.begin(), changes.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    std::map<std::int64_t, std::int64_t> time;
    std::int64_t running = 0;
    for (std::size_t c = 0; c < changes.size();) {
        const std::int64_t now = changes[c].first;
        for (; c < changes.size() && changes[c].first == now; ++c)
            running += changes[c].second;
        if (running > 0 && c < changes.size())
            time[running] += changes[c].first - now;
    }
    return time;
}

Cell ratioCell(double value, int decimals)
{
    return std::isfinite(value) ? Cell::fixed(value, decimals) : Cell::empty(); // NaN: HTA divides by zero
}

double ratio(std::int64_t part, std::int64_t whole)
{
    return whole != 0 ? static_cast<double>(part) / static_cast<double>(whole) : std::numeric_limits<double>::quiet_NaN();
}

} // namespace

Table htaTemporalBreakdown(const Trace &trace, const HtaTrace &hta)
{
    Table table;
    table.columns = {"rank",           "idle_time(us)",  "compute_time(us)",    "non_compute_time(us)",
                     "kernel_time(us)", "idle_time_pctg", "compute_time_pctg", "non_compute_time_pctg"};
    std::vector<HtaInterval> gpu;
    for (const HtaEvent &e : hta.events)
        if (e.onGpu())
            gpu.push_back({e.ts, e.end});
    const auto merged = htaMergeIntervals(std::move(gpu));
    if (merged.empty())
        return table;
    const std::int64_t kernelTime = merged.back().end - merged.front().ts;
    const std::int64_t idle = kernelTime - runTime(merged);
    const std::int64_t compute = runTime(htaMergeIntervals(intervalsOf(trace, hta, HtaKernelType::Computation)));
    const std::int64_t nonCompute = kernelTime - compute - idle;
    table.rows.push_back({Cell::integer(hta.rank), Cell::integer(idle), Cell::integer(compute),
                          Cell::integer(nonCompute), Cell::integer(kernelTime), ratioCell(100 * ratio(idle, kernelTime), 2),
                          ratioCell(100 * ratio(compute, kernelTime), 2),
                          ratioCell(100 * ratio(nonCompute, kernelTime), 2)});
    return table;
}

Table htaKernelTypeBreakdown(const Trace &trace, const HtaTrace &hta)
{
    Table table;
    table.columns = {"kernel_type", "sum", "percentage"};
    // The order of HTA's kernel_type_to_analysis gives the bit values and the name order.
    constexpr std::array<std::pair<HtaKernelType, const char *>, 3> kTypes = {
        {{HtaKernelType::Computation, "COMPUTATION"},
         {HtaKernelType::Communication, "COMMUNICATION"},
         {HtaKernelType::Memory, "MEMORY"}}};
    std::vector<std::pair<std::int64_t, std::vector<HtaInterval>>> valued;
    for (std::size_t k = 0; k < kTypes.size(); ++k)
        valued.emplace_back(std::int64_t{1} << k, htaMergeIntervals(intervalsOf(trace, hta, kTypes[k].first)));
    std::map<std::string, std::int64_t> byName;
    for (const auto &[running, time] : timeAtRunningTotal(valued)) {
        std::string name;
        for (std::size_t k = 0; k < kTypes.size(); ++k)
            if (running & (std::int64_t{1} << k))
                name = name.empty() ? kTypes[k].second : name + " overlapping " + kTypes[k].second;
        byName[name] += time;
    }
    std::vector<std::pair<std::string, std::int64_t>> rows(byName.begin(), byName.end());
    std::stable_sort(rows.begin(), rows.end(), [](const auto &a, const auto &b) { return a.second > b.second; });
    std::int64_t total = 0;
    for (const auto &row : rows)
        total += row.second;
    for (const auto &[name, time] : rows)
        if (time != 0)
            table.rows.push_back({Cell::text(name), Cell::integer(time), ratioCell(100 * ratio(time, total), 1)});
    return table;
}

Table htaCommCompOverlap(const Trace &trace, const HtaTrace &hta)
{
    Table table;
    table.columns = {"rank", "comp_comm_overlap_ratio", "comp_comm_overlap_pctg"};
    const auto communication = htaMergeIntervals(intervalsOf(trace, hta, HtaKernelType::Communication));
    const auto compute = htaMergeIntervals(intervalsOf(trace, hta, HtaKernelType::Computation));
    const auto time = timeAtRunningTotal({{1, communication}, {2, compute}});
    const auto both = time.find(3);
    const double overlap = ratio(both == time.end() ? 0 : both->second, runTime(communication));
    table.rows.push_back({Cell::integer(hta.rank), ratioCell(overlap, 6), ratioCell(100 * overlap, 2)});
    return table;
}

Table htaIdleTimeBreakdown(const HtaTrace &hta, std::int64_t consecutiveKernelDelayUs)
{
    Table table;
    table.columns = {"rank", "stream", "idle_category", "idle_time", "idle_time_ratio"};
    // Host side of each correlation: the start of the CPU event HTA links (the latest-starting one).
    std::unordered_map<std::int64_t, std::int64_t> runtimeStart;
    for (const HtaEvent &e : hta.events)
        if (e.correlation >= 0 && !(e.stream >= 0))
            runtimeStart[e.correlation] = e.ts; // events are by start: the latest wins
    std::map<std::int64_t, std::vector<const HtaEvent *>> byStream;
    for (const HtaEvent &e : hta.events)
        if (e.onGpu() && e.kernelCategory)
            byStream[e.stream].push_back(&e); // by start: hta.events is sorted
    for (const auto &[stream, kernels] : byStream) {
        std::array<std::int64_t, 3> idle{};     // host_wait, kernel_wait, other
        std::array<bool, 3> present{};
        for (std::size_t k = 0; k < kernels.size(); ++k) {
            if (k == 0) { // no previous kernel: an "other" interval of NaN, which sums to nothing
                present[2] = true;
                continue;
            }
            const std::int64_t previousEnd = kernels[k - 1]->end;
            const std::int64_t interval = kernels[k]->ts - previousEnd; // may be negative
            const auto runtime = runtimeStart.find(kernels[k]->correlation);
            int category = 2;
            if (runtime != runtimeStart.end() && runtime->second > previousEnd)
                category = 0;
            else if (interval < consecutiveKernelDelayUs)
                category = 1;
            idle[category] += interval;
            present[category] = true;
        }
        const std::int64_t total = idle[0] + idle[1] + idle[2];
        static constexpr const char *kNames[] = {"host_wait", "kernel_wait", "other"};
        for (int c = 0; c < 3; ++c)
            if (present[c])
                table.rows.push_back({Cell::integer(hta.rank), Cell::integer(stream), Cell::text(kNames[c]),
                                      Cell::integer(idle[c]), ratioCell(ratio(idle[c], total), 2)});
    }
    return table;
}

Table htaCudaKernelLaunchStats(const Trace &trace, const HtaTrace &hta)
{
    Table table;
    table.columns = {"correlation", "cpu_duration", "gpu_duration", "launch_delay"};
    std::vector<StringId> launchNames;
    for (const char *name : {"cudaLaunchKernel", "cudaLaunchKernelExC", "runFunction - job_prep_and_submit_for_execution",
                             "cudaMemsetAsync", "cudaMemcpyAsync"})
        if (const auto id = trace.strings.find(name))
            launchNames.push_back(*id);
    std::unordered_map<std::int64_t, std::vector<const HtaEvent *>> gpuByCorrelation;
    std::unordered_map<std::int64_t, bool> launchCorrelation;
    for (const HtaEvent &e : hta.events)
        if (std::find(launchNames.begin(), launchNames.end(), trace.event(e.ref).name) != launchNames.end()
            && e.correlation != -1) // -1 would join every uncorrelated pair: left out
            launchCorrelation[e.correlation] = true;
    for (const HtaEvent &e : hta.events)
        if (e.onGpu() && launchCorrelation.count(e.correlation))
            gpuByCorrelation[e.correlation].push_back(&e);
    for (const HtaEvent &cpu : hta.events) {
        if (cpu.onGpu() || !launchCorrelation.count(cpu.correlation))
            continue;
        const auto gpu = gpuByCorrelation.find(cpu.correlation);
        if (gpu == gpuByCorrelation.end())
            continue;
        for (const HtaEvent *op : gpu->second)
            table.rows.push_back({Cell::integer(cpu.correlation), Cell::integer(cpu.dur()), Cell::integer(op->dur()),
                                  Cell::integer(std::max<std::int64_t>(0, op->ts - cpu.ts - cpu.dur()))});
    }
    return table;
}

} // namespace tracelane
