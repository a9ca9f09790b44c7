// tracelane-cli api: time per CUDA API function (as nsys stats cuda_api_sum).
#include "multi_trace_command.h"

#include "analysis/summaries/api_summary.h"

namespace tracelane::cli {
namespace {

constexpr const char *kApiUsage = "api TRACE... [--per-trace] [--format table|csv|json]";

int runApi(const std::vector<std::string> &argv, CommandIo &io)
{
    return runSummaryCommand(
        {"api",
         kApiUsage,
         [](const Trace &trace, const CliArgs &) { return apiSummaryTable(apiSummary(trace)); },
         [](const std::vector<const Trace *> &traces, const CliArgs &) { return apiSummaryTable(apiSummary(traces)); },
         {},
         {}},
        argv, io);
}

} // namespace

extern const Command kApiCommand{"api", kApiUsage,
                                 "time per CUDA API function (as nsys stats cuda_api_sum); several TRACEs: "
                                 "all together, or --per-trace",
                                 runApi};

} // namespace tracelane::cli
