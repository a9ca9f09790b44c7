// tracelane-cli gpu-mem: GPU time per memcpy / memset operation (as nsys stats cuda_gpu_mem_time_sum).
#include "command_support.h"

#include "analysis/summaries/gpu_mem_time_summary.h"

namespace tracelane::cli {
namespace {

constexpr const char *kGpuMemUsage = "gpu-mem TRACE [--format table|csv|json]";

int runGpuMem(const std::vector<std::string> &argv, CommandIo &io)
{
    return runTableCommand("gpu-mem", kGpuMemUsage, argv, io,
                           [](const Trace &trace) { return gpuMemTimeSummaryTable(gpuMemTimeSummary(trace)); });
}

} // namespace

extern const Command kGpuMemCommand{
    "gpu-mem", kGpuMemUsage, "GPU time per memcpy / memset operation (as nsys stats cuda_gpu_mem_time_sum)", runGpuMem};

} // namespace tracelane::cli
