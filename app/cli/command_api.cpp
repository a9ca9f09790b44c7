// tracelane-cli api: time per CUDA API function (as nsys stats cuda_api_sum).
#include "command_support.h"

#include "analysis/api_summary.h"

namespace tracelane::cli {
namespace {

constexpr const char *kUsage = "api TRACE [--format table|csv|json]";

int run(const std::vector<std::string> &argv, CommandIo &io)
{
    const CliArgs args(argv, {"--format"}, {});
    if (!args.error().empty())
        return usageError("api", kUsage, args.error(), io);
    if (args.positional().size() != 1)
        return usageError("api", kUsage, "expected one TRACE", io);
    const auto format = formatOption(args, "api", kUsage, io);
    if (!format)
        return kExitUsage;
    const auto trace = loadOrReport(args.positional()[0], io);
    if (!trace)
        return kExitBadInput;
    writeTable(io.out, apiSummaryTable(apiSummary(*trace)), *format);
    return kExitOk;
}

} // namespace

extern const Command kApiCommand{"api", kUsage, "time per CUDA API function (as nsys stats cuda_api_sum)", run};

} // namespace tracelane::cli
