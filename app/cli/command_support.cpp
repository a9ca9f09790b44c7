#include "command_support.h"

#include "analysis/ranks/trace_group.h"
#include "import/chrome/merged_ranks.h"

#include <filesystem>

#include "import/load_traces.h"

#include <ostream>

namespace tracelane::cli {

namespace {

std::shared_ptr<const Trace> reportLoad(const std::string &path, ImportResult result, CommandIo &io)
{
    if (!result.ok()) {
        io.err << "tracelane-cli: " << result.error << '\n';
        return nullptr;
    }
    // A trace cut short loads, but a user scripting over it must hear so.
    for (const char *code : {"truncated-file", "unterminated-array"})
        for (const Diagnostic &d : result.trace->diagnostics.entries())
            if (d.code == code)
                io.err << "tracelane-cli: warning: '" << path << "': " << d.message << '\n';
    return result.trace;
}

} // namespace

std::shared_ptr<const Trace> loadOrReport(const std::string &path, CommandIo &io)
{
    return reportLoad(path, loadTrace(path), io);
}

std::vector<std::shared_ptr<const Trace>> loadAllOrReport(const std::vector<std::string> &paths, CommandIo &io)
{
    std::vector<ImportResult> loads = loadTraces(paths);
    std::vector<std::shared_ptr<const Trace>> traces;
    bool failed = false;
    for (std::size_t i = 0; i < paths.size(); ++i) {
        traces.push_back(reportLoad(paths[i], std::move(loads[i]), io));
        failed = failed || !traces.back();
    }
    if (failed)
        traces.clear();
    return traces;
}

std::optional<std::vector<std::string>> expandTraceFolders(const std::vector<std::string> &paths, CommandIo &io)
{
    std::vector<std::string> files;
    for (const std::string &path : paths) {
        std::error_code error;
        if (!std::filesystem::is_directory(path, error)) {
            // A file that merges several ranks (SGLang, vLLM) counts as those ranks.
            const std::vector<std::string> labels = std::filesystem::is_regular_file(path, error)
                                                        ? mergedRankLabels(path)
                                                        : std::vector<std::string>{};
            if (labels.empty())
                files.push_back(path);
            for (const std::string &label : labels)
                files.push_back(rankPath(path, label));
            continue;
        }
        const std::vector<std::string> inFolder = traceFilesInFolder(path);
        if (inFolder.empty()) {
            io.err << "tracelane-cli: '" << path << "': a folder without trace files\n";
            return std::nullopt;
        }
        files.insert(files.end(), inFolder.begin(), inFolder.end());
    }
    return files;
}

int usageError(const char *command, const char *usage, const std::string &message, CommandIo &io)
{
    io.err << "tracelane-cli " << command << ": " << message << "\nusage: tracelane-cli " << usage << '\n';
    return kExitUsage;
}

std::optional<TableFormat> formatOption(const CliArgs &args, const char *command, const char *usage, CommandIo &io)
{
    TableFormat format = TableFormat::Text;
    const std::string text = args.value("--format", "table");
    if (!parseTableFormat(text, format)) {
        usageError(command, usage, "unknown format '" + text + "' (use table, csv or json)", io);
        return std::nullopt;
    }
    return format;
}

int runTableCommand(const char *command, const char *usage, const std::vector<std::string> &argv, CommandIo &io,
                    const std::function<Table(const Trace &)> &makeTable)
{
    return runTableCommand(
        {command, usage, {}, {}, {}, [&](const Trace &trace, const CliArgs &) { return makeTable(trace); }}, argv, io);
}

int runTableCommand(const TableCommand &command, const std::vector<std::string> &argv, CommandIo &io)
{
    std::set<std::string> valueOptions = command.valueOptions;
    valueOptions.insert("--format");
    const CliArgs args(argv, valueOptions, command.flags);
    if (!args.error().empty())
        return usageError(command.command, command.usage, args.error(), io);
    if (args.positional().size() != 1)
        return usageError(command.command, command.usage, "expected one TRACE", io);
    const auto format = formatOption(args, command.command, command.usage, io);
    if (!format)
        return kExitUsage;
    if (command.check)
        if (const std::string problem = command.check(args); !problem.empty())
            return usageError(command.command, command.usage, problem, io);
    const auto trace = loadOrReport(args.positional()[0], io);
    if (!trace)
        return kExitBadInput;
    writeTable(io.out, command.makeTable(*trace, args), *format);
    return kExitOk;
}

} // namespace tracelane::cli
