#pragma once
// FLOPs and model FLOPs utilisation (MFU) per training step:
//
//   FLOPs     the counted FLOPs (op_flops.h: innermost op with a figure) of the
//             ops, on any thread, that start inside the step's range
//   TFLOP/s   FLOPs / the step's duration (its range on the CPU, wall time)
//   MFU (%)   100 * TFLOP/s / the peak of the device (gpu_peaks.h)
//
// The device is the one with the most kernel time; a trace whose device is not
// in the peak table, or has no device name, gets "unknown device" for MFU.

#include "gpu_peaks.h"
#include "op_flops.h"

#include "analysis/operators/iteration_table.h"
#include "export/table.h"

#include <optional>
#include <string>
#include <vector>

namespace tracelane {

struct MfuDevice
{
    std::string name; // as the trace names it; empty when unknown
    std::optional<GpuPeak> peak;
};

// The device with the most kernel time, and its peak.
MfuDevice mfuDevice(const Trace &trace);

struct StepFlops
{
    std::uint64_t flops = 0;
    std::int64_t ops = 0; // ops whose FLOPs counted
};

// Parallel to table.iterations.
std::vector<StepFlops> stepFlops(const IterationTable &table, const OpFlops &flops);

// asTable(table) with FLOPs, TFLOP/s and MFU (%) added to each row.
Table iterationMfuTable(const IterationTable &table, const OpFlops &flops, const MfuDevice &device);

} // namespace tracelane
