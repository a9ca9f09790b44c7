// tracelane-cli ops: time per operator, forward and backward apart (as the
// autograd profiler's key_averages table; columns defined in analysis/op_summary.h).
#include "command_support.h"

#include "analysis/op_summary.h"

namespace tracelane::cli {
namespace {

constexpr const char *kUsage = "ops TRACE [--format table|csv|json]";

int run(const std::vector<std::string> &argv, CommandIo &io)
{
    const CliArgs args(argv, {"--format"}, {});
    if (!args.error().empty())
        return usageError("ops", kUsage, args.error(), io);
    if (args.positional().size() != 1)
        return usageError("ops", kUsage, "expected one TRACE", io);
    const auto format = formatOption(args, "ops", kUsage, io);
    if (!format)
        return kExitUsage;
    const auto trace = loadOrReport(args.positional()[0], io);
    if (!trace)
        return kExitBadInput;
    writeTable(io.out, opSummaryTable(opSummary(*trace)), *format);
    return kExitOk;
}

} // namespace

extern const Command kOpsCommand{"ops", kUsage,
                                 "calls, CPU and GPU time per operator, forward and backward apart", run};

} // namespace tracelane::cli
