#include "hta_reports.h"

#include "analysis/gpu/integer_key_index.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>
#include <tuple>

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
    std::vector<std::int64_t> hostCorrelations;
    for (const HtaEvent &e : hta.events)
        if (e.correlation >= 0 && !(e.stream >= 0))
            hostCorrelations.push_back(e.correlation);
    const IntegerKeyIndex host(std::move(hostCorrelations));
    std::vector<double> runtimeStart(host.size(), -std::numeric_limits<double>::infinity());
    for (const HtaEvent &e : hta.events)
        if (e.correlation >= 0 && !(e.stream >= 0)) {
            double &start = runtimeStart[*host.find(e.correlation)];
            start = std::max(start, e.ts); // several: the latest
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
            const HtaEvent &kernel = *kernels[k];
            const auto runtime = host.find(kernel.correlation);
            const auto addGap = [&](double previousEnd, double times) {
                const double interval = kernel.ts - previousEnd; // may be negative
                int category = 2;
                if (runtime && runtimeStart[*runtime] > previousEnd)
                    category = 0;
                else if (interval < consecutiveKernelDelayUs)
                    category = 1;
                idle[category] += times * interval;
                present[category] = true;
            };
            if (k == 0)
                present[2] = true; // no previous kernel: an "other" interval of NaN, which sums to nothing
            else
                addGap(kernels[k - 1]->end, 1);
            // HTA's repeated rows of this kernel follow it: each gap runs back to its own end.
            if (kernel.copies > 1)
                addGap(kernel.end, kernel.copies - 1);
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

std::vector<HtaLaunchPair> htaLaunchPairs(const Trace &trace, const HtaTrace &hta)
{
    std::vector<StringId> launchNames;
    for (const char *name : {"cudaLaunchKernel", "cudaLaunchKernelExC", "runFunction - job_prep_and_submit_for_execution",
                             "cudaMemsetAsync", "cudaMemcpyAsync"})
        if (const auto id = trace.strings.find(name))
            launchNames.push_back(*id);
    std::vector<std::int64_t> launchCorrelations;
    for (const HtaEvent &e : hta.events)
        if (e.correlation != -1 // -1 would join every uncorrelated pair: left out
            && std::find(launchNames.begin(), launchNames.end(), trace.event(e.ref).name) != launchNames.end())
            launchCorrelations.push_back(e.correlation);
    const IntegerKeyIndex launches(std::move(launchCorrelations));
    // The GPU events of each launch correlation, in event order: slot s owns gpuOps[first[s], first[s + 1]).
    std::vector<std::uint32_t> first(launches.size() + 1, 0);
    for (const HtaEvent &e : hta.events)
        if (e.onGpu())
            if (const auto slot = launches.find(e.correlation))
                ++first[*slot + 1];
    for (std::size_t s = 1; s < first.size(); ++s)
        first[s] += first[s - 1];
    std::vector<const HtaEvent *> gpuOps(first.back());
    std::vector<std::uint32_t> filled(first.begin(), first.end() - 1);
    std::vector<const HtaEvent *> calls;
    for (const HtaEvent &e : hta.events) {
        const auto slot = launches.find(e.correlation);
        if (!slot)
            continue;
        if (e.onGpu())
            gpuOps[filled[*slot]++] = &e;
        else
            calls.push_back(&e);
    }
    // HTA joins every call with every GPU row of its correlation: refuse a join that
    // would dwarf the trace (many calls sharing one correlation id) rather than build it.
    std::uint64_t rowCount = 0;
    for (const HtaEvent *call : calls) {
        const std::uint32_t slot = *launches.find(call->correlation);
        for (std::uint32_t k = first[slot]; k < first[slot + 1]; ++k)
            rowCount += gpuOps[k]->copies;
    }
    const std::uint64_t limit = 4 * static_cast<std::uint64_t>(hta.events.size()) + 1024;
    if (rowCount > limit)
        throw std::length_error("HTA's launch table would have " + std::to_string(rowCount)
                                + " rows: launch calls share correlation ids");
    std::vector<HtaLaunchPair> pairs;
    pairs.reserve(rowCount);
    std::stable_sort(calls.begin(), calls.end(), [](const HtaEvent *a, const HtaEvent *b) {
        return std::tie(a->ts, a->correlation) < std::tie(b->ts, b->correlation);
    });
    for (const HtaEvent *call : calls) {
        const HtaEvent &cpu = *call;
        const std::uint32_t slot = *launches.find(cpu.correlation);
        for (std::uint32_t k = first[slot]; k < first[slot + 1]; ++k)
            pairs.insert(pairs.end(), gpuOps[k]->copies, HtaLaunchPair{&cpu, gpuOps[k]});
    }
    return pairs;
}

RowSource htaLaunchRows(const std::vector<HtaLaunchPair> &pairs)
{
    RowSource source;
    source.columns = {"correlation", "cpu_duration", "gpu_duration", "launch_delay"};
    source.rowCount = pairs.size();
    source.row = [&pairs](std::size_t i, std::vector<Cell> &cells) {
        const HtaEvent &cpu = *pairs[i].call, &op = *pairs[i].op;
        cells = {Cell::integer(cpu.correlation), microseconds(cpu.dur()), microseconds(op.dur()),
                 microseconds(std::max(0.0, op.ts - cpu.ts - cpu.dur()))};
    };
    return source;
}

Table htaCudaKernelLaunchStats(const Trace &trace, const HtaTrace &hta)
{
    const std::vector<HtaLaunchPair> pairs = htaLaunchPairs(trace, hta);
    const RowSource source = htaLaunchRows(pairs);
    Table table;
    table.columns = source.columns;
    table.rows.resize(source.rowCount);
    for (std::size_t i = 0; i < source.rowCount; ++i)
        source.row(i, table.rows[i]);
    return table;
}

} // namespace tracelane
