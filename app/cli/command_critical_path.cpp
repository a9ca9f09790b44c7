// tracelane-cli critical-path: the critical path of an iteration, a range or the
// whole trace, its time by cause, the events on it, and what-if estimates.
#include "command_support.h"

#include "analysis/critical/critical_path_scope.h"
#include "analysis/critical/critical_path_tables.h"
#include "analysis/critical/what_if.h"
#include "analysis/hta/hta_critical_path.h"

#include <charconv>
#include <climits>
#include <cmath>

#include <ostream>

namespace tracelane::cli {
namespace {

constexpr const char *kCriticalPathUsage =
    "critical-path TRACE [--iteration N | --range NAME [--instance K]] [--events] [--what-if SPEC] [--hta] "
    "[--format table|csv|json]";

// A double as Python prints it (pandas' to_csv): the shortest text that reads
// back the same, with ".0" on whole numbers.
std::string pythonFloat(double value)
{
    char text[64];
    const auto [end, ec] = std::to_chars(text, text + sizeof text, value);
    std::string out(text, ec == std::errc() ? end : text);
    if (std::isfinite(value) && out.find_first_of(".e") == std::string::npos)
        out += ".0";
    return out;
}

// HolisticTraceAnalysis's critical_path_analysis(...).summary(), with the
// edges and µs of each bound_by and a total row (docs/ANALYSIS_CRITICAL_PATH_HTA.md).
int runHtaCriticalPath(const Trace &trace, const PathScopeChoice &choice, TableFormat format, CommandIo &io)
{
    HtaCriticalPathOptions options;
    if (choice.iteration) {
        options.iteration = *choice.iteration;
    } else if (choice.range) {
        options.annotation = *choice.range;
        options.instanceId = int(std::min<std::size_t>(choice.instance - 1, std::size_t(INT_MAX)));
    }
    const HtaCriticalPathResult result = htaCriticalPath(trace, options);
    if (!result.ok) {
        io.err << "tracelane-cli critical-path: --hta: " << result.error << '\n';
        return kExitBadInput;
    }
    Table table;
    table.columns = {"bound_by", "edges", "duration", "percent"};
    std::size_t edges = 0;
    for (const HtaCriticalPathRow &row : result.rows) {
        table.rows.push_back({Cell::text(row.boundBy), Cell::integer(std::int64_t(row.edges)),
                              Cell::text(pythonFloat(row.duration)), Cell::text(pythonFloat(row.percent))});
        edges += row.edges;
    }
    table.rows.push_back({Cell::text("total"), Cell::integer(std::int64_t(edges)),
                          Cell::text(pythonFloat(result.totalDuration)), Cell::empty()});
    writeTable(io.out, table, format);
    return kExitOk;
}

std::optional<std::int64_t> parseWhole(const std::string &text)
{
    try {
        std::size_t used = 0;
        const long long value = std::stoll(text, &used);
        if (used == text.size())
            return value;
    } catch (const std::exception &) {
    }
    return std::nullopt;
}

int runCriticalPath(const std::vector<std::string> &argv, CommandIo &io)
{
    const char *command = "critical-path";
    const CliArgs args(argv, {"--format", "--iteration", "--range", "--instance", "--what-if"}, {"--events", "--hta"});
    if (!args.error().empty())
        return usageError(command, kCriticalPathUsage, args.error(), io);
    if (args.positional().size() != 1)
        return usageError(command, kCriticalPathUsage, "expected one TRACE", io);
    const auto format = formatOption(args, command, kCriticalPathUsage, io);
    if (!format)
        return kExitUsage;

    PathScopeChoice choice;
    if (const auto iteration = args.value("--iteration")) {
        choice.iteration = parseWhole(*iteration);
        if (!choice.iteration)
            return usageError(command, kCriticalPathUsage, "--iteration takes a whole number", io);
    }
    choice.range = args.value("--range");
    if (choice.iteration && choice.range)
        return usageError(command, kCriticalPathUsage, "give --iteration or --range, not both", io);
    if (const auto instance = args.value("--instance")) {
        const auto k = parseWhole(*instance);
        if (!choice.range || !k || *k < 1)
            return usageError(command, kCriticalPathUsage, "--instance takes a number from 1, with --range", io);
        choice.instance = std::size_t(*k);
    }
    if (args.flag("--hta") && (args.value("--what-if") || args.flag("--events")))
        return usageError(command, kCriticalPathUsage, "--hta gives HTA's summary only: drop --what-if and --events", io);
    std::optional<WhatIf> whatIf;
    if (const auto spec = args.value("--what-if")) {
        ParsedWhatIf parsed = parseWhatIf(*spec);
        if (!parsed.error.empty())
            return usageError(command, kCriticalPathUsage, "--what-if: " + parsed.error, io);
        if (args.flag("--events"))
            return usageError(command, kCriticalPathUsage, "--events lists the path as the trace has it; drop --what-if", io);
        whatIf = parsed.whatIf;
    }

    const auto trace = loadOrReport(args.positional()[0], io);
    if (!trace)
        return kExitBadInput;
    if (args.flag("--hta"))
        return runHtaCriticalPath(*trace, choice, *format, io);
    const ResolvedPathScope scope = resolvePathScope(*trace, choice);
    if (!scope.error.empty()) {
        io.err << "tracelane-cli critical-path: " << scope.error << " in " << args.positional()[0] << '\n';
        return kExitBadInput;
    }
    const DependencyGraph graph = buildDependencyGraph(*trace, scope.scope);
    const CriticalPath path = solveCriticalPath(graph);
    if (path.length == 0 && graph.events.empty()) {
        io.err << "tracelane-cli critical-path: " << scope.label << " has no CPU or GPU events\n";
        return kExitBadInput;
    }
    if (whatIf) {
        const CriticalPath after = solveCriticalPath(graph, whatIfWeights(*trace, graph, *whatIf));
        writeTable(io.out, whatIfTable(path, after), *format);
        if (*format == TableFormat::Text)
            io.out << '\n' << scope.label << ", " << whatIf->text() << ": " << path.length << " ns -> "
                   << after.length << " ns\n";
        return kExitOk;
    }
    if (args.flag("--events")) {
        writeTable(io.out, criticalPathEventsTable(*trace, path), *format);
        return kExitOk;
    }
    writeTable(io.out, criticalPathTable(path), *format);
    if (*format == TableFormat::Text)
        io.out << '\n' << scope.label << ": critical path " << path.length << " ns over " << graph.events.size()
               << " events\n";
    return kExitOk;
}

} // namespace

extern const Command kCriticalPathCommand{
    "critical-path", kCriticalPathUsage,
    "the critical path of an iteration, range or the whole trace by cause; --events lists it, --what-if rescales, "
    "--hta gives HolisticTraceAnalysis's summary",
    runCriticalPath};

} // namespace tracelane::cli
