#include "launch_stats.h"

#include "analysis/summaries/api_summary.h"

#include <algorithm>
#include <array>
#include <tuple>
#include <unordered_map>

namespace tracelane {
namespace {

LaunchDistribution distribution(std::vector<TimeNs> values)
{
    LaunchDistribution d;
    if (values.empty())
        return d;
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    d.count = static_cast<std::int64_t>(n);
    long double sum = 0;
    for (const TimeNs v : values)
        sum += v;
    d.mean = static_cast<double>(sum / n);
    d.median = n % 2 ? static_cast<double>(values[n / 2])
                     : static_cast<double>((static_cast<long double>(values[n / 2 - 1]) + values[n / 2]) / 2);
    d.p95 = values[(95 * n + 99) / 100 - 1];
    d.max = values.back();
    return d;
}

} // namespace

bool isLaunchApi(std::string_view name)
{
    static constexpr std::array<std::string_view, 16> kPrefixes = {
        "cudaLaunchKernel",     "cudaLaunchCooperativeKernel", "cuLaunchKernel",     "cuLaunchCooperativeKernel",
        "cudaMemcpyAsync",      "cudaMemsetAsync",             "cuMemcpyAsync",      "hipLaunchKernel",
        "hipExtLaunchKernel",   "hipModuleLaunchKernel",       "hipExtModuleLaunchKernel", "hipMemcpyAsync",
        "hipMemsetAsync",       "clEnqueueNDRangeKernel",      "clEnqueueTask",      "cuMemsetD",
    };
    for (const std::string_view prefix : kPrefixes)
        if (name.starts_with(prefix))
            return prefix != "cuMemsetD" || name.find("Async") != std::string_view::npos; // cuMemsetD8Async, ...
    return false;
}

std::vector<LaunchRecord> launchRecords(const Trace &trace, const LaunchThresholds &thresholds)
{
    // OpenCL traces carry the device's own queued -> start time on each kernel.
    const auto queueDelayKey = trace.strings.find("queueDelay");
    std::unordered_map<StringId, bool> launchApi;
    std::vector<LaunchRecord> records;
    for (const Flow &flow : trace.flows) {
        if (flow.kind != FlowKind::Launch)
            continue;
        const Event &call = trace.event(flow.from);
        const Event &op = trace.event(flow.to);
        if (call.kind != EventKind::ApiCall || !isGpuWork(op.kind))
            continue;
        auto [known, inserted] = launchApi.try_emplace(call.name, false);
        if (inserted)
            known->second = isLaunchApi(trace.strings.view(call.name));
        if (!known->second)
            continue;
        LaunchRecord r;
        r.call = flow.from;
        r.op = flow.to;
        r.correlation = call.correlation ? call.correlation : op.correlation;
        r.callStart = call.start;
        r.cpuDuration = call.duration;
        r.gpuDuration = op.duration;
        r.launchDelay = std::max<TimeNs>(0, op.start - call.end());
        if (queueDelayKey)
            if (const auto queued = findArg(trace.argSchemas, trace.tracks[flow.to.track].argBlob, op.args,
                                            *queueDelayKey))
                r.launchDelay = queued->asInt().value_or(r.launchDelay);
        r.slowCall = r.cpuDuration > thresholds.slowCall;
        r.delayedLaunch = r.launchDelay > thresholds.delayedLaunch;
        r.shortKernel = op.kind == EventKind::Kernel && r.gpuDuration < r.cpuDuration;
        records.push_back(r);
    }
    std::sort(records.begin(), records.end(), [](const LaunchRecord &a, const LaunchRecord &b) {
        return std::tie(a.callStart, a.call, a.op) < std::tie(b.callStart, b.call, b.op);
    });
    return records;
}

LaunchSummary summarizeLaunches(const std::vector<LaunchRecord> &records, const LaunchThresholds &thresholds)
{
    LaunchSummary s;
    s.thresholds = thresholds;
    std::vector<TimeNs> cpu, gpu, delay;
    cpu.reserve(records.size());
    gpu.reserve(records.size());
    delay.reserve(records.size());
    for (const LaunchRecord &r : records) {
        cpu.push_back(r.cpuDuration);
        gpu.push_back(r.gpuDuration);
        delay.push_back(r.launchDelay);
        s.slowCalls += r.slowCall;
        s.delayedLaunches += r.delayedLaunch;
        s.shortKernels += r.shortKernel;
    }
    s.cpuDuration = distribution(std::move(cpu));
    s.gpuDuration = distribution(std::move(gpu));
    s.launchDelay = distribution(std::move(delay));
    return s;
}

RowSource launchRows(const Trace &trace, const std::vector<LaunchRecord> &records)
{
    RowSource source;
    source.columns = {"Correlation",       "API",               "Name",
                      "Stream",            "CPU Duration (ns)", "GPU Duration (ns)",
                      "Launch Delay (ns)"};
    source.rowCount = records.size();
    source.row = [&trace, &records](std::size_t i, std::vector<Cell> &cells) {
        const LaunchRecord &r = records[i];
        const std::int32_t stream = trace.tracks[r.op.track].stream;
        cells = {Cell::integer(r.correlation), Cell::text(apiDisplayName(std::string(trace.name(r.call)))),
                 Cell::text(std::string(trace.name(r.op))),
                 stream == kNoIndex ? Cell::empty() : Cell::integer(trace.streams[stream].streamId),
                 Cell::integer(r.cpuDuration), Cell::integer(r.gpuDuration), Cell::integer(r.launchDelay)};
    };
    return source;
}

Table launchesTable(const Trace &trace, const std::vector<LaunchRecord> &records)
{
    const RowSource source = launchRows(trace, records);
    Table table;
    table.columns = source.columns;
    table.rows.resize(source.rowCount);
    for (std::size_t i = 0; i < source.rowCount; ++i)
        source.row(i, table.rows[i]);
    return table;
}

Table launchSummaryTable(const LaunchSummary &summary)
{
    Table table;
    table.columns = {"Statistic", "Count", "Mean (ns)", "Median (ns)", "P95 (ns)", "Max (ns)"};
    auto add = [&](const char *name, const LaunchDistribution &d) {
        table.rows.push_back({Cell::text(name), Cell::integer(d.count), Cell::fixed(d.mean), Cell::fixed(d.median),
                              Cell::integer(d.p95), Cell::integer(d.max)});
    };
    add("CPU Duration", summary.cpuDuration);
    add("GPU Duration", summary.gpuDuration);
    add("Launch Delay", summary.launchDelay);
    auto flag = [&](std::string name, std::int64_t count) {
        table.rows.push_back({Cell::text(std::move(name)), Cell::integer(count), Cell::empty(), Cell::empty(),
                              Cell::empty(), Cell::empty()});
    };
    const auto us = [](TimeNs ns) { return std::to_string(ns / 1000); };
    flag("Slow calls (CPU > " + us(summary.thresholds.slowCall) + " µs)", summary.slowCalls);
    flag("Delayed launches (delay > " + us(summary.thresholds.delayedLaunch) + " µs)", summary.delayedLaunches);
    flag("Short kernels (GPU < CPU)", summary.shortKernels);
    return table;
}

} // namespace tracelane
