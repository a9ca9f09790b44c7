#include "step_mfu.h"

#include <algorithm>
#include <map>

namespace tracelane {

MfuDevice mfuDevice(const Trace &trace)
{
    std::map<std::int32_t, TimeNs> kernelTime; // by index into trace.devices
    for (const Track &track : trace.tracks) {
        if (track.kind != TrackKind::GpuStream || track.stream < 0)
            continue;
        TimeNs &time = kernelTime[trace.streams[track.stream].device];
        for (const Event &e : track.events)
            if (e.kind == EventKind::Kernel)
                time += e.duration;
    }
    MfuDevice out;
    std::int32_t best = kNoIndex;
    TimeNs bestTime = -1;
    for (const auto &[device, time] : kernelTime)
        if (time > bestTime && device >= 0) {
            best = device;
            bestTime = time;
        }
    if (best == kNoIndex && !trace.devices.empty())
        best = 0;
    if (best != kNoIndex && static_cast<std::size_t>(best) < trace.devices.size())
        out.name = std::string(trace.strings.view(trace.devices[best].name));
    if (!out.name.empty())
        out.peak = gpuPeakFor(out.name);
    return out;
}

std::vector<StepFlops> stepFlops(const IterationTable &table, const OpFlops &flops)
{
    std::vector<StepFlops> out(table.iterations.size());
    // Iterations come by start; an op belongs to the last one starting at or
    // before it, if it has not ended by then.
    for (std::size_t i = 0; i < flops.ops.size(); ++i) {
        if (!flops.counted[i])
            continue;
        const TimeNs start = flops.ops[i].start;
        const auto it = std::upper_bound(table.iterations.begin(), table.iterations.end(), start,
                                         [](TimeNs t, const Iteration &step) { return t < step.start; });
        if (it == table.iterations.begin())
            continue;
        const auto step = static_cast<std::size_t>(std::prev(it) - table.iterations.begin());
        if (start >= table.iterations[step].end)
            continue;
        out[step].flops += flops.flops[i];
        ++out[step].ops;
    }
    return out;
}

Table iterationMfuTable(const IterationTable &table, const OpFlops &flops, const MfuDevice &device)
{
    Table out = asTable(table);
    out.columns.insert(out.columns.end(), {"FLOPs", "TFLOP/s", "MFU (%)"});
    const std::vector<StepFlops> perStep = stepFlops(table, flops);
    for (std::size_t i = 0; i < out.rows.size() && i < perStep.size(); ++i) {
        std::vector<Cell> &row = out.rows[i];
        const TimeNs duration = table.iterations[i].cpuTime();
        if (!flops.any || duration <= 0) {
            row.insert(row.end(), {Cell::empty(), Cell::empty(), Cell::empty()});
            continue;
        }
        const double tflops = static_cast<double>(perStep[i].flops) / (static_cast<double>(duration) * 1e3);
        row.push_back(Cell::integer(static_cast<std::int64_t>(perStep[i].flops)));
        row.push_back(Cell::fixed(tflops, 3));
        row.push_back(device.peak ? Cell::fixed(100.0 * tflops / device.peak->denseTflops, 2)
                                  : Cell::text("unknown device"));
    }
    return out;
}

} // namespace tracelane
