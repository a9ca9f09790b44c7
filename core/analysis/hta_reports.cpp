#include "hta_reports.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <tuple>
#include <unordered_map>

namespace tracelane {
namespace {

std::vector<HtaInterval> intervalsOf(const HtaTrace &hta, HtaKernelType type)
{
    std::vector<HtaInterval> intervals;
    for (const HtaEvent &e : hta.events)
        if (e.onGpu() && e.type == type)
            intervals.push_back({e.ts, e.end});
    return intervals;
}

double runTime(const std::vector<HtaInterval> &merged)
{
    double total = 0;
    for (const HtaInterval &i : merged)
        total += i.end - i.ts;
    return total;
}

// HTA's status sweep: each merged interval adds `value` at its start and takes
// it away at its end; returns the time spent at each running total > 0.
std::map<std::int64_t, double> timeAtRunningTotal(
    const std::vector<std::pair<std::int64_t, std::vector<HtaInterval>>> &valuedIntervals)
{
    std::vector<std::pair<double, std::int64_t>> changes; // (time, delta)
    for (const auto &[value, intervals] : valuedIntervals)
        for (const HtaInterval &i : intervals) {
            changes.emplace_back(i.ts, value);
            changes.emplace_back(i.end, -value);
        }
    std::stable_sort(changes.begin(), changes.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    std::map<std::int64_t, double> time;
    std::int64_t running = 0;
    for (std::size_t c = 0; c < changes.size();) {
        const double now = changes[c].first;
        for (; c < changes.size() && changes[c].first == now; ++c)
            running += changes[c].second;
        if (running > 0 && c < changes.size())
            time[running] += changes[c].first - now;
    }
    return time;
}

double ratio(double part, double whole)
{
    return whole != 0 ? part / whole : std::numeric_limits<double>::quiet_NaN();
}

// numpy.around(x, decimals): rint(x * 10^d) / 10^d, then printed with d decimals.
Cell roundedCell(double value, int decimals)
{
    if (!std::isfinite(value))
        return Cell::empty(); // NaN: HTA divides by zero
    const double scale = std::pow(10.0, decimals);
    return Cell::fixed(std::nearbyint(value * scale) / scale, decimals);
}

// A time in µs: whole when HTA rounded, else as the doubles add up.
Cell microseconds(double value)
{
    return value == std::floor(value) && std::abs(value) < 9e15 ? Cell::integer(static_cast<std::int64_t>(value))
                                                                  : Cell::fixed(value, 3);
}

} // namespace

Table htaTemporalBreakdown(const HtaTrace &hta)
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
    const double kernelTime = merged.back().end - merged.front().ts;
    const double idle = kernelTime - runTime(merged);
    const double compute = runTime(htaMergeIntervals(intervalsOf(hta, HtaKernelType::Computation)));
    const double nonCompute = kernelTime - compute - idle;
    table.rows.push_back({Cell::integer(hta.rank), microseconds(idle), microseconds(compute), microseconds(nonCompute),
                          microseconds(kernelTime), roundedCell(100 * ratio(idle, kernelTime), 2),
                          roundedCell(100 * ratio(compute, kernelTime), 2),
                          roundedCell(100 * ratio(nonCompute, kernelTime), 2)});
    return table;
}

Table htaKernelTypeBreakdown(const HtaTrace &hta)
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
        valued.emplace_back(std::int64_t{1} << k, htaMergeIntervals(intervalsOf(hta, kTypes[k].first)));
    std::map<std::string, double> byName;
    for (const auto &[running, time] : timeAtRunningTotal(valued)) {
        std::string name;
        for (std::size_t k = 0; k < kTypes.size(); ++k)
            if (running & (std::int64_t{1} << k))
                name = name.empty() ? kTypes[k].second : name + " overlapping " + kTypes[k].second;
        byName[name] += time;
    }
    std::vector<std::pair<std::string, double>> rows(byName.begin(), byName.end());
    std::stable_sort(rows.begin(), rows.end(), [](const auto &a, const auto &b) { return a.second > b.second; });
    double total = 0;
    for (const auto &row : rows)
        total += row.second;
    for (const auto &[name, time] : rows)
        if (time != 0)
            table.rows.push_back({Cell::text(name), microseconds(time), roundedCell(100 * ratio(time, total), 1)});
    return table;
}

Table htaCommCompOverlap(const HtaTrace &hta)
{
    Table table;
    table.columns = {"rank", "comp_comm_overlap_pctg"};
    const auto communication = htaMergeIntervals(intervalsOf(hta, HtaKernelType::Communication));
    const auto compute = htaMergeIntervals(intervalsOf(hta, HtaKernelType::Computation));
    const auto time = timeAtRunningTotal({{1, communication}, {2, compute}});
    const auto both = time.find(3);
    const double overlap = ratio(both == time.end() ? 0 : both->second, runTime(communication));
    table.rows.push_back({Cell::integer(hta.rank), roundedCell(100 * overlap, 2)});
    return table;
}

Table htaIdleTimeBreakdown(const HtaTrace &hta, double consecutiveKernelDelayUs)
{
    Table table;
    table.columns = {"rank", "stream", "idle_category", "idle_time", "idle_time_ratio"};
    // Host side of each correlation: the start of the CPU event HTA links (the latest-starting one).
    std::unordered_map<std::int64_t, double> runtimeStart;
    for (const HtaEvent &e : hta.events)
        if (e.correlation >= 0 && !(e.stream >= 0)) {
            const auto [it, inserted] = runtimeStart.try_emplace(e.correlation, e.ts);
            it->second = std::max(it->second, e.ts); // several: the latest
        }
    std::map<std::int64_t, std::vector<const HtaEvent *>> byStream;
    for (const HtaEvent &e : hta.events)
        if (e.onGpu() && e.kernelCategory)
            byStream[e.stream].push_back(&e);
    for (auto &[stream, kernels] : byStream) {
        std::stable_sort(kernels.begin(), kernels.end(), [](const HtaEvent *a, const HtaEvent *b) { return a->ts < b->ts; });
        std::array<double, 3> idle{};           // host_wait, kernel_wait, other
        std::array<bool, 3> present{};
        for (std::size_t k = 0; k < kernels.size(); ++k) {
            if (k == 0) { // no previous kernel: an "other" interval of NaN, which sums to nothing
                present[2] = true;
                continue;
            }
            const double previousEnd = kernels[k - 1]->end;
            const double interval = kernels[k]->ts - previousEnd; // may be negative
            const auto runtime = runtimeStart.find(kernels[k]->correlation);
            int category = 2;
            if (runtime != runtimeStart.end() && runtime->second > previousEnd)
                category = 0;
            else if (interval < consecutiveKernelDelayUs)
                category = 1;
            idle[category] += interval;
            present[category] = true;
        }
        const double total = idle[0] + idle[1] + idle[2];
        static constexpr const char *kNames[] = {"host_wait", "kernel_wait", "other"};
        for (int c = 0; c < 3; ++c)
            if (present[c])
                table.rows.push_back({Cell::integer(hta.rank), Cell::integer(stream), Cell::text(kNames[c]),
                                      roundedCell(idle[c], 2), roundedCell(ratio(idle[c], total), 2)});
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
    std::vector<const HtaEvent *> calls;
    for (const HtaEvent &e : hta.events)
        if (!e.onGpu() && launchCorrelation.count(e.correlation))
            calls.push_back(&e);
    std::stable_sort(calls.begin(), calls.end(), [](const HtaEvent *a, const HtaEvent *b) {
        return std::tie(a->ts, a->correlation) < std::tie(b->ts, b->correlation);
    });
    for (const HtaEvent *call : calls) {
        const HtaEvent &cpu = *call;
        const auto gpu = gpuByCorrelation.find(cpu.correlation);
        if (gpu == gpuByCorrelation.end())
            continue;
        for (const HtaEvent *op : gpu->second)
            table.rows.push_back({Cell::integer(cpu.correlation), microseconds(cpu.dur()), microseconds(op->dur()),
                                  microseconds(std::max(0.0, op->ts - cpu.ts - cpu.dur()))});
    }
    return table;
}

} // namespace tracelane
