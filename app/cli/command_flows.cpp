// tracelane-cli flows: one row per flow arrow, its ends as event ids.
#include "command_support.h"
#include "trace_rows.h"

namespace tracelane::cli {
namespace {

constexpr const char *kFlowsUsage = "flows TRACE [--format csv|json]";

std::string_view flowKindName(FlowKind kind)
{
    switch (kind) {
    case FlowKind::Launch: return "launch";
    case FlowKind::ForwardBackward: return "forward_backward";
    case FlowKind::Generic: return "generic";
    }
    return "generic";
}

int runFlows(const std::vector<std::string> &argv, CommandIo &io)
{
    const CliArgs args(argv, {"--format"}, {});
    if (!args.error().empty())
        return usageError("flows", kFlowsUsage, args.error(), io);
    if (args.positional().size() != 1)
        return usageError("flows", kFlowsUsage, "expected one TRACE", io);
    const auto format = rowFormatOption(args, "flows", kFlowsUsage, io);
    if (!format)
        return kExitUsage;
    const auto trace = loadOrReport(args.positional()[0], io);
    if (!trace)
        return kExitBadInput;
    RowStream rows(io.out, *format, {"id", "kind", "from", "to"});
    for (std::size_t f = 0; f < trace->flows.size(); ++f) {
        const Flow &flow = trace->flows[f];
        rows.unsignedInteger(f);
        rows.text(flowKindName(flow.kind));
        rows.unsignedInteger(eventId(flow.from.track, flow.from.index));
        rows.unsignedInteger(eventId(flow.to.track, flow.to.index));
        rows.endRow();
    }
    rows.finish();
    return kExitOk;
}

} // namespace

extern const Command kFlowsCommand{"flows", kFlowsUsage,
                                   "every flow arrow (launch -> GPU work, ...) by event id (CSV or JSON)", runFlows};

} // namespace tracelane::cli
