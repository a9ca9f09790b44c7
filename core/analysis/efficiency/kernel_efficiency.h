#pragma once
// Kernel efficiency from the launch figures Kineto records on each kernel
// ("blocks per SM", "warps per SM", "est. achieved occupancy %", "registers per
// thread", "shared memory"), with the definitions of the TensorBoard PyTorch
// profiler plugin (tb_plugin's gpu_metrics_parser.py and kernel_parser.py):
//
//   Est. SM efficiency of a kernel   min(blocks per SM, 1): a kernel with fewer
//                                    blocks than SMs leaves SMs idle
//   per kernel name                  the duration-weighted mean over its
//                                    instances of the above, and of the
//                                    achieved occupancy; an instance without the
//                                    argument counts as 0 (the plugin's rule)
//   per device, est. SM efficiency   over the steps' window: at each instant the
//                                    blocks per SM of the kernels running then
//                                    summed and capped at 1, time-weighted over
//                                    the whole window, idle time counting as 0
//   per device, est. occupancy       achieved occupancy weighted by each
//                                    kernel's time inside the window (kernel
//                                    time only: idle does not count)
//
// Values are percentages. A name or device whose kernels carry no such argument
// (Nsight Systems, nvprof and older Kineto traces) has no value, not 0.
// Definitions and sources: docs/ANALYSIS_KERNEL_EFFICIENCY.md.

#include "model/trace.h"

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace tracelane {

struct KernelLaunchFigures
{
    std::optional<double> blocksPerSm;
    std::optional<double> warpsPerSm;
    std::optional<double> occupancyPct; // est. achieved occupancy %
    std::optional<std::int64_t> registersPerThread;
    std::optional<std::int64_t> sharedMemory; // bytes

    // min(blocks per SM, 1) in percent; empty without the argument.
    std::optional<double> smEfficiencyPct() const;
};

// Reads the figures of kernels of one trace (keys looked up once).
class KernelFigureReader
{
public:
    explicit KernelFigureReader(const Trace &trace);
    KernelLaunchFigures read(EventRef kernel) const;

private:
    const Trace &m_trace;
    std::vector<StringId> m_keys;
};

struct KernelEfficiencyRow
{
    std::string name;
    std::int64_t instances = 0;
    TimeNs total = 0;
    bool tensorCores = false;
    std::optional<double> smEfficiencyPct;
    std::optional<double> occupancyPct;
};

struct KernelEfficiency
{
    std::vector<KernelEfficiencyRow> rows; // by name (byte order)
    bool hasFigures = false;               // some kernel carries blocks per SM or occupancy

    const KernelEfficiencyRow *row(const std::string &name) const;

private:
    friend KernelEfficiency kernelEfficiencyByName(const std::vector<const Trace *> &traces);
    std::unordered_map<std::string, std::size_t> m_index;
};

KernelEfficiency kernelEfficiencyByName(const Trace &trace);
// Over several traces together: the weighted means over all their instances.
KernelEfficiency kernelEfficiencyByName(const std::vector<const Trace *> &traces);

struct StepsWindow
{
    TimeNs start = 0;
    TimeNs end = 0;
    bool fromSteps = false; // ProfilerStep ranges, else the whole trace
};

// The plugin's window: from the first ProfilerStep#N to the end of the last,
// each step stretched to the GPU work it launched; the whole trace without steps.
StepsWindow stepsWindow(const Trace &trace);

struct DeviceEfficiencyRow
{
    std::int32_t deviceId = -1;
    std::string deviceName;
    TimeNs kernelTime = 0; // kernel time inside the window, overlaps counted each
    std::optional<double> smEfficiencyPct;
    std::optional<double> occupancyPct;
};

// One row per device with kernels, by device ordinal.
std::vector<DeviceEfficiencyRow> deviceEfficiency(const Trace &trace, const StepsWindow &window);

} // namespace tracelane
