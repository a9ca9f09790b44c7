// tracelane-cli ranges: time per NVTX / record_function range, or the ranges
// projected onto the GPU (as nsys stats nvtx_sum, nvtx_gpu_proj_sum, nvtx_gpu_proj_trace).
#include "command_support.h"

#include "analysis/range_projection.h"
#include "analysis/range_projection_summary.h"
#include "analysis/range_summary.h"

namespace tracelane::cli {
namespace {

constexpr const char *kUsage = "ranges TRACE [--projection [--trace]] [--format table|csv|json]";

int run(const std::vector<std::string> &argv, CommandIo &io)
{
    const CliArgs args(argv, {"--format"}, {"--projection", "--trace"});
    if (!args.error().empty())
        return usageError("ranges", kUsage, args.error(), io);
    if (args.positional().size() != 1)
        return usageError("ranges", kUsage, "expected one TRACE", io);
    if (args.flag("--trace") && !args.flag("--projection"))
        return usageError("ranges", kUsage, "--trace lists projected ranges: use it with --projection", io);
    const auto format = formatOption(args, "ranges", kUsage, io);
    if (!format)
        return kExitUsage;
    const auto trace = loadOrReport(args.positional()[0], io);
    if (!trace)
        return kExitBadInput;
    if (!args.flag("--projection")) {
        writeTable(io.out, rangeSummaryTable(*trace), *format);
        return kExitOk;
    }
    const RangeProjection projection = projectRanges(*trace);
    writeTable(io.out,
               args.flag("--trace") ? rangeProjectionTraceTable(*trace, projection)
                                    : rangeProjectionSummaryTable(*trace, projection),
               *format);
    return kExitOk;
}

} // namespace

extern const Command kRangesCommand{"ranges", kUsage,
                                    "time per range; with --projection the ranges' GPU time (nsys nvtx_sum, "
                                    "nvtx_gpu_proj_sum; --trace: nvtx_gpu_proj_trace)",
                                    run};

} // namespace tracelane::cli
