// tracelane-cli findings: rules that name a problem, its cost, the events that
// show it and the usual fix (docs/ANALYSIS_FINDINGS.md).
#include "command_support.h"

#include "analysis/findings/findings.h"
#include "analysis/operators/iteration_table.h"
#include "analysis/ranks/trace_group.h"

#include <charconv>

namespace tracelane::cli {
namespace {

constexpr const char *kFindingsUsage =
    "findings TRACE|FOLDER... [--rule NAME] [--step N] [--option NAME=VALUE[,NAME=VALUE...]] [--list-options] "
    "[--format table|csv|json]";

// "gpu_gaps.gap=200ms,short_kernels.min_share=10" into `options`; an error message or empty.
std::string applyOptions(const std::string &text, FindingOptions &options)
{
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t comma = std::min(text.find(',', at), text.size());
        const std::string item = text.substr(at, comma - at);
        const std::size_t equals = item.find('=');
        if (equals == std::string::npos)
            return "--option takes NAME=VALUE: " + item;
        const std::string error = setFindingOption(options, item.substr(0, equals), item.substr(equals + 1));
        if (!error.empty())
            return error;
        at = comma + 1;
    }
    return {};
}

// Iteration N ("Iteration N", else "ProfilerStep#N"; on every rank of a merged
// trace) from its first start to its last end, the GPU work it launched included.
std::optional<TimeWindow> stepWindow(const Trace &trace, std::int64_t number)
{
    std::optional<TimeWindow> window;
    for (const Iteration &it : detectIterations(trace).iterations) {
        if (it.number != number)
            continue;
        const TimeNs end = it.gpu.ops > 0 ? std::max(it.end, it.gpu.projectedEnd) : it.end;
        window = window ? TimeWindow{std::min(window->from, it.start), std::max(window->to, end)}
                        : TimeWindow{it.start, end};
    }
    return window;
}

std::shared_ptr<const Trace> loadForFindings(const std::vector<std::string> &paths, CommandIo &io)
{
    if (paths.size() == 1)
        return loadOrReport(paths.front(), io);
    // Several ranks: one merged trace on a common clock, as the GUI opens them.
    TraceGroup group = loadTraceGroup(paths, TimeAlignment::CommonClock, "findings");
    if (!group.trace) {
        io.err << "tracelane-cli: " << group.error << '\n';
        return nullptr;
    }
    bool failed = false;
    for (const Diagnostic &d : group.trace->diagnostics.entries())
        if (d.code == "trace-not-loaded")
            for (const std::string &file : d.examples) {
                io.err << "tracelane-cli: " << file << '\n';
                failed = true;
            }
    return failed ? nullptr : std::shared_ptr<const Trace>(std::move(group.trace));
}

void writeOptionList(std::ostream &out, TableFormat format)
{
    Table table;
    table.columns = {"Option", "Default", "Meaning"};
    for (const FindingOptionInfo &o : findingOptionList())
        table.rows.push_back({Cell::text(std::string(o.name)), Cell::text(std::string(o.defaultText)),
                              Cell::text(std::string(o.meaning))});
    writeTable(out, table, format);
}

void writeFindings(std::ostream &out, const std::vector<Finding> &found, TableFormat format)
{
    Table table = findingsTable(found);
    if (format == TableFormat::Json) { // the fix too, as one more key
        table.columns.push_back("Fix");
        for (std::size_t i = 0; i < found.size(); ++i)
            table.rows[i].push_back(Cell::text(found[i].fix));
    }
    writeTable(out, table, format);
    if (format != TableFormat::Text || found.empty())
        return;
    out << "\nFixes:\n";
    for (const Finding &f : found)
        out << "  " << f.rule << ": " << f.fix << '\n';
}

int runFindings(const std::vector<std::string> &argv, CommandIo &io)
{
    const CliArgs args(argv, {"--format", "--rule", "--step", "--option"}, {"--list-options"});
    if (!args.error().empty())
        return usageError("findings", kFindingsUsage, args.error(), io);
    const auto format = formatOption(args, "findings", kFindingsUsage, io);
    if (!format)
        return kExitUsage;
    if (args.flag("--list-options")) {
        writeOptionList(io.out, *format);
        return kExitOk;
    }
    if (args.positional().empty())
        return usageError("findings", kFindingsUsage, "expected at least one TRACE", io);
    const std::string rule = args.value("--rule", "");
    if (!rule.empty() && !isFindingRule(rule)) {
        std::string known;
        for (const std::string_view name : findingRules())
            known += (known.empty() ? "" : ", ") + std::string(name);
        return usageError("findings", kFindingsUsage, "unknown rule '" + rule + "' (rules: " + known + ")", io);
    }
    FindingOptions options;
    if (const auto text = args.value("--option"))
        if (const std::string error = applyOptions(*text, options); !error.empty())
            return usageError("findings", kFindingsUsage, error, io);
    std::optional<std::int64_t> stepNumber;
    if (const auto text = args.value("--step")) {
        std::int64_t n = 0;
        const auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), n);
        if (text->empty() || error != std::errc() || end != text->data() + text->size())
            return usageError("findings", kFindingsUsage, "--step takes an iteration number", io);
        stepNumber = n;
    }

    const auto paths = expandTraceFolders(args.positional(), io);
    if (!paths)
        return kExitBadInput;
    const auto trace = loadForFindings(*paths, io);
    if (!trace)
        return kExitBadInput;
    std::optional<TimeWindow> step;
    if (stepNumber) {
        step = stepWindow(*trace, *stepNumber);
        if (!step)
            return usageError("findings", kFindingsUsage,
                              "the trace has no iteration " + std::to_string(*stepNumber), io);
    }
    if (rule.empty()) {
        writeFindings(io.out, computeFindings(*trace, options, step), *format);
        return kExitOk;
    }
    const std::vector<Finding> found = ruleFindings(*trace, rule, options, step);
    writeRows(io.out, findingEventRows(*trace, rule, found), *format); // one row per event: streamed
    if (*format == TableFormat::Text)
        for (const Finding &f : found)
            io.out << '\n'
                   << "  " << f.message << (f.fires ? "" : " (below the rule's threshold: not a finding)") << '\n'
                   << "  Fix: " << f.fix << '\n';
    return kExitOk;
}

} // namespace

extern const Command kFindingsCommand{
    "findings", kFindingsUsage,
    "rules that name a problem, its cost and the usual fix (the nsys analyze rules, the PyTorch profiler's "
    "recommendations, launch and step rules); --rule NAME lists its events",
    runFindings};

} // namespace tracelane::cli
