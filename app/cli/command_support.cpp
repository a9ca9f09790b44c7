#include "command_support.h"

#include <ostream>

namespace tracelane::cli {

std::shared_ptr<const Trace> loadOrReport(const std::string &path, CommandIo &io)
{
    ImportResult result = loadTrace(path);
    if (!result.ok()) {
        io.err << "tracelane-cli: " << result.error << '\n';
        return nullptr;
    }
    return result.trace;
}

int usageError(const char *command, const char *usage, const std::string &message, CommandIo &io)
{
    io.err << "tracelane-cli " << command << ": " << message << "\nusage: tracelane-cli " << usage << '\n';
    return kExitUsage;
}

std::optional<TableFormat> formatOption(const CliArgs &args, const char *command, const char *usage,
                                        CommandIo &io)
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
    const CliArgs args(argv, {"--format"}, {});
    if (!args.error().empty())
        return usageError(command, usage, args.error(), io);
    if (args.positional().size() != 1)
        return usageError(command, usage, "expected one TRACE", io);
    const auto format = formatOption(args, command, usage, io);
    if (!format)
        return kExitUsage;
    const auto trace = loadOrReport(args.positional()[0], io);
    if (!trace)
        return kExitBadInput;
    writeTable(io.out, makeTable(*trace), *format);
    return kExitOk;
}

} // namespace tracelane::cli
