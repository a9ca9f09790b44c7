// tracelane-cli ops: time per operator, forward and backward apart (as the
// autograd profiler's key_averages table; columns defined in analysis/operators/op_summary.h).
#include "multi_trace_command.h"

#include "analysis/operators/op_summary.h"

namespace tracelane::cli {
namespace {

constexpr const char *kOpsUsage = "ops TRACE... [--per-trace] [--format table|csv|json]";

int runOps(const std::vector<std::string> &argv, CommandIo &io)
{
    return runSummaryCommand(
        {"ops",
         kOpsUsage,
         [](const Trace &trace, const CliArgs &) { return opSummaryTable(opSummary(trace)); },
         [](const std::vector<const Trace *> &traces, const CliArgs &) { return opSummaryTable(opSummary(traces)); },
         {},
         {}},
        argv, io);
}

} // namespace

extern const Command kOpsCommand{"ops", kOpsUsage,
                                 "calls, CPU and GPU time per operator, forward and backward apart; several "
                                 "TRACEs: all together, or --per-trace",
                                 runOps};

} // namespace tracelane::cli
