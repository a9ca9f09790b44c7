#include "multi_trace_command.h"

#include "analysis/ranks/trace_label.h"

namespace tracelane::cli {

namespace {

// Each trace's table under a leading Trace column, the traces in rank order.
Table perTraceTable(const SummaryCommand &command, const std::vector<std::shared_ptr<const Trace>> &traces,
                    const std::vector<std::string> &paths, const CliArgs &args)
{
    std::vector<TraceLabel> labels;
    labels.reserve(traces.size());
    for (std::size_t i = 0; i < traces.size(); ++i)
        labels.push_back(traceLabel(*traces[i], paths[i]));
    Table table;
    for (const std::size_t i : rankOrder(labels)) {
        Table own = command.single(*traces[i], args);
        if (table.columns.empty()) {
            table.columns.push_back("Trace");
            table.columns.insert(table.columns.end(), own.columns.begin(), own.columns.end());
        }
        const Cell label = Cell::text(labels[i].label());
        for (std::vector<Cell> &row : own.rows) {
            row.insert(row.begin(), label);
            table.rows.push_back(std::move(row));
        }
    }
    return table;
}

} // namespace

int runSummaryCommand(const SummaryCommand &command, const std::vector<std::string> &argv, CommandIo &io)
{
    std::set<std::string> flags = command.flags;
    flags.insert("--per-trace");
    const CliArgs args(argv, {"--format"}, flags);
    if (!args.error().empty())
        return usageError(command.command, command.usage, args.error(), io);
    if (args.positional().empty())
        return usageError(command.command, command.usage, "expected at least one TRACE", io);
    const auto expanded = expandTraceFolders(args.positional(), io);
    if (!expanded)
        return kExitBadInput;
    const std::vector<std::string> &paths = *expanded;
    const auto format = formatOption(args, command.command, command.usage, io);
    if (!format)
        return kExitUsage;
    if (command.check)
        if (const std::string problem = command.check(args); !problem.empty())
            return usageError(command.command, command.usage, problem, io);

    if (paths.size() == 1 && !args.flag("--per-trace")) {
        const auto trace = loadOrReport(paths[0], io);
        if (!trace)
            return kExitBadInput;
        writeTable(io.out, command.single(*trace, args), *format);
        return kExitOk;
    }
    const std::vector<std::shared_ptr<const Trace>> traces = loadAllOrReport(paths, io);
    if (traces.empty())
        return kExitBadInput;
    if (args.flag("--per-trace")) {
        writeTable(io.out, perTraceTable(command, traces, paths, args), *format);
        return kExitOk;
    }
    std::vector<const Trace *> all;
    all.reserve(traces.size());
    for (const auto &trace : traces)
        all.push_back(trace.get());
    writeTable(io.out, command.merged(all, args), *format);
    return kExitOk;
}

} // namespace tracelane::cli
