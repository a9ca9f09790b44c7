// tracelane-cli ranges: time per NVTX / record_function range, or the ranges
// projected onto the GPU (as nsys stats nvtx_sum, nvtx_gpu_proj_sum, nvtx_gpu_proj_trace).
#include "multi_trace_command.h"

#include "analysis/ranges/range_projection.h"
#include "analysis/ranges/range_projection_summary.h"
#include "analysis/ranges/range_summary.h"

namespace tracelane::cli {
namespace {

constexpr const char *kRangesUsage = "ranges TRACE... [--per-trace] [--projection [--trace]] [--format table|csv|json]";

Table rangesTable(const Trace &trace, const CliArgs &args)
{
    if (!args.flag("--projection"))
        return rangeSummaryTable(trace);
    const RangeProjection projection = projectRanges(trace);
    return args.flag("--trace") ? rangeProjectionTraceTable(trace, projection)
                                : rangeProjectionSummaryTable(trace, projection);
}

std::string check(const CliArgs &args)
{
    if (args.flag("--trace") && !args.flag("--projection"))
        return "--trace lists projected ranges: use it with --projection";
    if (args.flag("--projection") && args.positional().size() > 1 && !args.flag("--per-trace"))
        return "--projection of several traces needs --per-trace";
    return {};
}

int runRanges(const std::vector<std::string> &argv, CommandIo &io)
{
    return runSummaryCommand(
        {"ranges",
         kRangesUsage,
         rangesTable,
         [](const std::vector<const Trace *> &traces, const CliArgs &) { return rangeSummaryTable(traces); },
         {"--projection", "--trace"},
         check},
        argv, io);
}

} // namespace

extern const Command kRangesCommand{"ranges", kRangesUsage,
                                    "time per range; with --projection the ranges' GPU time (nsys nvtx_sum, "
                                    "nvtx_gpu_proj_sum; --trace: nvtx_gpu_proj_trace); several TRACEs: all "
                                    "together, or --per-trace",
                                    runRanges};

} // namespace tracelane::cli
