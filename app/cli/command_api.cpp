// tracelane-cli api: time per CUDA API function (as nsys stats cuda_api_sum).
#include "command_support.h"

#include "analysis/api_summary.h"

namespace tracelane::cli {
namespace {

constexpr const char *kUsage = "api TRACE [--format table|csv|json]";

int run(const std::vector<std::string> &argv, CommandIo &io)
{
    return runTableCommand("api", kUsage, argv, io, [](const Trace &trace) { return apiSummaryTable(apiSummary(trace)); });
}

} // namespace

extern const Command kApiCommand{"api", kUsage, "time per CUDA API function (as nsys stats cuda_api_sum)", run};

} // namespace tracelane::cli
