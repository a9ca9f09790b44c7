// tracelane-cli ops: time per operator, forward and backward apart (as the
// autograd profiler's key_averages table; columns defined in analysis/operators/op_summary.h).
#include "multi_trace_command.h"

#include "analysis/operators/op_summary.h"

namespace tracelane::cli {
namespace {

constexpr const char *kUsage = "ops TRACE... [--per-trace] [--format table|csv|json]";

int run(const std::vector<std::string> &argv, CommandIo &io)
{
    return runSummaryCommand(
        {"ops",
         kUsage,
         [](const Trace &trace, const CliArgs &) { return opSummaryTable(opSummary(trace)); },
         [](const std::vector<const Trace *> &traces, const CliArgs &) { return opSummaryTable(opSummary(traces)); },
         {},
         {}},
        argv, io);
}

} // namespace

extern const Command kOpsCommand{"ops", kUsage,
                                 "calls, CPU and GPU time per operator, forward and backward apart; several "
                                 "TRACEs: all together, or --per-trace",
                                 run};

} // namespace tracelane::cli
