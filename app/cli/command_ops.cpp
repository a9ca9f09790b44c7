// tracelane-cli ops: time per operator, forward and backward apart (as the
// autograd profiler's key_averages table; columns defined in analysis/operators/op_summary.h).
#include "multi_trace_command.h"

#include "analysis/efficiency/kernel_efficiency_tables.h"
#include "analysis/operators/op_summary.h"

namespace tracelane::cli {
namespace {

constexpr const char *kOpsUsage = "ops TRACE... [--per-trace] [--flops] [--format table|csv|json]";

int runOps(const std::vector<std::string> &argv, CommandIo &io)
{
    return runSummaryCommand(
        {"ops",
         kOpsUsage,
         [](const Trace &trace, const CliArgs &args) {
             if (!args.flag("--flops"))
                 return opSummaryTable(opSummary(trace));
             const OpFlops flops = opFlops(trace);
             return opFlopsTable(opSummary(trace), {&flops});
         },
         [](const std::vector<const Trace *> &traces, const CliArgs &args) {
             if (!args.flag("--flops"))
                 return opSummaryTable(opSummary(traces));
             std::vector<OpFlops> flops;
             flops.reserve(traces.size());
             std::vector<const OpFlops *> pointers;
             for (const Trace *trace : traces) {
                 flops.push_back(trace ? opFlops(*trace) : OpFlops{});
                 pointers.push_back(&flops.back());
             }
             return opFlopsTable(opSummary(traces), pointers);
         },
         {"--flops"},
         {}},
        argv, io);
}

} // namespace

extern const Command kOpsCommand{"ops", kOpsUsage,
                                 "calls, CPU and GPU time per operator, forward and backward apart; several "
                                 "TRACEs: all together, or --per-trace; --flops adds FLOPs and TFLOP/s",
                                 runOps};

} // namespace tracelane::cli
